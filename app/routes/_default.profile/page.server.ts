// Dates made here so date-fns stays on the server. A password change and "ออกจากระบบทุกอุปกรณ์"
// end every other session of the member (docs/decisions/0093); LINE: docs/decisions/0076-member-pages.md.
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'
import {
  account,
  changePassword,
  lineRefusal,
  logoutOthers,
  passwordFieldError,
  PROFILE_MESSAGES,
  unlinkLine,
} from '~/backend/profile.server'
import { changePasswordSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { BAD_REQUEST_MESSAGE } from '~/lib/errors'
import { readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { maskAccount, maskPhone } from '~/lib/mask'
import { PAGES } from '~/lib/pages'
import { formatThaiDay } from '~/lib/thai-date-format'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { LINE_LINK_RETURN, lineAuthorizeRedirect } from '~/session/line.server'
import { memberIdOf } from '~/session/member-api.server'
import { endEverySessionButThis } from '~/session/session.server'

export interface ProfileView {
  username: string
  displayName: string
  phone: string
  bank: { name: string; accountNumber: string } | null
  memberSince: string
  line: { linked: boolean; name: string | null; required: boolean }
}

export type ProfileReply =
  { form: 'password'; result: SubmissionResult<string[]> } | { form: 'line'; error: string }

export async function loadPage(ctx: RouteContext): Promise<ProfileView> {
  const details = await account(ctx)
  return {
    username: details.username,
    displayName: details.displayName,
    phone: maskPhone(details.phone),
    bank: details.bank
      ? { name: details.bank.name, accountNumber: maskAccount(details.bank.accountNumber) }
      : null,
    memberSince: formatThaiDay(details.memberSince),
    line: details.line,
  }
}

const PASSWORD_FIELDS = ['currentPassword', 'password', 'passwordConfirm']

async function endOtherSessions(ctx: RouteContext) {
  const { session } = ctx
  await endEverySessionButThis(session, await memberIdOf(ctx))
}

async function passwordAction(ctx: RouteContext, form: FormData) {
  const submission = parseForm(form, changePasswordSchema)
  if (submission.status !== 'success') {
    const result = submission.reply({ hideFields: PASSWORD_FIELDS })
    return data<ProfileReply>({ form: 'password', result }, 400)
  }
  const { currentPassword, password } = submission.value
  try {
    await changePassword(ctx, {
      currentPassword: String(currentPassword),
      newPassword: String(password),
    })
  } catch (error) {
    const refusal = passwordFieldError(error)
    if (!refusal) throw error
    const result = submission.reply({
      fieldErrors: { [refusal.field]: [refusal.message] },
      hideFields: PASSWORD_FIELDS,
    })
    return data<ProfileReply>({ form: 'password', result }, 400)
  }
  await endOtherSessions(ctx)
  return redirectWithToast(PAGES.profile.path, {
    type: 'success',
    message: PROFILE_MESSAGES.passwordChanged,
  })
}

export async function submit(ctx: RouteContext) {
  const { request, cookies } = ctx
  const form = await readFormData(request)
  switch (form.get('intent')) {
    case 'password':
      return passwordAction(ctx, form)
    case 'logout-others':
      await logoutOthers(ctx)
      await endOtherSessions(ctx)
      return redirectWithToast(PAGES.profile.path, {
        type: 'success',
        message: PROFILE_MESSAGES.loggedOutElsewhere,
      })
    case 'line-link': {
      const { location, setCookie } = lineAuthorizeRedirect(request, LINE_LINK_RETURN)
      cookies.add(setCookie)
      return redirect(location)
    }
    case 'line-unlink':
      try {
        await unlinkLine(ctx)
      } catch (error) {
        const message = lineRefusal(error)
        if (!message) throw error
        return data<ProfileReply>({ form: 'line', error: message }, 409)
      }
      return redirectWithToast(PAGES.profile.path, {
        type: 'success',
        message: PROFILE_MESSAGES.lineUnlinked,
      })
    default:
      throw httpError(400, BAD_REQUEST_MESSAGE)
  }
}
