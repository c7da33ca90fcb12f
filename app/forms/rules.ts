/**
 * The form rule set: the 17 vee-validate 3 rules members already know, with
 * Thai messages, and whole-form validation that runs the same chains in the
 * browser and on the server (`parseForm` in
 * actions, through the zod bridge in ~/forms/zod).
 *
 * Semantics (vee-validate 3's, which members know: docs/decisions/0021):
 * - `required` always runs first, whatever order the rules are given in;
 * - the chain stops at the first failing rule: one message per field;
 * - an empty optional field (null, undefined, '' or []) skips every rule and is
 *   valid; text of only spaces is not empty, but it fails `required`.
 *
 * Messages interpolate `{_field_}` (the field's Thai label), `{_value_}` and the
 * rule's params by name; `confirmed` names the target field's label as
 * `{target}`. A rule without a message of its own (a `custom` rule without
 * one, or a value of the wrong type, e.g. a file posted to a text field) gets
 * DEFAULT_MESSAGE, the Thai rendering of '{_field_} is not valid.'.
 *
 * A custom rule's message may be a function of the value and the form's
 * values (e.g. an account number's length, which depends on the bank).
 *
 * Usage (import the builders by name: a page then carries only those rules):
 *   import { alpha_num, confirmed, field, min, required } from '~/forms/rules'
 *   const fields = {
 *     username: field('ชื่อผู้ใช้', [required(), min(4), alpha_num()]),
 *     password: field('รหัสผ่าน', [required(), min(6)]),
 *     password_confirm: field('ยืนยันรหัสผ่าน', [required(), confirmed('password')]),
 *   }
 *   // in the browser (useFieldChecks does this): resolveForm(fields, payloadOf(form))
 *   // in the action: parseForm(formData, fields)   (~/forms/zod)
 *
 * Pure, free of React and of zod: the browser gets the rules without zod's
 * 14 KB; only the server's zod bridge (~/forms/zod) imports it.
 */
/** Debounce of client-side validation, from the product constants. */
export { VALIDATION_DEBOUNCE_MS } from '~/lib/constants'

// ---------------------------------------------------------------------------
// Validators: pure `(value, params) => boolean`, exactly vee-validate 3's rules.
// As there, an array value (several files, a checkbox group) passes when
// every element does, except for required and confirmed.

const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/
/** Only 0-9, or only Arabic-Indic digits (U+0660..U+0669); never mixed. */
const NUMERIC = /^[\u0660-\u0669]+$|^[0-9]+$/
const INTEGER = /^-?[0-9]+$/
/**
 * Letters of any script, Thai included (its vowel and tone marks are Unicode
 * marks, hence \p{M}). Digits for alpha_num are those of the original's
 * locales: 0-9, Arabic-Indic and Persian; Thai digits are not numbers here,
 * as for `numeric`.
 */
const ALPHA = /^[\p{L}\p{M}]*$/u
const ALPHA_NUM = /^[\p{L}\p{M}0-9\u0660-\u0669\u06F0-\u06F9]*$/u
const IMAGE = /\.(jpg|svg|jpeg|png|bmp|gif|webp)$/i

type Separator = 'dot' | 'comma'
const SEPARATORS: Record<Separator, string> = { dot: '\\.', comma: ',' }

const each = (value: unknown, test: (item: unknown) => boolean): boolean =>
  Array.isArray(value) ? value.every(test) : test(value)

const matches = (value: unknown, pattern: RegExp): boolean =>
  each(value, (item) => pattern.test(String(item)))

/** min_value / max_value: null, '' and [] fail, else Number(v) is compared. */
const compares = (value: unknown, test: (n: number) => boolean): boolean =>
  !isEmpty(value) && each(value, (item) => !isEmpty(item) && test(Number(item)))

// Each rule is its own validator, message and builder (no shared lookup
// table), so a page's bundle carries only the rules its forms use; the
// `validators`, `messages` and `rules` tables below are for tests and docs.

type Check<P> = (value: unknown, params: P) => boolean

