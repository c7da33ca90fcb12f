// docs/backend-api.md, "Wallet". Shared with the demo backend.
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

export const TRANSACTION_KINDS = [
  'deposit',
  'withdraw',
  'bonus',
  'stake',
  'winnings',
  'cashback',
  'coupon',
  'commission',
  'reward',
] as const
export const transactionKindSchema = z.enum(TRANSACTION_KINDS)
export type TransactionKind = z.infer<typeof transactionKindSchema>

export const TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'cancelled'] as const
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES)
export type TransactionStatus = z.infer<typeof transactionStatusSchema>

export const transactionSchema = z.object({
  id: z.string().min(1),
  kind: transactionKindSchema,
  status: transactionStatusSchema,
  /** Positive in, negative out. */
  amount: z.number(),
  balanceAfter: z.number().nullable(),
  at: z.string().datetime({ offset: true }),
  note: z.string(),
  ref: z.string().nullable(),
})
export type Transaction = z.infer<typeof transactionSchema>

// Withdrawals (docs/backend-api.md, "Wallet: withdrawals and history")

/** The member cannot choose another. */
export const payoutAccountSchema = z.object({
  bankCode: z.string().regex(/^[0-9]{3}$/),
  bankName: z.string().min(1),
  /** The app masks it before it reaches the browser. */
  accountNumber: z.string().regex(/^[0-9]{6,20}$/),
  accountName: z.string().min(1),
})

export const withdrawInfoSchema = z.object({
  account: payoutAccountSchema.nullable(),
  balance: z.number(),
  dailyLimit: z.number().nonnegative(),
  /** Pending and paid withdrawals count; rejected ones do not. */
  dailyLeft: z.number().nonnegative(),
})
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>
export const withdrawInfoResponseSchema = envelope(withdrawInfoSchema)

export const withdrawRequestSchema = z.object({
  amount: z.number(),
  idempotencyKey: z.string().min(8).max(64),
})
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>

export const withdrawAnswerSchema = z.object({
  withdrawal: transactionSchema,
  balance: z.number(),
})
export type WithdrawAnswer = z.infer<typeof withdrawAnswerSchema>
export const withdrawResponseSchema = envelope(withdrawAnswerSchema)

// History (docs/backend-api.md, "Wallet: withdrawals and history")

export const HISTORY_PAGE_SIZE = 20
export const HISTORY_MAX_PAGE_SIZE = 50

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** Days are Bangkok days, inclusive. */
export const historyQuerySchema = z.object({
  kind: transactionKindSchema.optional(),
  status: transactionStatusSchema.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
})
export type HistoryQuery = z.input<typeof historyQuerySchema>

export const historyPageSchema = z.object({
  items: z.array(transactionSchema),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  total: z.number().int().nonnegative(),
})
export type HistoryPage = z.infer<typeof historyPageSchema>
export const historyResponseSchema = envelope(historyPageSchema)
