/**
 * Every field form's checks, as zod schemas (zod 4's core, `zod/v4/core`:
 * the browser carries its parser and only the checks written here, about
 * 9 KB gzip with the schemas, and no bundler helper that the pages' shared
 * chunk lacks; decision 0162). Actions read a form with conform through
 * `parseForm` (~/forms/zod); the browser loads this module with `import()`
 * on a form's first focus (~/forms/load-checks) and runs `formErrors` on the
 * same schema, so zod is never in a page's first load (decision 0162).
 *
 * The members' semantics (decision 0021): required first, one Thai message
 * per field (the first failing check: every check runs only while its field
 * has no issue), an empty optional field skips its checks, text of only
 * spaces is not there, a value of the wrong type (a file for a text field)
 * is "<label>ไม่ถูกต้อง". Checks that read another field run on the whole
 * form, for a field that has no message yet.
 */
import {
  $ZodArray,
  $ZodCheck,
  $ZodCustom,
  $ZodObject,
  $ZodOptional,
  $ZodString,
  _refine,
  safeParse,
  type $ZodShape,
  type $ZodType,
  type ParsePayload,
} from 'zod/v4/core'
import type { Bank } from '~/backend/schemas'
import { LABELS, OTP_LENGTH, PASSWORD_LENGTH, USERNAME_LENGTH } from '~/forms/account-forms'
import { MEMBER_LABELS, PASSWORD_LABELS } from '~/forms/member-forms'
import { STAFF_LOGIN_LABELS, WATCH_LABELS } from '~/forms/staff-forms'
import {
  digitsOfKinds,
  HELPERS,
  KIND_MESSAGES,
  SET_LABELS,
  SET_LIMITS,
  type Helper,
} from '~/forms/stake-set-fields'
import { isBetKind } from '~/lib/lotto-numbers'
import { COUPON_CODE_MESSAGE, normalizeCouponCode } from '~/lib/coupon-code'
import { INVITE_CODE, TEAM_NAME } from '~/lib/team-name'
import { WATCH_REASON, WATCH_TICKET } from '~/lib/watch-request'
import { SHOT_NUMBER_MESSAGE, YEEKEE_NUMBER } from '~/lib/yeekee-number'

// ---------------------------------------------------------------------------
// Thai messages and the checks that give them.

const requiredMessage = (label: string) => `กรุณากรอก${label}`
const invalidMessage = (label: string) => `${label}ไม่ถูกต้อง`

type Check<T> = $ZodCheck<T>
/** A check runs only while its field has no issue: one message per field. */
const first = (error: string) => ({
  error,
  abort: true,
  when: (p: ParsePayload) => p.issues.length === 0,
})
const rule = <T>(test: (value: T) => boolean, error: string): Check<T> =>
  _refine($ZodCustom, test, first(error)) as unknown as Check<T>

const minLength = (label: string, length: number) =>
  rule<string>((v) => v.length >= length, `${label}ต้องมีอย่างน้อย ${length} ตัวอักษร`)
const maxLength = (label: string, length: number) =>
  rule<string>((v) => v.length <= length, `${label}ต้องมีไม่เกิน ${length} ตัวอักษร`)
const matches = (pattern: RegExp, error: string) => rule<string>((v) => pattern.test(v), error)
/** Only 0-9, or only Arabic-Indic digits; never mixed (vee-validate's `numeric`). */
const numeric = (label: string) =>
  matches(/^[\u0660-\u0669]+$|^[0-9]+$/, `${label}ต้องเป็นตัวเลขเท่านั้น`)
const digits = (length: number, error: string) =>
  rule<string>((v) => /^[0-9]*$/.test(v) && v.length === length, error)

