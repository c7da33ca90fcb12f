/**
 * The fields of the registration steps and the password recovery steps, with
 * their Thai labels and rules (the login form's are in ~/forms/login-form).
 * The browser (useFieldChecks) and the actions (parseForm, ~/forms/zod)
 * both validate with these, so each form has one definition.
 */
import type { Bank } from '~/backend/schemas'
import { LOGIN_LABELS } from '~/forms/login-form'
import {
  confirmed,
  custom,
  digits,
  field,
  max,
  min,
  numeric,
  regex,
  required,
  withMessage,
} from '~/forms/rules'

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

const LATIN_ALNUM = /^[A-Za-z0-9]+$/
/** Letters of any script (Thai with its marks), spaces and dots: a person's name. */
const PERSON_NAME = /^[\p{L}\p{M} .]+$/u

export const USERNAME_LENGTH = { min: 4, max: 20 } as const
export const PASSWORD_LENGTH = { min: 8, max: 64 } as const

const phone = field(LABELS.phone, [
  required(),
  digits(10),
  withMessage(regex(/^0[689]/), 'เบอร์โทรศัพท์มือถือต้องขึ้นต้นด้วย 06, 08 หรือ 09'),
])

/**
 * `required` only when `applies` holds for the form's values. Still named
 * `required`, so the chain does not skip the empty field and the message is
 * the required one.
 */
function requiredWhen(applies: (values: Readonly<Record<string, unknown>>) => boolean) {
  const rule = required()
  return {
    ...rule,
    test: (value: unknown, values: Readonly<Record<string, unknown>>) =>
      !applies(values) || rule.test(value, values),
  }
}

const passwordRules = [min(PASSWORD_LENGTH.min), max(PASSWORD_LENGTH.max)] as const

/** A new password and its confirmation (registration, password recovery). */
function newPasswordFields(labels: { password: string; confirm: string }) {
  return {
    password: field(labels.password, [required(), ...passwordRules]),
    passwordConfirm: field(labels.confirm, [required(), confirmed('password')]),
  }
}

/**
 * The same, when a password is already held for the member: both may stay
 * blank to keep it; a new password needs its confirmation.
 */
function replacementPasswordFields(labels: { password: string; confirm: string }) {
  return {
    password: field(labels.password, passwordRules),
    passwordConfirm: field(labels.confirm, [
      requiredWhen((values) => values.password !== undefined),
      confirmed('password'),
    ]),
  }
}

// ---------------------------------------------------------------------------
// Registration: account -> bank -> finish

export const REGISTRATION_STEPS = ['account', 'bank', 'finish'] as const
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number]

/**
 * Step 1. With `passwordKept` (the member comes back to this step and a
 * password is already held for them), the password fields may stay blank.
 */
export function accountFields({ passwordKept = false }: { passwordKept?: boolean } = {}) {
  const labels = { password: LABELS.password, confirm: LABELS.passwordConfirm }
  const passwords = passwordKept ? replacementPasswordFields(labels) : newPasswordFields(labels)
  return {
    username: field(LABELS.username, [
      required(),
      min(USERNAME_LENGTH.min),
      max(USERNAME_LENGTH.max),
      withMessage(regex(LATIN_ALNUM), 'ชื่อผู้ใช้ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'),
    ]),
    password: passwords.password,
    passwordConfirm: passwords.passwordConfirm,
    phone,
    referralCode: field(LABELS.referralCode, [
      max(20),
      withMessage(regex(LATIN_ALNUM), 'รหัสผู้แนะนำต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'),
    ]),
  }
}

/** Step 2: the bank list comes from the backend; the account number's length depends on the bank. */
export function bankFields(banks: readonly Bank[]) {
  const bankOf = (code: unknown) => banks.find((bank) => bank.code === code)
  return {
    bankCode: field(LABELS.bankCode, [
      withMessage(required(), 'กรุณาเลือกธนาคาร'),
      custom((value) => bankOf(value) !== undefined, 'กรุณาเลือกธนาคารจากรายการ'),
    ]),
    accountNumber: field(LABELS.accountNumber, [
      required(),
      numeric(),
      custom(
        (value, values) => {
          const bank = bankOf(values.bankCode)
          return !bank || String(value).length === bank.accountDigits
        },
        (_, values) => {
          const bank = bankOf(values.bankCode)
          return `เลขที่บัญชีของ${bank?.name ?? 'ธนาคารนี้'}ต้องมี ${bank?.accountDigits ?? ''} หลัก`
        },
      ),
    ]),
    accountName: field(LABELS.accountName, [
      required(),
      max(100),
      withMessage(regex(PERSON_NAME), 'ชื่อบัญชีต้องเป็นตัวอักษรเท่านั้น'),
    ]),
  }
}

/** Step 3: the summary's one question. */
export const finishFields = {
  acceptTerms: field(LABELS.acceptTerms, [
    withMessage(required(), 'กรุณายอมรับเงื่อนไขการใช้บริการก่อนสมัครสมาชิก'),
  ]),
}

// ---------------------------------------------------------------------------
// Password recovery: mobile number -> OTP -> new password

export const PASSWORD_RECOVERY_STEPS = ['phone', 'otp', 'password'] as const
export type PasswordRecoveryStep = (typeof PASSWORD_RECOVERY_STEPS)[number]

export const OTP_LENGTH = 6

export const passwordRecoveryPhoneFields = { phone }

export const otpFields = {
  otp: field(LABELS.otp, [
    required(),
    // Written out: the label ends in Latin letters, which Thai text should not run into.
    withMessage(digits(OTP_LENGTH), `รหัส OTP ต้องเป็นตัวเลข ${OTP_LENGTH} หลัก`),
  ]),
}

export const newPasswordFormFields = newPasswordFields({
  password: LABELS.newPassword,
  confirm: LABELS.newPasswordConfirm,
})
