/**
 * The withdraw form's own checks, the same the backend makes (it has the last
 * word): whole baht within the configuration's limits (the money forms' one
 * check, ~/forms/amount), the balance and what is left of today's limit.
 */
import type { AmountRange } from '~/backend/config.schemas'
import { checkWholeBaht, type AmountProblem as LimitProblem } from '~/forms/amount'

export type AmountProblem =
  LimitProblem | { problem: 'balanceLow' } | { problem: 'dailyLimit'; limit: number }

export function checkAmount(
  raw: FormDataEntryValue | null,
  rules: { limits: AmountRange; balance: number; dailyLeft: number },
): { amount: number } | AmountProblem {
  const checked = checkWholeBaht(raw, rules.limits)
  if ('problem' in checked) return checked
  const { amount } = checked
  if (amount > rules.balance) return { problem: 'balanceLow' }
  if (amount > rules.dailyLeft) return { problem: 'dailyLimit', limit: rules.dailyLeft }
  return { amount }
}
