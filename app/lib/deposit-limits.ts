// The form says it before the post, and the backend module the same when the backend refuses.
import { formatBaht } from '~/lib/money'

export const depositTooLowMessage = (min: number) => `ฝากขั้นต่ำครั้งละ ${formatBaht(min)}`
export const depositTooHighMessage = (max: number) => `ฝากได้สูงสุดครั้งละ ${formatBaht(max)}`

export type DepositErrors = Partial<Record<'amount' | 'method' | 'form', string>>
