/**
 * The deposit form's fields on the rule set, one definition for the browser
 * (`checkDeposit`, through `resolveForm`) and the action (`parseForm`). The
 * amount is whole baht within the configured limits (~/forms/amount); the
 * method is bank transfer or PromptPay.
 */
import { amountRules } from '~/forms/amount'
import { custom, field, required, resolveForm, withMessage } from '~/forms/rules'
import { formatBaht, parseWholeBaht } from '~/lib/money'

export const DEPOSIT_METHODS = ['promptpay', 'bank'] as const
export type DepositMethod = (typeof DEPOSIT_METHODS)[number]

export const DEPOSIT_METHOD_LABELS: Readonly<Record<DepositMethod, string>> = {
  promptpay: 'พร้อมเพย์ (สแกน QR)',
  bank: 'โอนเข้าบัญชีธนาคาร',
}

/** Quick amounts offered beside the amount field (those within the limits). */
const QUICK_AMOUNTS = [100, 300, 500, 1000] as const

/** The quick amounts a member may deposit under `limits`. */
export function quickAmounts(limits: DepositLimits): number[] {
  return QUICK_AMOUNTS.filter((amount) => amount >= limits.min && amount <= limits.max)
}

/**
 * The amount a quick-amount link put in the URL (`?amount=300`, followed
 * without JavaScript), to fill the field with: whole baht, else nothing.
 */
export function prefilledAmount(url: URL): string {
  const amount = parseWholeBaht(url.searchParams.get('amount'))
  return amount === null ? '' : String(amount)
}

export interface DepositLimits {
  min: number
  max: number
}

export const DEPOSIT_MESSAGES = {
  amountRequired: 'กรุณากรอกจำนวนเงินที่ต้องการฝาก',
  amountWhole: 'กรุณากรอกจำนวนเงินเป็นจำนวนเต็ม (บาท) ไม่มีทศนิยม',
  amountTooLow: (min: number) => `ฝากขั้นต่ำครั้งละ ${formatBaht(min)}`,
  amountTooHigh: (max: number) => `ฝากได้สูงสุดครั้งละ ${formatBaht(max)}`,
  methodRequired: 'กรุณาเลือกช่องทางการฝากเงิน',
  methodClosed: 'ช่องทางนี้ปิดให้บริการชั่วคราว กรุณาเลือกช่องทางอื่น',
  tooManyPending: 'คุณมีรายการฝากที่รอชำระหลายรายการแล้ว กรุณาชำระหรือรอให้รายการเดิมหมดอายุก่อน',
  keyMissing: 'แบบฟอร์มหมดอายุ กรุณาลองใหม่อีกครั้ง',
  keyReused: 'แบบฟอร์มนี้ถูกใช้ส่งรายการอื่นไปแล้ว กรุณากรอกใหม่อีกครั้ง',
} as const

export type DepositErrors = Partial<Record<'amount' | 'method' | 'form', string>>

export interface DepositValues {
  amount: number
  method: DepositMethod
}

const isMethod = (value: unknown): value is DepositMethod =>
  DEPOSIT_METHODS.includes(value as DepositMethod)

/** The form's fields under `limits` (from the configuration, the loader's for the browser). */
export function depositFields(limits: DepositLimits) {
  return {
    amount: field(
      'จำนวนเงิน',
      amountRules(
        limits,
        {
          required: DEPOSIT_MESSAGES.amountRequired,
          wholeBaht: DEPOSIT_MESSAGES.amountWhole,
          tooLow: DEPOSIT_MESSAGES.amountTooLow,
          tooHigh: DEPOSIT_MESSAGES.amountTooHigh,
        },
        { zero: true },
      ),
    ),
    method: field('ช่องทางการฝาก', [
      withMessage(required(), DEPOSIT_MESSAGES.methodRequired),
      custom(isMethod, DEPOSIT_MESSAGES.methodRequired),
    ]),
  }
}

/** The first Thai message of each wrong field, from the rule set's errors. */
export function depositErrors(errors: Readonly<Record<string, string[] | null>>): DepositErrors {
  const found: DepositErrors = {}
  for (const name of ['amount', 'method', ''] as const) {
    const message = errors[name]?.[0]
    if (message) found[name === '' ? 'form' : name] = message
  }
  return found
}

/** The form's values, or the first Thai message of each wrong field. */
export function checkDeposit(
  input: { amount: unknown; method: unknown },
  limits: DepositLimits,
): { values: DepositValues } | { errors: DepositErrors } {
  const result = resolveForm(depositFields(limits), {
    amount: input.amount ?? undefined,
    method: input.method ?? undefined,
  })
  if ('error' in result) return { errors: depositErrors(result.error) }
  return { values: depositValues(result.value) }
}

/** The typed values of a form the rules passed. */
export function depositValues(valid: { amount: string; method: string }): DepositValues {
  return {
    amount: parseWholeBaht(valid.amount, { min: 0 }) ?? Number.NaN,
    method: valid.method as DepositMethod,
  }
}