const requiredOk = (
  value: unknown,
  { allowFalse = true }: { allowFalse?: boolean } = {},
): boolean => {
  if (value == null || (Array.isArray(value) && value.length === 0)) return false
  if (value === false && !allowFalse) return false
  return String(value).trim().length > 0
}
const emailOk = (value: unknown, { multiple = false }: { multiple?: boolean } = {}): boolean =>
  matches(
    multiple && !Array.isArray(value)
      ? String(value)
          .split(',')
          .map((part) => part.trim())
      : value,
    EMAIL,
  )
const minOk = (value: unknown, { length }: { length: number }): boolean =>
  value != null && each(value, (item) => String(item).length >= length)
const maxOk = (value: unknown, { length }: { length: number }): boolean =>
  value == null ? length >= 0 : each(value, (item) => String(item).length <= length)
const minValueOk = (value: unknown, { min }: { min: number }): boolean =>
  compares(value, (n) => n >= min)
const maxValueOk = (value: unknown, { max }: { max: number }): boolean =>
  compares(value, (n) => n <= max)
const betweenOk = (value: unknown, { min, max }: { min: number; max: number }): boolean =>
  each(value, (item) => min <= Number(item) && Number(item) <= max)
const numericOk = (value: unknown): boolean => matches(value, NUMERIC)
const integerOk = (value: unknown): boolean => matches(value, INTEGER)
const digitsOk = (value: unknown, { length }: { length: number }): boolean =>
  each(value, (item) => /^[0-9]*$/.test(String(item)) && String(item).length === length)
/**
 * Optional '-', digits, then optionally the separator and the decimals:
 * any number of them (even none: '12.' passes) when `decimals` is 0,
 * exactly `decimals` of them otherwise. '.5' fails.
 */
const doubleOk = (
  value: unknown,
  { decimals = 0, separator = 'dot' }: { decimals?: number; separator?: Separator } = {},
): boolean => {
  const fraction = decimals > 0 ? `\\d{${decimals}}` : '\\d*'
  return matches(value, new RegExp(`^-?\\d+(?:${SEPARATORS[separator]}${fraction})?$`))
}
const alphaOk = (value: unknown): boolean => matches(value, ALPHA)
const alphaNumOk = (value: unknown): boolean => matches(value, ALPHA_NUM)
/** `target` is the target field's value (the chain looks it up by name). */
const confirmedOk = (value: unknown, { target }: { target: unknown }): boolean =>
  String(value) === String(target)
/** A File (or anything with a `name`) or a file name string. */
const imageOk = (value: unknown): boolean =>
  each(value, (file) => IMAGE.test(String(typeof file === 'string' ? file : prop(file, 'name'))))
/** Every file is at most `size` KB (size * 1024 bytes). */
const sizeOk = (value: unknown, { size }: { size: number }): boolean =>
  each(value, (file) => {
    const bytes = prop(file, 'size')
    return typeof bytes === 'number' && bytes <= size * 1024
  })
const regexOk = (value: unknown, { regex }: { regex: RegExp | string }): boolean => {
  const pattern = typeof regex === 'string' ? new RegExp(regex) : regex
  return each(value, (item) => {
    pattern.lastIndex = 0 // a /g or /y pattern would otherwise carry state between tests
    return pattern.test(String(item))
  })
}

/** The 17 validators by rule name: pure `(value, params) => boolean`. */
export const validators = {
  required: requiredOk,
  email: emailOk,
  min: minOk,
  max: maxOk,
  min_value: minValueOk,
  max_value: maxValueOk,
  between: betweenOk,
  numeric: numericOk,
  integer: integerOk,
  digits: digitsOk,
  double: doubleOk,
  alpha: alphaOk,
  alpha_num: alphaNumOk,
  confirmed: confirmedOk,
  image: imageOk,
  size: sizeOk,
  regex: regexOk,
}

function prop(file: unknown, key: 'name' | 'size'): unknown {
  return typeof file === 'object' && file !== null
    ? (file as Record<string, unknown>)[key]
    : undefined
}

export type RuleName = keyof typeof validators

// ---------------------------------------------------------------------------
// Thai messages.

/** '{_field_} is not valid.': for rules without a message of their own. */
export const DEFAULT_MESSAGE = '{_field_}ไม่ถูกต้อง'

