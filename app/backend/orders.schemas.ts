// docs/backend-api.md, "Wallet: deposits and orders". Shared with the demo backend.
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

export const ORDER_METHODS = ['bank', 'promptpay'] as const
export const orderMethodSchema = z.enum(ORDER_METHODS)
export type OrderMethod = z.infer<typeof orderMethodSchema>

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const
export const orderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof orderStatusSchema>

/** A mobile number (10 digits), a tax id (13) or an e-wallet id (15). */
export const promptPayIdSchema = z.string().regex(/^(\d{10}|\d{13}|\d{15})$/)

export const payToSchema = z.object({
  promptPayId: promptPayIdSchema.optional(),
  bankCode: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  bankName: z.string().min(1).optional(),
  accountNumber: z
    .string()
    .regex(/^\d{10,12}$/)
    .optional(),
  accountName: z.string().min(1),
})
export type PayTo = z.infer<typeof payToSchema>

export const orderSchema = z.object({
  id: z.number().int().positive(),
  method: orderMethodSchema,
  amount: z.number().int().positive(),
  status: orderStatusSchema,
  createdAt: z.string().datetime({ offset: true }),
  expiresAt: z.string().datetime({ offset: true }),
  paidAt: z.string().datetime({ offset: true }).nullable(),
  payTo: payToSchema,
})
export type Order = z.infer<typeof orderSchema>

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
