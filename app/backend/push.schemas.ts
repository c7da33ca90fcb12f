/**
 * Web push (docs/backend-api.md, "Push notifications"): the member's
 * subscriptions (one per device, as the browser's PushSubscription.toJSON()
 * gives it), the kinds of event the member wants pushed, the backend's VAPID
 * public key, and the payload the backend sends (what the service worker,
 * app/sw/push.ts, shows). No token, member id or balance in a payload.
 */
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

/** The kinds a member may have pushed, each on by default. */
export const PUSH_KINDS = ['win', 'deposit', 'withdrawal', 'cashback'] as const
export type PushKind = (typeof PUSH_KINDS)[number]

/** base64url without padding, as the browser's toJSON() gives keys. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/)

/**
 * A subscription as the browser's PushSubscription.toJSON() gives it. Its
 * endpoint is checked apart (isPushEndpoint, ~/lib/push-endpoint): a refused
 * push service is told apart from a body of the wrong shape
 * (`PUSH_ENDPOINT_REFUSED`).
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

/** `POST /member/push/subscriptions/remove`. */
export const removeSubscriptionSchema = z.object({ endpoint: z.string().min(1).max(2048) })
export const removedResponseSchema = envelope(z.object({ removed: z.boolean() }))

/** The member's choice per kind. */
export const pushKindsSchema = z.object({
  win: z.boolean(),
  deposit: z.boolean(),
  withdrawal: z.boolean(),
  cashback: z.boolean(),
})
export type PushKinds = z.infer<typeof pushKindsSchema>
export const pushKindsResponseSchema = envelope(pushKindsSchema)

export const vapidKeyResponseSchema = envelope(z.object({ publicKey: base64url(80, 100) }))

/** What a push carries (JSON), and what the service worker shows. */
export const pushPayloadSchema = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(400),
  /** A path of the app (same origin): where a tap leads. */
  url: z.string().regex(/^\/(?!\/)[^\s\\]*$/),
  /** One notification per event: a second push with the same tag replaces it. */
  tag: z.string().min(1).max(100),
  kind: z.enum(PUSH_KINDS),
})
export type PushPayload = z.infer<typeof pushPayloadSchema>
