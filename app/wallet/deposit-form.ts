// One copy for the browser and the server, without zod: the /transaction page stays within its
// bytes (decision 0123).
import { checkWholeBaht, type AmountLimits } from '~/lib/amount'
import {
  depositTooHighMessage,
  depositTooLowMessage,
  type DepositErrors,
} from '~/lib/deposit-limits'
import { parseWholeBaht } from '~/lib/money'

export const DEPOSIT_METHODS = ['promptpay', 'bank'] as const
export type DepositMethod = (typeof DEPOSIT_METHODS)[number]

export const DEPOSIT_METHOD_LABELS: Readonly<Record<DepositMethod, string>> = {
  promptpay: 'พร้อมเพย์ (สแกน QR)',
  bank: 'โอนเข้าบัญชีธนาคาร',
}

const QUICK_AMOUNTS = [100, 300, 500, 1000] as const

export function quickAmounts(limits: AmountLimits): number[] {
  return QUICK_AMOUNTS.filter((amount) => amount >= limits.min && amount <= limits.max)
}

/** Followed without JavaScript. */
export function prefilledAmount(url: URL): string {
  const amount = parseWholeBaht(url.searchParams.get('amount'))
  return amount === null ? '' : String(amount)
}

// The backend's refusals (method closed, too many pending orders) are backend/orders.server.ts's.
const AMOUNT_REQUIRED = 'กรุณากรอกจำนวนเงินที่ต้องการฝาก'
const AMOUNT_WHOLE = 'กรุณากรอกจำนวนเงินเป็นจำนวนเต็ม (บาท) ไม่มีทศนิยม'
const METHOD_REQUIRED = 'กรุณาเลือกช่องทางการฝากเงิน'

export const DEPOSIT_MESSAGES = {
  amountRequired: AMOUNT_REQUIRED,
  amountWhole: AMOUNT_WHOLE,
  methodRequired: METHOD_REQUIRED,
  keyMissing: 'แบบฟอร์มหมดอายุ กรุณาลองใหม่อีกครั้ง',
} as const

export interface DepositValues {
  amount: number
  method: DepositMethod
}

const isMethod = (value: unknown): value is DepositMethod =>
  DEPOSIT_METHODS.includes(value as DepositMethod)

export function checkDeposit(
  input: { amount: unknown; method: unknown },
  limits: AmountLimits,
): { values: DepositValues } | { errors: DepositErrors } {
  const errors: DepositErrors = {}
  const amount = checkWholeBaht(input.amount, limits, true)
  if (amount === 'required') errors.amount = AMOUNT_REQUIRED
  else if (amount === 'wholeBaht') errors.amount = AMOUNT_WHOLE
  else if (amount === 'tooLow') errors.amount = depositTooLowMessage(limits.min)
  else if (amount === 'tooHigh') errors.amount = depositTooHighMessage(limits.max)
  if (!isMethod(input.method)) errors.method = METHOD_REQUIRED
  if (typeof amount === 'string' || !isMethod(input.method)) return { errors }
  return { values: { amount, method: input.method } }
}
