// Small and free of the rule set's machinery: the deposit runs it in the browser too, on a page
// with no bytes to spare (decision 0123).
import { isBlankAmount, parseWholeBaht } from '~/lib/money'

export interface AmountLimits {
  min: number
  max: number
}

export type AmountProblem = 'required' | 'wholeBaht' | 'tooLow' | 'tooHigh'

/** With `zero`, '0' is an amount below the limits rather than no whole baht at all. */
export function checkWholeBaht(
  raw: unknown,
  { min, max }: AmountLimits,
  zero = false,
): number | AmountProblem {
  if (isBlankAmount(raw)) return 'required'
  const amount = parseWholeBaht(raw, { min: zero ? 0 : 1 })
  return amount === null ? 'wholeBaht' : amount < min ? 'tooLow' : amount > max ? 'tooHigh' : amount
}