const REQUIRED = 'กรุณากรอก{_field_}'
const EMAIL_MESSAGE = '{_field_}ต้องเป็นที่อยู่อีเมลที่ถูกต้อง'
const MIN = '{_field_}ต้องมีอย่างน้อย {length} ตัวอักษร'
const MAX = '{_field_}ต้องมีไม่เกิน {length} ตัวอักษร'
const MIN_VALUE = '{_field_}ต้องมีค่าตั้งแต่ {min} ขึ้นไป'
const MAX_VALUE = '{_field_}ต้องมีค่าไม่เกิน {max}'
const BETWEEN = '{_field_}ต้องมีค่าระหว่าง {min} ถึง {max}'
const NUMERIC_MESSAGE = '{_field_}ต้องเป็นตัวเลขเท่านั้น'
const INTEGER_MESSAGE = '{_field_}ต้องเป็นจำนวนเต็ม'
const DIGITS = '{_field_}ต้องเป็นตัวเลข {length} หลักพอดี'
const DOUBLE = '{_field_}ต้องเป็นเลขทศนิยมที่ถูกต้อง'
const ALPHA_MESSAGE = '{_field_}ต้องเป็นตัวอักษรเท่านั้น'
const ALPHA_NUM_MESSAGE = '{_field_}ต้องเป็นตัวอักษรหรือตัวเลขเท่านั้น'
const CONFIRMED = 'การยืนยัน{target}ไม่ตรงกัน'
const IMAGE_MESSAGE = '{_field_}ต้องเป็นไฟล์รูปภาพ'
const SIZE = '{_field_}ต้องมีขนาดไม่เกิน {size} KB'
const REGEX = 'รูปแบบของ{_field_}ไม่ถูกต้อง'

/** The 17 rules' Thai message templates by rule name. */
export const messages = {
  required: REQUIRED,
  email: EMAIL_MESSAGE,
  min: MIN,
  max: MAX,
  min_value: MIN_VALUE,
  max_value: MAX_VALUE,
  between: BETWEEN,
  numeric: NUMERIC_MESSAGE,
  integer: INTEGER_MESSAGE,
  digits: DIGITS,
  double: DOUBLE,
  alpha: ALPHA_MESSAGE,
  alpha_num: ALPHA_NUM_MESSAGE,
  confirmed: CONFIRMED,
  image: IMAGE_MESSAGE,
  size: SIZE,
  regex: REGEX,
} satisfies Record<RuleName, string>

/** Replaces `{name}` by `vars[name]`; unknown placeholders stay as they are. */
export function formatMessage(template: string, vars: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    key in vars ? String(vars[key]) : placeholder,
  )
}

// ---------------------------------------------------------------------------
// Rules as used by a field, and the one place that runs a field's chain.

type Values = Readonly<Record<string, unknown>>
/** A message template, or a function of the value and the form's values giving one. */
export type Message = string | ((value: unknown, values: Values) => string)

export interface Rule<N extends string = string> {
  readonly name: N
  /** Params as given, for the message (confirmed: the target's field name). */
  readonly params: Readonly<Record<string, unknown>>
  readonly test: (value: unknown, values: Values) => boolean
  /** The message template (or a function of the form's values giving one). */
  readonly message?: Message
}

function bind<N extends RuleName, P extends Readonly<Record<string, unknown>>>(
  name: N,
  check: Check<P>,
  message: string,
  params: P,
): Rule<N> {
  return { name, params, message, test: (value) => check(value, params) }
}

// Builders, one per rule, plus `custom` for product rules.
export const required = (options: { allowFalse?: boolean } = {}) =>
  bind('required', requiredOk, REQUIRED, options)
export const email = (options: { multiple?: boolean } = {}) =>
  bind('email', emailOk, EMAIL_MESSAGE, options)
export const min = (length: number) => bind('min', minOk, MIN, { length })
export const max = (length: number) => bind('max', maxOk, MAX, { length })
export const min_value = (min: number) => bind('min_value', minValueOk, MIN_VALUE, { min })
export const max_value = (max: number) => bind('max_value', maxValueOk, MAX_VALUE, { max })
export const between = (min: number, max: number) =>
  bind('between', betweenOk, BETWEEN, { min, max })
