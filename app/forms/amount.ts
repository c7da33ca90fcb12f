/**
 * The one whole-baht-within-limits check of the money forms (deposit,
 * withdraw). Amounts are read by the one reader (~/lib/money's
 * parseWholeBaht). No rule-set machinery: the deposit checks in the browser
 * with it, on a page that cannot carry more bytes (decision 0123).
 */
import { isBlankAmount, parseWholeBaht } from '~/lib/money'

export interface AmountLimits {
  min: number
  max: number
}

/** What is wrong with an amount, in the order a member can fix it. */
export type AmountProblem =
  { problem: 'required' | 'wholeBaht' } | { problem: 'tooLow' | 'tooHigh'; limit: number }

export interface AmountOptions {
  /** '0' is an amount below the limits (true) rather than no whole baht at all (false). */
  zero?: boolean
}

/** Whole baht within `limits`, or the first problem. */
export function checkWholeBaht(
  raw: unknown,
  limits: AmountLimits,
  { zero = false }: AmountOptions = {},
): { amount: number } | AmountProblem {
  if (isBlankAmount(raw)) return { problem: 'required' }
  const amount = parseWholeBaht(raw, { min: zero ? 0 : 1 })
  if (amount === null) return { problem: 'wholeBaht' }
  if (amount < limits.min) return { problem: 'tooLow', limit: limits.min }
  if (amount > limits.max) return { problem: 'tooHigh', limit: limits.max }
  return { amount }
}
