/**
 * The wallet's ledger as the backend reports it (docs/backend-api.md,
 * "Wallet"): every movement of a member's balance, whatever moved it
 * (deposit, withdrawal, bonus, lotto stake or winnings, cashback, coupon,
 * commission, reward game). Shared with the demo backend.
 */
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

/** pending: waiting (a deposit not paid yet, a withdrawal not sent yet); final otherwise. */
export const TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'cancelled'] as const
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES)
export type TransactionStatus = z.infer<typeof transactionStatusSchema>

export const transactionSchema = z.object({
  id: z.string().min(1),
  kind: transactionKindSchema,
  status: transactionStatusSchema,
  /** Baht, two decimals: positive in, negative out. */
  amount: z.number(),
  /** The balance right after this movement (null while pending). */
  balanceAfter: z.number().nullable(),
  /** ISO 8601 with offset. */
  at: z.string().datetime({ offset: true }),
  /** A short Thai description ("ฝากผ่านพร้อมเพย์", "แทงหวยรัฐบาลไทย งวด 16 ธ.ค. 2569"). */
  note: z.string(),
  /** The order, withdrawal or slip it belongs to, when there is one. */
  ref: z.string().nullable(),
})
export type Transaction = z.infer<typeof transactionSchema>

// ---------------------------------------------------------------------------
// Withdrawals (docs/backend-api.md, "Wallet: withdrawals and history")

/** The registered bank account withdrawals go to (the member cannot choose another). */
export const payoutAccountSchema = z.object({
  /** The Bank of Thailand's three-digit code, e.g. "004". */
  bankCode: z.string().regex(/^[0-9]{3}$/),
  /** The Thai name, e.g. "ธนาคารกสิกรไทย". */
  bankName: z.string().min(1),
  /** Digits only; the app masks it before it reaches the browser. */
  accountNumber: z.string().regex(/^[0-9]{6,20}$/),
  accountName: z.string().min(1),
})

/** `GET /wallet/withdraw-info`: where the money goes and how much may still leave today. */
export const withdrawInfoSchema = z.object({
  /** null: the member has no registered account (NO_BANK_ACCOUNT on a withdrawal). */
  account: payoutAccountSchema.nullable(),
  balance: z.number(),
  /** Baht per Bangkok day, all withdrawals together. */
  dailyLimit: z.number().nonnegative(),
  /** What is left of it today (pending and paid withdrawals count; rejected ones do not). */
  dailyLeft: z.number().nonnegative(),
})
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>
export const withdrawInfoResponseSchema = envelope(withdrawInfoSchema)

/** `POST /wallet/withdrawals`: whole baht; the key makes a repeat of the post the same withdrawal. */
export const withdrawRequestSchema = z.object({
  amount: z.number(),
  idempotencyKey: z.string().min(8).max(64),
})
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>

/** The withdrawal as its ledger line (kind withdraw, negative, pending) and the balance after the hold. */
export const withdrawAnswerSchema = z.object({
  withdrawal: transactionSchema,
  balance: z.number(),
})
export type WithdrawAnswer = z.infer<typeof withdrawAnswerSchema>
export const withdrawResponseSchema = envelope(withdrawAnswerSchema)

// ---------------------------------------------------------------------------
// History (docs/backend-api.md, "Wallet: withdrawals and history")

/** Lines per page of `GET /wallet/transactions` (the app asks for this many). */
export const HISTORY_PAGE_SIZE = 20
export const HISTORY_MAX_PAGE_SIZE = 50

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** The query of `GET /wallet/transactions`; every filter optional; days are Bangkok days, inclusive. */
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
  /** Newest first. */
  items: z.array(transactionSchema),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  /** Lines matching the filters, all pages. */
  total: z.number().int().nonnegative(),
})
export type HistoryPage = z.infer<typeof historyPageSchema>
export const historyResponseSchema = envelope(historyPageSchema)
