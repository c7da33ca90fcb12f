// docs/backend-api.md, "Push notifications". No token, member id or balance in a payload.
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

export const PUSH_KINDS = ['win', 'deposit', 'withdrawal', 'cashback'] as const
export type PushKind = (typeof PUSH_KINDS)[number]

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/)

/**
 * The endpoint is checked apart (isPushEndpoint) so a refused push service is told apart from a
 * body of the wrong shape.
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.string().max(2048),
    expirationTime: z.number().int().nonnegative().nullable().optional(),
    // p256dh: an uncompressed P-256 point (65 bytes, 87 chars); auth: 16 bytes (22 chars).
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }).strip(),
  })
  .strip()
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

export const savedSubscriptionSchema = z.object({
  id: z.string().min(1),
  endpoint: z.string(),
  createdAt: z.string().datetime({ offset: true }),
})
export type SavedSubscription = z.infer<typeof savedSubscriptionSchema>

export const savedSubscriptionResponseSchema = envelope(savedSubscriptionSchema)
export const subscriptionsResponseSchema = envelope(
  z.object({ items: z.array(savedSubscriptionSchema) }),
)

export const removeSubscriptionSchema = z.object({ endpoint: z.string().min(1).max(2048) })
export const removedResponseSchema = envelope(z.object({ removed: z.boolean() }))

export const pushKindsSchema = z.object({
  win: z.boolean(),
  deposit: z.boolean(),
  withdrawal: z.boolean(),
  cashback: z.boolean(),
})
export type PushKinds = z.infer<typeof pushKindsSchema>
export const pushKindsResponseSchema = envelope(pushKindsSchema)

export const vapidKeyResponseSchema = envelope(z.object({ publicKey: base64url(80, 100) }))

export const pushPayloadSchema = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(400),
  /** Same origin only. */
  url: z.string().regex(/^\/(?!\/)[^\s\\]*$/),
  /** A second push with the same tag replaces it. */
  tag: z.string().min(1).max(100),
  kind: z.enum(PUSH_KINDS),
})
export type PushPayload = z.infer<typeof pushPayloadSchema>
