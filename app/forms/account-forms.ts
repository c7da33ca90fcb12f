/**
 * The registration and password recovery forms' Thai labels, lengths and
 * steps (the login form's labels are in ~/forms/login-form). Their checks
 * are schemas of ~/forms/schemas, which the browser loads on use.
 */
import { LOGIN_LABELS } from '~/forms/login-form'

export const LABELS = {
  ...LOGIN_LABELS,
  passwordConfirm: 'ยืนยันรหัสผ่าน',
  newPassword: 'รหัสผ่านใหม่',
  newPasswordConfirm: 'ยืนยันรหัสผ่านใหม่',
  phone: 'เบอร์โทรศัพท์มือถือ',
  referralCode: 'รหัสผู้แนะนำ',
  bankCode: 'ธนาคาร',
  accountNumber: 'เลขที่บัญชี',
  accountName: 'ชื่อบัญชี',
  acceptTerms: 'การยอมรับเงื่อนไข',
  otp: 'รหัส OTP',
} as const

export const USERNAME_LENGTH = { min: 4, max: 20 } as const
export const PASSWORD_LENGTH = { min: 8, max: 64 } as const

// ---------------------------------------------------------------------------
// Registration: account -> bank -> finish

export const REGISTRATION_STEPS = ['account', 'bank', 'finish'] as const
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number]

// ---------------------------------------------------------------------------
// Password recovery: mobile number -> OTP -> new password

export const PASSWORD_RECOVERY_STEPS = ['phone', 'otp', 'password'] as const
export type PasswordRecoveryStep = (typeof PASSWORD_RECOVERY_STEPS)[number]

export const OTP_LENGTH = 6
