/**
 * A deposit's amount limits (the configuration service's `limits.deposit`)
 * and what a member reads when an amount is outside them: the deposit form
 * says it before the post, and the backend module says the same when the
 * backend refuses the amount. Either way a message lands on a field of the
 * form (`DepositErrors`).
 */
import { formatBaht } from '~/lib/money'

export const depositTooLowMessage = (min: number) => `ฝากขั้นต่ำครั้งละ ${formatBaht(min)}`
export const depositTooHighMessage = (max: number) => `ฝากได้สูงสุดครั้งละ ${formatBaht(max)}`

/** The deposit form's field a message belongs to (`form`: the whole form) and the message. */
export type DepositErrors = Partial<Record<'amount' | 'method' | 'form', string>>
