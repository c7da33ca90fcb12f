/**
 * Deposit orders (docs/backend-api.md, "Wallet: deposits and orders"): the
 * member asks to deposit an amount by bank transfer or PromptPay QR, the
 * backend makes an order that says where to pay and until when, and the
 * order turns paid when the money arrives (or expired when it does not).
 * Shared with the demo backend.
 */
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

export const ORDER_METHODS = ['bank', 'promptpay'] as const
export const orderMethodSchema = z.enum(ORDER_METHODS)
export type OrderMethod = z.infer<typeof orderMethodSchema>

/** pending: waiting for the money; the others are final. */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const
export const orderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof orderStatusSchema>

/** A PromptPay id: a mobile number (10 digits), a tax id (13) or an e-wallet id (15). */
export const promptPayIdSchema = z.string().regex(/^(\d{10}|\d{13}|\d{15})$/)

/** Where the member sends the money: the service's own account. */
export const payToSchema = z.object({
  promptPayId: promptPayIdSchema.optional(),
  /** Bank of Thailand code ('004'). */
  bankCode: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  /** The bank's Thai name, for people. */
  bankName: z.string().min(1).optional(),
  accountNumber: z
    .string()
    .regex(/^\d{10,12}$/)
    .optional(),
  accountName: z.string().min(1),
})
export type PayTo = z.infer<typeof payToSchema>

export const orderSchema = z.object({
  /** A positive whole number (the page's URL: /order/:id). */
  id: z.number().int().positive(),
  method: orderMethodSchema,
  /** Whole baht. */
  amount: z.number().int().positive(),
  status: orderStatusSchema,
  /** ISO 8601 with offset. */
  createdAt: z.string().datetime({ offset: true }),
  /** After this moment a pending order turns expired. */
  expiresAt: z.string().datetime({ offset: true }),
  paidAt: z.string().datetime({ offset: true }).nullable(),
  payTo: payToSchema,
})
export type Order = z.infer<typeof orderSchema>

/** `POST /wallet/deposits`: one order per idempotency key. */
export const createDepositRequestSchema = z
  .object({
    amount: z.number().int().positive(),
    method: orderMethodSchema,
    idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  })
  .strict()
export type CreateDepositRequest = z.infer<typeof createDepositRequestSchema>

export const orderResponseSchema = envelope(orderSchema)
export const ordersResponseSchema = envelope(z.array(orderSchema))
