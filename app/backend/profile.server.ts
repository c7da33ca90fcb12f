// docs/backend-api.md, "Profile".
import {
  accountResponseSchema,
  lineStatusResponseSchema,
  okResponseSchema,
  type Account,
} from '~/backend/member.schemas'
import { errorCodes } from '~/backend/schemas'
import { BackendError, refusalFor, memberCall, type MemberContext } from '~/backend/client.server'

export const PROFILE_MESSAGES = {
  wrongPassword: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
  passwordChanged: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว',
  loggedOutElsewhere: 'ออกจากระบบบนอุปกรณ์อื่นทั้งหมดแล้ว เครื่องนี้ยังเข้าสู่ระบบอยู่',
  lineLinked: 'เชื่อมต่อบัญชี LINE เรียบร้อยแล้ว',
  lineUnlinked: 'ยกเลิกการเชื่อมต่อบัญชี LINE แล้ว',
  lineAlreadyLinked: 'บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นอยู่แล้ว',
  lineCodeInvalid: 'ไม่สามารถยืนยันบัญชี LINE ได้ กรุณาลองเชื่อมต่อใหม่อีกครั้ง',
  lineRequired: 'บัญชีนี้เข้าสู่ระบบด้วย LINE เท่านั้น จึงยกเลิกการเชื่อมต่อไม่ได้',
} as const

export function account(ctx: MemberContext): Promise<Account> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/user/account',
    schema: accountResponseSchema,
  })
}

/** docs/decisions/0093. */
export async function logoutOthers(ctx: MemberContext): Promise<void> {
  await memberCall(ctx, {
    method: 'POST',
    path: '/auth/logout-others',
    schema: okResponseSchema,
  })
}

export async function changePassword(
  ctx: MemberContext,
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  await memberCall(ctx, {
    method: 'POST',
    path: '/user/password',
    schema: okResponseSchema,
    body,
  })
}

export function passwordFieldError(
  error: unknown,
): { field: 'currentPassword'; message: string } | null {
  return error instanceof BackendError && error.code === errorCodes.wrongPassword
    ? { field: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword }
    : null
}

export function linkLine(
  ctx: MemberContext,
  body: { code: string; redirectUri: string },
): Promise<Account['line']> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/user/line/link',
    schema: lineStatusResponseSchema,
    body,
  })
}

export function unlinkLine(ctx: MemberContext): Promise<Account['line']> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/user/line/unlink',
    schema: lineStatusResponseSchema,
  })
}

export function lineRefusal(error: unknown): string | null {
  return refusalFor(error, {
    [errorCodes.lineAlreadyLinked]: PROFILE_MESSAGES.lineAlreadyLinked,
    [errorCodes.lineCodeInvalid]: PROFILE_MESSAGES.lineCodeInvalid,
    [errorCodes.lineRequired]: PROFILE_MESSAGES.lineRequired,
  })
}
