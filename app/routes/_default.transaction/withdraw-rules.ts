/**
 * The withdraw form's own checks, the same the backend makes (it has the last
 * word): whole baht within the configuration's limits, the balance and what is
 * left of today's limit. And the account number as members see it (masked).
 */
import type { AmountRange } from '~/backend/config.schemas'

export type AmountProblem =
  | { problem: 'required' | 'wholeBaht' | 'balanceLow' }
  | { problem: 'tooLow' | 'tooHigh' | 'dailyLimit'; limit: number }

/** Digits with an optional thousands separator ("1,500"), else null. */
export function parseAmount(raw: FormDataEntryValue | null): number | null | 'empty' {
  if (typeof raw !== 'string' || raw.trim() === '') return 'empty'
  const text = raw.trim().replace(/,/g, '')
  if (!/^\d{1,9}$/.test(text)) return null
  return Number(text)
}

export function checkAmount(
  raw: FormDataEntryValue | null,
  rules: { limits: AmountRange; balance: number; dailyLeft: number },
): { amount: number } | AmountProblem {
  const amount = parseAmount(raw)
  if (amount === 'empty') return { problem: 'required' }
  if (amount === null || amount <= 0) return { problem: 'wholeBaht' }
  if (amount < rules.limits.min) return { problem: 'tooLow', limit: rules.limits.min }
  if (amount > rules.limits.max) return { problem: 'tooHigh', limit: rules.limits.max }
  if (amount > rules.balance) return { problem: 'balanceLow' }
  if (amount > rules.dailyLeft) return { problem: 'dailyLimit', limit: rules.dailyLeft }
  return { amount }
}

/**
 * A bank account number with only its last four digits shown, grouped as Thai
 * banks print them: 1234567890 -> xxx-x-xx789-0; other lengths in fours.
 */
export function maskAccountNumber(digits: string): string {
  const shown = Math.max(0, digits.length - 4)
  const masked = [...digits].map((d, i) => (i < shown ? 'x' : d)).join('')
  if (masked.length === 10) {
    return `${masked.slice(0, 3)}-${masked.slice(3, 4)}-${masked.slice(4, 9)}-${masked.slice(9)}`
  }
  return masked.replace(/(.{4})(?=.)/g, '$1-')
}
