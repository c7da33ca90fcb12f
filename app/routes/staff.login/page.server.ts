// Decision 0155.
import { data } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { staffLogin } from '~/backend/staff.server'
import { staffLoginSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { readFormData } from '~/server/form-data.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { isStaffReturnPath, safeReturnPath, STAFF_HOME_PATH } from '~/lib/redirects'
import {
  staffLoginLimitMessage,
  staffLoginLimitsFor,
  type StaffLoginLimits,
} from '~/limits/login-limits.server'
import { retryAfterHeader } from '~/limits/rate-limit.server'
import { newStaffSessionId } from '~/staff/staff-session.server'
import { recordLoginLimited } from '~/staff/watch-audit.server'
import { sessionLifetimes } from '~/session/session.server'
import { expiresAtFor } from '~/session/tokens'

const HIDDEN = ['password', 'otp']

export const STAFF_LOGIN_MESSAGES = {
  refused: 'ชื่อผู้ใช้ รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง',
} as const

let staffLimits: StaffLoginLimits | undefined
/** One for the instance: its memory counts the tries while Redis is away. */
const staffLoginLimits = () => (staffLimits ??= staffLoginLimitsFor(recordLoginLimited))

function staffReturnPath(value: FormDataEntryValue | null): string {
  const path = safeReturnPath(value)
  return isStaffReturnPath(path) ? path : STAFF_HOME_PATH
}

export async function submit(ctx: RouteContext) {
  const { request, cookies, staffSession } = ctx
  const form = await readFormData(request)
  const returnTo = staffReturnPath(form.get('redirectTo'))
  const submission = parseForm(form, staffLoginSchema)
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: HIDDEN }), { status: 400 })
  }
  const username = submission.value.username.trim()
  const { password, otp } = submission.value
  const limits = staffLoginLimits()
  const attempt = await limits.attempt(request, username)
  if (attempt.waitMs > 0) {
    const reply = submission.reply({
      formErrors: [staffLoginLimitMessage(attempt.waitMs)],
      hideFields: HIDDEN,
    })
    return data(reply, { status: 429, headers: retryAfterHeader(attempt.waitMs) })
  }
  try {
    const login = await staffLogin({ username, password, otp }, request.signal)
    const now = Date.now()
    staffSession.set({
      v: 1,
      sid: newStaffSessionId(),
      staff: login.staff,
      accessToken: login.accessToken,
      refreshToken: login.refreshToken,
      accessExpiresAt: expiresAtFor(login.accessToken, now, sessionLifetimes().accessSeconds),
      iat: now,
      seen: now,
    })
    cookies.add(await limits.succeeded(attempt))
    throw redirectWithToast(returnTo, {
      type: 'success',
      message: `ยินดีต้อนรับ ${login.staff.displayName || login.staff.username}`,
    })
  } catch (error) {
    if (error instanceof Response) throw error
    if (!(error instanceof BackendError)) throw error
    if (error.status >= 500) {
      // The backend could not judge the attempt: it does not count (docs/decisions/0133).
      await limits.unanswered(attempt)
      const reply = submission.reply({ formErrors: [error.message], hideFields: HIDDEN })
      return data(reply, { status: error.status })
    }
    await limits.refused(attempt)
    const reply = submission.reply({
      formErrors: [STAFF_LOGIN_MESSAGES.refused],
      hideFields: HIDDEN,
    })
    return data(reply, { status: 401 })
  }
}