/** The message of a missing value (`required`), or of one of the wrong type. */
const typeError = (label: string, required: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : invalidMessage(label)

const string = (error: (issue: { input?: unknown }) => string, checks: readonly Check<string>[]) =>
  new $ZodString({ type: 'string', error, checks: [...checks] }) as $ZodString<string>

/** A required text: missing, blank or only spaces gives `required`; then `checks` in order. */
function text(
  label: string,
  checks: readonly Check<string>[] = [],
  required = requiredMessage(label),
) {
  const filled = rule<string>((v) => v.trim() !== '', required)
  return string(typeError(label, required), [filled, ...checks])
}

/** An optional text: absent or blank is valid; otherwise `checks` in order. */
function optionalText(label: string, checks: readonly Check<string>[] = []) {
  const innerType = string(() => invalidMessage(label), checks)
  return new $ZodOptional({ type: 'optional', innerType }) as $ZodOptional<typeof innerType>
}

type Values = Record<string, unknown>

/** A form: its fields, then the checks that read several of them. */
function object<Shape extends $ZodShape>(shape: Shape, checks: readonly Check<Values>[] = []) {
  return new $ZodObject({ type: 'object', shape, checks: [...checks] }) as $ZodObject<Shape>
}

/**
 * A check of `field` that reads the whole form: it runs even when other
 * fields failed, and only when `field` has no message yet.
 */
function crossCheck(
  field: string,
  test: (values: Values) => boolean,
  error: string | ((values: Values) => string),
): Check<Values> {
  const check = new $ZodCheck({ check: 'custom', when: () => true }) as Check<Values>
  check._zod.check = (payload) => {
    if (payload.issues.some((issue) => issue.path?.[0] === field)) return
    if (test(payload.value)) return
    payload.issues.push({
      code: 'custom',
      path: [field],
      input: payload.value[field],
      message: typeof error === 'string' ? error : error(payload.value),
    })
  }
  return check
}

/** Equal to `target` (vee-validate's `confirmed`), named by the target's label. */
const confirmed = (field: string, target: string, targetLabel: string) =>
  crossCheck(
    field,
    (values) => values[field] === undefined || String(values[field]) === String(values[target]),
    `การยืนยัน${targetLabel}ไม่ตรงกัน`,
  )

// ---------------------------------------------------------------------------
// Login, registration, password recovery

export const loginSchema = object({
  username: text(LABELS.username, [maxLength(LABELS.username, 50)]),
  password: text(LABELS.password, [maxLength(LABELS.password, 128)]),
})

const LATIN_ALNUM = /^[A-Za-z0-9]+$/
/** Letters of any script (Thai with its marks), spaces and dots: a person's name. */
const PERSON_NAME = /^[\p{L}\p{M} .]+$/u

const phone = text(LABELS.phone, [
  digits(10, `${LABELS.phone}ต้องเป็นตัวเลข 10 หลักพอดี`),
  matches(/^0[689]/, 'เบอร์โทรศัพท์มือถือต้องขึ้นต้นด้วย 06, 08 หรือ 09'),
])

const passwordChecks = (label: string) => [
  minLength(label, PASSWORD_LENGTH.min),
  maxLength(label, PASSWORD_LENGTH.max),
]

/** A new password and its confirmation (registration, password recovery, profile). */
function newPassword(labels: { password: string; confirm: string }) {
  return {
    password: text(labels.password, passwordChecks(labels.password)),
    passwordConfirm: text(labels.confirm),
  }
}
const passwordConfirmed = (label: string) => confirmed('passwordConfirm', 'password', label)

/**
 * Step 1 of /register. With `passwordKept` (a password is already held for
 * the member), both password fields may stay blank; a new password needs its
 * confirmation.
 */
export function accountSchema({ passwordKept = false }: { passwordKept?: boolean } = {}) {
  const passwords: Record<
    'password' | 'passwordConfirm',
    $ZodType<string | undefined>
  > = passwordKept
    ? {
        password: optionalText(LABELS.password, passwordChecks(LABELS.password)),
        passwordConfirm: optionalText(LABELS.passwordConfirm),
      }
    : newPassword({ password: LABELS.password, confirm: LABELS.passwordConfirm })
  return object(
    {
      username: text(LABELS.username, [
        minLength(LABELS.username, USERNAME_LENGTH.min),
        maxLength(LABELS.username, USERNAME_LENGTH.max),
        matches(LATIN_ALNUM, 'ชื่อผู้ใช้ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'),
      ]),
      ...passwords,
      phone,
      referralCode: optionalText(LABELS.referralCode, [
        maxLength(LABELS.referralCode, 20),
        matches(LATIN_ALNUM, 'รหัสผู้แนะนำต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'),
      ]),
    },
    [
      crossCheck(
        'passwordConfirm',
        (values) => values.password === undefined || values.passwordConfirm !== undefined,
        requiredMessage(LABELS.passwordConfirm),
      ),
      passwordConfirmed(LABELS.password),
    ],
  )
}

/** Step 2: the bank list comes from the backend; the account number's length depends on the bank. */
export function bankSchema(banks: readonly Bank[]) {
  const bankOf = (code: unknown) => banks.find((bank) => bank.code === code)
  return object(
    {
      bankCode: text(
        LABELS.bankCode,
        [rule<string>((v) => bankOf(v) !== undefined, 'กรุณาเลือกธนาคารจากรายการ')],
        'กรุณาเลือกธนาคาร',
      ),
      accountNumber: text(LABELS.accountNumber, [numeric(LABELS.accountNumber)]),
      accountName: text(LABELS.accountName, [
        maxLength(LABELS.accountName, 100),
        matches(PERSON_NAME, 'ชื่อบัญชีต้องเป็นตัวอักษรเท่านั้น'),
      ]),
    },
    [
      crossCheck(
        'accountNumber',
        (values) => {
          const bank = bankOf(values.bankCode)
          return !bank || String(values.accountNumber).length === bank.accountDigits
        },
        (values) => {
          const bank = bankOf(values.bankCode)
          return `เลขที่บัญชีของ${bank?.name ?? 'ธนาคารนี้'}ต้องมี ${bank?.accountDigits ?? ''} หลัก`
        },
      ),
    ],
  )
}

/** Step 3: the summary's one question. */
export const finishSchema = object({
  acceptTerms: text(LABELS.acceptTerms, [], 'กรุณายอมรับเงื่อนไขการใช้บริการก่อนสมัครสมาชิก'),
})

export const recoveryPhoneSchema = object({ phone })

/** The OTP resend: a post without fields. */
export const noFieldsSchema = object({})

export const otpSchema = object({
  // Written out: the label ends in Latin letters, which Thai text should not run into.
  otp: text(LABELS.otp, [digits(OTP_LENGTH, `รหัส OTP ต้องเป็นตัวเลข ${OTP_LENGTH} หลัก`)]),
})

const newPasswordLabels = { password: LABELS.newPassword, confirm: LABELS.newPasswordConfirm }

export const newPasswordSchema = object(newPassword(newPasswordLabels), [
  passwordConfirmed(LABELS.newPassword),
])

// ---------------------------------------------------------------------------
// Member pages

/** Change password: the current one, then a new one under the registration's rules. */
export const changePasswordSchema = object(
  {
    currentPassword: text(PASSWORD_LABELS.currentPassword),
    ...newPassword(newPasswordLabels),
  },
  [passwordConfirmed(LABELS.newPassword)],
)

const TEAM = MEMBER_LABELS.teamName
export const teamNameSchema = object({
  name: text(TEAM, [
    minLength(TEAM, TEAM_NAME.min),
    maxLength(TEAM, TEAM_NAME.max),
    matches(TEAM_NAME.pattern, 'ชื่อทีมใช้ได้เฉพาะตัวอักษรไทย ภาษาอังกฤษ ตัวเลข และเว้นวรรค'),
  ]),
})

export const inviteCodeSchema = object({
  inviteCode: text(MEMBER_LABELS.inviteCode, [
    matches(INVITE_CODE, 'รหัสเชิญต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4-12 ตัว'),
  ]),
})

/** The code's own rule (4–20 letters or digits, trimmed and upper-cased) is ~/lib/coupon-code. */
export const couponSchema = object({
  code: text(MEMBER_LABELS.couponCode, [
    rule<string>((v) => normalizeCouponCode(v) !== null, COUPON_CODE_MESSAGE),
  ]),
})

/** Five digits, 0–9, as typed (spaces around it are dropped). */
export const shotSchema = object({
  number: text(MEMBER_LABELS.shotNumber, [
    rule<string>((v) => YEEKEE_NUMBER.test(v.trim()), SHOT_NUMBER_MESSAGE),
  ]),
})

// ---------------------------------------------------------------------------
// Saved sets

const SET_NAME = SET_LABELS.name
export const setNameSchema = object({
  name: text(SET_NAME, [maxLength(SET_NAME, SET_LIMITS.nameMax)]),
})

const { kinds: KINDS, number: NUMBER, amount: AMOUNT, helper: HELPER } = SET_LABELS
const isDoors = (values: Values) => values.helper === 'doors'
/** The kinds the checks read: unknown ones are left out (the action drops them too). */
const betKinds = (kinds: unknown) => (Array.isArray(kinds) ? kinds.filter(isBetKind) : [])

export const addLineSchema = object(
  {
    kinds: new $ZodArray({
      type: 'array',
      element: string(() => invalidMessage(KINDS), []),
      error: typeError(KINDS, requiredMessage(KINDS)),
      checks: [
        rule<string[]>((v) => v.length > 0, requiredMessage(KINDS)),
        rule<string[]>((v) => digitsOfKinds(betKinds(v)) !== null, KIND_MESSAGES.mixedKinds),
      ],
    }) as $ZodArray<$ZodString<string>>,
    number: text(NUMBER, [numeric(NUMBER), maxLength(NUMBER, 3)]),
    amount: text(AMOUNT, [
      matches(/^-?[0-9]+$/, `${AMOUNT}ต้องเป็นจำนวนเต็ม`),
      rule<string>((v) => Number(v) >= 1, `${AMOUNT}ต้องมีค่าตั้งแต่ 1 ขึ้นไป`),
      rule<string>(
        (v) => Number(v) <= SET_LIMITS.maxAmount,
        `${AMOUNT}ต้องมีค่าไม่เกิน ${SET_LIMITS.maxAmount}`,
      ),
    ]),
    helper: optionalText(HELPER, [
      rule<string>((v) => HELPERS.includes(v as Helper), invalidMessage(HELPER)),
    ]),
  },
  [
    crossCheck(
      'kinds',
      (values) => !isDoors(values) || digitsOfKinds(betKinds(values.kinds)) === 2,
      KIND_MESSAGES.doorsKinds,
    ),
    crossCheck(
      'number',
      (values) => {
        const number = String(values.number)
        if (isDoors(values)) return number.length === 1
        const length = digitsOfKinds(betKinds(values.kinds))
        // A wrong kind choice is the kinds field's error, not this one's.
        return length === null || number.length === length
      },
      (values) => {
        if (isDoors(values)) return KIND_MESSAGES.doorsDigit
        const length = digitsOfKinds(betKinds(values.kinds))
        return length ? `ตัวเลขต้องมี ${length} หลักตามประเภทที่เลือก` : KIND_MESSAGES.mixedKinds
      },
    ),
  ],
)

// ---------------------------------------------------------------------------
// Staff console (decision 0139)

const STAFF = STAFF_LOGIN_LABELS
export const staffLoginSchema = object({
  username: text(STAFF.username, [maxLength(STAFF.username, 50)]),
  password: text(STAFF.password, [maxLength(STAFF.password, 128)]),
  otp: text(STAFF.otp, [digits(6, 'รหัสยืนยันต้องเป็นตัวเลข 6 หลักจากแอปยืนยันตัวตน')]),
})

export const watchSchema = object({
  reason: text(WATCH_LABELS.reason, [
    minLength(WATCH_LABELS.reason, WATCH_REASON.min),
    maxLength(WATCH_LABELS.reason, WATCH_REASON.max),
  ]),
  ticket: text(WATCH_LABELS.ticket, [
    maxLength(WATCH_LABELS.ticket, WATCH_TICKET.max),
    matches(WATCH_TICKET.pattern, 'เลขที่เรื่องใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ # - _'),
  ]),
})

// ---------------------------------------------------------------------------
// The browser's side: a form's entries, read as conform reads a post.

export type FormSchema = $ZodType<unknown, Values>
/** One message per invalid field, in conform's error format. */
export type FormErrors = Record<string, string[]>

const isList = (schema: $ZodType): boolean => {
  const def = schema._zod.def
  return (
    def.type === 'array' ||
    (def.type === 'optional' && isList((def as $ZodOptional['_zod']['def']).innerType))
  )
}

/**
 * The errors of a form's entries under `schema`, read as conform reads a post
 * (empty text is absent, a list field takes every value of its name), so
 * the browser shows what `parseForm` answers.
 */
export function formErrors(schema: FormSchema, data: FormData): FormErrors {
  const shape = (schema as unknown as $ZodObject)._zod.def.shape
  const values: Values = {}
  for (const [name, field] of Object.entries(shape)) {
    values[name] = isList(field)
      ? data.getAll(name).filter((value) => value !== '')
      : data.get(name) || undefined
  }
  const result = safeParse(schema, values)
  const errors: FormErrors = {}
  for (const issue of result.success ? [] : result.error.issues) {
    const name = String(issue.path[0] ?? '')
    errors[name] ??= [issue.message]
  }
  return errors
}