export const numeric = () => bind('numeric', numericOk, NUMERIC_MESSAGE, {})
export const integer = () => bind('integer', integerOk, INTEGER_MESSAGE, {})
export const digits = (length: number) => bind('digits', digitsOk, DIGITS, { length })
export const double = (options: { decimals?: number; separator?: Separator } = {}) =>
  bind('double', doubleOk, DOUBLE, options)
export const alpha = () => bind('alpha', alphaOk, ALPHA_MESSAGE, {})
export const alpha_num = () => bind('alpha_num', alphaNumOk, ALPHA_NUM_MESSAGE, {})
/** Equal to the field named `target`; the error goes on this field. */
export const confirmed = (target: string): Rule<'confirmed'> => ({
  name: 'confirmed',
  params: { target },
  message: CONFIRMED,
  test: (value, values) => confirmedOk(value, { target: values[target] }),
})
export const image = () => bind('image', imageOk, IMAGE_MESSAGE, {})
export const size = (kilobytes: number) => bind('size', sizeOk, SIZE, { size: kilobytes })
export const regex = (pattern: RegExp | string) => bind('regex', regexOk, REGEX, { regex: pattern })
/** A product rule; without `message` it shows DEFAULT_MESSAGE. */
export const custom = (
  test: (value: unknown, values: Values) => boolean,
  message?: Message,
): Rule<'custom'> => ({ name: 'custom', params: {}, test, message })

/** Typed rule builders by name (forms import the builders themselves). */
export const rules = {
  required,
  email,
  min,
  max,
  min_value,
  max_value,
  between,
  numeric,
  integer,
  digits,
  double,
  alpha,
  alpha_num,
  confirmed,
  image,
  size,
  regex,
  custom,
}

/** The same rule with another message template. */
export function withMessage<N extends string>(rule: Rule<N>, message: Message): Rule<N> {
  return { ...rule, message }
}

/** Empty for skipping: null, undefined, '' or []. */
export function isEmpty(value: unknown): boolean {
  return value == null || value === '' || (Array.isArray(value) && value.length === 0)
}

export interface FieldContext {
  /** The field's Thai label, `{_field_}`. */
  label: string
  /** All the form's values, for cross-field rules. */
  values?: Values
  /** Labels by field name, for `confirmed`'s message. */
  labels?: Readonly<Record<string, string>>
}

/** Runs a field's chain: the first failing rule's message, or undefined. */
export function validateField(
  value: unknown,
  chain: readonly Rule[],
  { label, values = {}, labels = {} }: FieldContext,
): string | undefined {
  const isRequired = (rule: Rule) => rule.name === 'required'
  if (!chain.some(isRequired) && isEmpty(value)) return undefined
  const ordered = [...chain.filter(isRequired), ...chain.filter((rule) => !isRequired(rule))]
  const failed = ordered.find((rule) => !rule.test(value, values))
  if (!failed) return undefined
  const vars: Record<string, unknown> = { ...failed.params, _field_: label, _value_: value }
  if (failed.name === 'confirmed') {
    const target = String(failed.params.target)
    vars.target = labels[target] ?? target
  }
  const template =
    (typeof failed.message === 'function' ? failed.message(value, values) : failed.message) ??
    DEFAULT_MESSAGE
  return formatMessage(template, vars)
}

// ---------------------------------------------------------------------------
// Forms: named fields, and the errors of a whole form.

interface Kinds {
  text: string
  file: File
  texts: string[]
  files: File[]
}
type Kind = keyof Kinds

export interface Field<Out = unknown, In = unknown> {
  readonly label: string
  readonly rules: readonly Rule[]
  readonly kind: Kind
  /** Type carriers only. */
  readonly _output?: Out
  readonly _input?: In
}

type IsList<K extends Kind> = K extends 'texts' | 'files' ? true : false
type FieldOutput<K extends Kind, R extends readonly Rule[]> =
  IsList<K> extends true
    ? Kinds[K]
    : 'required' extends R[number]['name']
      ? Kinds[K]
      : Kinds[K] | undefined

