import { data, redirect } from '@remix-run/node'
import { loginSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { readFormData } from '~/server/form-data.server'
import { redirectWithToast } from '~/server/toast.server'
import { lineAuthorizeRedirect } from '~/session/line.server'
import { loginLimitMessage, loginLimitsFor } from '~/limits/login-limits.server'
import { retryAfterHeader } from '~/limits/rate-limit.server'
import type { RouteContext } from '~/security/guard'
import { backPath, loginPurpose, loginReasonText, safeReturnPath } from '~/lib/redirects'
import { LoginError, loginLocal } from '~/session/strategies.server'

export function loadPage({ url, request }: RouteContext) {
  return {
    reason: loginReasonText(url.searchParams.get('reason')),
    purpose: loginPurpose(url.searchParams.get('redirectTo')),
    back: backPath(request.headers.get('Referer'), url.origin),
  }
}

const HIDDEN = ['password']

export async function submit(ctx: RouteContext) {
  const { request, cookies } = ctx
  const form = await readFormData(request)
  const returnTo = safeReturnPath(form.get('redirectTo'))

  if (form.get('intent') === 'line') {
    const { location, setCookie } = lineAuthorizeRedirect(request, returnTo)
    cookies.add(setCookie)
    throw redirect(location)
  }

  const submission = parseForm(form, loginSchema)
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: HIDDEN }), { status: 400 })
  }
  const username = submission.value.username.trim()
  const { password } = submission.value

  const limits = loginLimitsFor('member')
  const waitMs = await limits.attempt(request, username)
  if (waitMs > 0) {
    const reply = submission.reply({
      formErrors: [loginLimitMessage(waitMs)],
      hideFields: HIDDEN,
    })
    return data(reply, { status: 429, headers: retryAfterHeader(waitMs) })
  }

  try {
    const member = await loginLocal(ctx, { username, password })
    // This browser is now known for the username (docs/decisions/0032-login-limits.md).
    cookies.add(await limits.succeeded(request, username))
    throw redirectWithToast(returnTo, {
      type: 'success',
      message: `ยินดีต้อนรับ ${member.displayName}`,
    })
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    // A backend fault is no wrong password: it does not count (docs/decisions/0133).
    if (error.status >= 500) await limits.unanswered(request, username)
    const reply = submission.reply({ formErrors: [error.message], hideFields: HIDDEN })
    return data(reply, { status: error.status })
  }
}
