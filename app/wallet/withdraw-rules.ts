// The same checks the backend makes (it has the last word).
import type { AmountRange } from '~/backend/config.schemas'
import { checkWholeBaht } from '~/lib/amount'

export type AmountProblem =
  | { problem: 'required' | 'wholeBaht' | 'balanceLow' }
  | { problem: 'tooLow' | 'tooHigh' | 'dailyLimit'; limit: number }

export function checkAmount(
  raw: FormDataEntryValue | null,
  rules: { limits: AmountRange; balance: number; dailyLeft: number },
): { amount: number } | AmountProblem {
  const amount = checkWholeBaht(raw, rules.limits)
  if (amount === 'tooLow') return { problem: amount, limit: rules.limits.min }
  if (amount === 'tooHigh') return { problem: amount, limit: rules.limits.max }
  if (typeof amount === 'string') return { problem: amount }
  if (amount > rules.balance) return { problem: 'balanceLow' }
  if (amount > rules.dailyLeft) return { problem: 'dailyLimit', limit: rules.dailyLeft }
  return { amount }
}