/**
 * A form field: its Thai label, its rules, and what FormData carries for it:
 * 'text' (default) a string, 'file' a File, 'texts' / 'files' every value of
 * the name as an array. Empty values ('' and the empty File of an untouched
 * file input) become undefined, or are dropped from lists.
 */
export function field<R extends readonly Rule[], K extends Kind = 'text'>(
  label: string,
  rules: R,
  kind?: K,
): Field<FieldOutput<K, R>, Kinds[K] | undefined> {
  return { label, rules, kind: kind ?? 'text' }
}

export type Fields = Readonly<Record<string, Field>>
/** The typed value of a valid form. */
export type FormOutput<F> = { [K in keyof F]: F[K] extends Field<infer O> ? O : never }
/** What a form's FormData may hold for it. */
export type FormInput<F> = { [K in keyof F]?: F[K] extends Field<unknown, infer I> ? I : never }
/** One message per failing field, in conform's error format. */
export type FormErrors = Record<string, string[]>

const isFile = (value: unknown): value is File =>
  typeof File !== 'undefined' && value instanceof File
const isBlank = (value: unknown) => value === '' || (isFile(value) && !value.name && !value.size)

/** The value of one field as its rules see it: blanks become undefined (or leave lists). */
export function normalize(value: unknown, kind: Kind): unknown {
  if (kind === 'text' || kind === 'file') return isBlank(value) ? undefined : value
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).filter((item) => !isBlank(item))
}

function hasKind(value: unknown, kind: Kind): boolean {
  const check = kind === 'text' || kind === 'texts' ? (v: unknown) => typeof v === 'string' : isFile
  if (kind === 'text' || kind === 'file') return value === undefined || check(value)
  return Array.isArray(value) && value.every(check)
}

/** Every field's value, normalized; names the form does not declare are dropped. */
export function normalizeForm(fields: Fields, payload: Readonly<Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, { kind }]) => [name, normalize(payload[name], kind)]),
  )
}

/**
 * The errors of a whole form, from normalized values: each field's chain, in
 * declaration order, one message per failing field. A value of the wrong type
 * (a file posted to a text field) gets DEFAULT_MESSAGE.
 */
export function formErrors(fields: Fields, values: Values): FormErrors {
  const labels = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.label]))
  const errors: FormErrors = {}
  for (const [name, { label, rules: chain, kind }] of Object.entries(fields)) {
    const value = values[name]
    const message = hasKind(value, kind)
      ? validateField(value, chain, { label, values, labels })
      : formatMessage(DEFAULT_MESSAGE, { _field_: label, _value_: value })
    if (message) errors[name] = [message]
  }
  return errors
}

/**
 * The resolver for conform's `parse` (the browser's `onValidate`), without
 * zod: the same normalization and chains as `formSchema` in ~/forms/zod, which
 * the server uses through `parseForm`, so both sides give the same messages.
 */
export function resolveForm<F extends Fields>(
  fields: F,
  payload: Readonly<Record<string, unknown>>,
): { value: FormOutput<F> } | { error: FormErrors } {
  const values = normalizeForm(fields, payload)
  const errors = formErrors(fields, values)
  return Object.keys(errors).length ? { error: errors } : { value: values as FormOutput<F> }
}

// ---------------------------------------------------------------------------
// The dialog component's built-in input checks (English, as in the original).

export const DIALOG_MESSAGES = {
  email: 'Invalid email address',
  url: 'Invalid URL',
} as const

/** 'Invalid email address' unless empty or an email address (the `email` rule). */
export function dialogEmailError(value: string): string | undefined {
  return value === '' || validators.email(value) ? undefined : DIALOG_MESSAGES.email
}

/** 'Invalid URL' unless empty or an absolute http(s) URL. */
export function dialogUrlError(value: string): string | undefined {
  if (value === '') return undefined
  try {
    const { protocol } = new URL(value)
    if (protocol === 'http:' || protocol === 'https:') return undefined
  } catch {
    // not a URL
  }
  return DIALOG_MESSAGES.url
}
