/**
 * The one whole-baht-within-limits check of the money forms (deposit,
 * withdraw), and its rules for a field of the rule set (~/forms/rules).
 * Amounts are read by the one reader (~/lib/money's parseWholeBaht).
 */
import { custom, required, withMessage, type Rule } from '~/forms/rules'
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

export interface AmountMessages {
  required: string
  wholeBaht: string
  tooLow: (min: number) => string
  tooHigh: (max: number) => string
}

/** The amount field's chain: required, then whole baht within `limits`, each with its Thai message. */
export function amountRules(
  limits: AmountLimits,
  messages: AmountMessages,
  options: AmountOptions = {},
): readonly Rule[] {
  const message = (value: unknown) => {
    const checked = checkWholeBaht(value, limits, options)
    if (!('problem' in checked)) return ''
    switch (checked.problem) {
      case 'required':
        return messages.required
      case 'wholeBaht':
        return messages.wholeBaht
      case 'tooLow':
        return messages.tooLow(checked.limit)
      case 'tooHigh':
        return messages.tooHigh(checked.limit)
    }
  }
  return [
    withMessage(required(), messages.required),
    custom((value) => !('problem' in checkWholeBaht(value, limits, options)), message),
  ]
}
