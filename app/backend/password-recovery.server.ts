// No bearer.
import {
  errorCodes,
  otpResponseSchema,
  otpVerifyResponseSchema,
  passwordResetResponseSchema,
} from '~/backend/schemas'
import { type BackendError, callBackend } from '~/backend/client.server'

export const PASSWORD_RECOVERY_MESSAGES = {
  otpInvalid: 'รหัส OTP ไม่ถูกต้อง กรุณาตรวจสอบแล้วลองอีกครั้ง',
  otpExpired: 'รหัส OTP หมดอายุแล้ว กรุณากดขอรหัสใหม่',
  otpAttemptsExceeded: 'กรอกรหัส OTP ผิดเกินจำนวนครั้งที่กำหนด กรุณากดขอรหัสใหม่',
  tooSoon: 'เพิ่งส่งรหัส OTP ไปเมื่อสักครู่ กรุณารอสักครู่แล้วลองใหม่',
  resetTokenInvalid: 'คำขอเปลี่ยนรหัสผ่านหมดอายุแล้ว กรุณาเริ่มขั้นตอนลืมรหัสผ่านใหม่อีกครั้ง',
} as const

export function passwordRecoveryMessage(error: BackendError): string {
  switch (error.code) {
    case errorCodes.otpInvalid:
      return PASSWORD_RECOVERY_MESSAGES.otpInvalid
    case errorCodes.otpExpired:
      return PASSWORD_RECOVERY_MESSAGES.otpExpired
    case errorCodes.otpAttemptsExceeded:
      return PASSWORD_RECOVERY_MESSAGES.otpAttemptsExceeded
    case errorCodes.rateLimited:
      return PASSWORD_RECOVERY_MESSAGES.tooSoon
    case errorCodes.resetTokenInvalid:
      return PASSWORD_RECOVERY_MESSAGES.resetTokenInvalid
    default:
      return error.message
  }
}

export function requestOtp(phone: string) {
  return callBackend({
    method: 'POST',
    path: '/auth/otp/request',
    body: { phone },
    schema: otpResponseSchema,
  })
}

export async function verifyOtp(ref: string, otp: string): Promise<string> {
  const { resetToken } = await callBackend({
    method: 'POST',
    path: '/auth/otp/verify',
    body: { ref, otp },
    schema: otpVerifyResponseSchema,
  })
  return resetToken
}

export async function resetPassword(resetToken: string, password: string): Promise<void> {
  await callBackend({
    method: 'POST',
    path: '/auth/password/reset',
    body: { resetToken, password },
    schema: passwordResetResponseSchema,
  })
}
