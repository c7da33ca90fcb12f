/**
 * Registration calls (no session yet, so no bearer): the availability check
 * of step 1 and the bank list of step 2. The registration itself starts a
 * session: `registerLocal` in ~/session/strategies.server.
 */
import {
  banksResponseSchema,
  errorCodes,
  registerCheckResponseSchema,
  type Bank,
} from '~/backend/schemas'
import { BackendError, cachedCall, callBackend } from '~/backend/client.server'

export const REGISTRATION_MESSAGES = {
  usernameTaken: 'ชื่อผู้ใช้นี้มีผู้ใช้แล้ว กรุณาเลือกชื่ออื่น',
  phoneTaken: 'เบอร์โทรศัพท์นี้สมัครสมาชิกไว้แล้ว หากเป็นของคุณ กรุณาเข้าสู่ระบบหรือใช้เมนูลืมรหัสผ่าน',
} as const

/** The form field a backend refusal belongs to, with its Thai message. */
export function registrationFieldError(
  error: unknown,
): { field: 'username' | 'phone'; message: string } | null {
  if (!(error instanceof BackendError)) return null
  if (error.code === errorCodes.usernameTaken) {
    return { field: 'username', message: REGISTRATION_MESSAGES.usernameTaken }
  }
  if (error.code === errorCodes.phoneTaken) {
    return { field: 'phone', message: REGISTRATION_MESSAGES.phoneTaken }
  }
  return null
}

/** Resolves when both are free; a taken one throws BackendError 409 (see registrationFieldError). */
export async function checkAvailability(
  details: { username: string; phone: string },
  signal?: AbortSignal,
): Promise<void> {
  await callBackend({
    method: 'POST',
    path: '/auth/register/check',
    body: details,
    schema: registerCheckResponseSchema,
    signal,
  })
}

/** The list changes rarely: it is kept for a few minutes. */
const BANKS_TTL_MS = 5 * 60 * 1000
const banks = cachedCall(
  () => callBackend({ method: 'GET', path: '/banks', schema: banksResponseSchema }),
  BANKS_TTL_MS,
)

/** `signal`: the visitor's request, which waits no longer than its deadline (decision 0092). */
export function listBanks(signal?: AbortSignal, now = Date.now()): Promise<Bank[]> {
  return banks.get(now, signal)
}
