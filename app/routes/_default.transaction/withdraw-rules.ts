/**
 * The withdraw form's own checks, the same the backend makes (it has the last
 * word): whole baht within the configuration's limits, the balance and what is
 * left of today's limit. Amounts are read by the one reader (~/lib/money).
 */
import type { AmountRange } from '~/backend/config.schemas'
import { isBlankAmount, parseWholeBaht } from '~/lib/money'

export type AmountProblem =
  | { problem: 'required' | 'wholeBaht' | 'balanceLow' }
  | { problem: 'tooLow' | 'tooHigh' | 'dailyLimit'; limit: number }

export function checkAmount(
  raw: FormDataEntryValue | null,
  rules: { limits: AmountRange; balance: number; dailyLeft: number },
): { amount: number } | AmountProblem {
  if (isBlankAmount(raw)) return { problem: 'required' }
  const amount = parseWholeBaht(raw)
  if (amount === null) return { problem: 'wholeBaht' }
  if (amount < rules.limits.min) return { problem: 'tooLow', limit: rules.limits.min }
  if (amount > rules.limits.max) return { problem: 'tooHigh', limit: rules.limits.max }
  if (amount > rules.balance) return { problem: 'balanceLow' }
  if (amount > rules.dailyLeft) return { problem: 'dailyLimit', limit: rules.dailyLeft }
  return { amount }
}
