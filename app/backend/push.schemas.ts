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

/** A host that is no public name: an IP literal, localhost, or a name a public push service never has. */
function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  // IP literals, public or not: a push service is reached by its name. IPv6 comes as […];
  // WHATWG URL parsing turns every IPv4 spelling (0x7f.1, 2130706433, …) into a dotted quad.
  if (host.startsWith('[')) return true
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return true
  if (!host.includes('.')) return true
  return /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host)
}

/** Whether a host is this machine (where a test's local push service listens). */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' ||
  hostname === '[::1]' ||
  (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) && hostname.startsWith('127.'))

/**
 * Whether an endpoint may be saved: an https URL on a public host name (a
 * push service's), never an IP literal, localhost or another internal name:
 * the backend POSTs to it, so a member could otherwise aim it at the
 * backend's own network. `allowLocalService` (tests only, with
 * PUSH_ALLOW_LOCAL_SERVICE=1) also lets in a push service on this machine,
 * over http or https.
 */
export function isPushEndpoint(value: string, allowLocalService = false): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username !== '' || url.password !== '') return false
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  if (allowLocalService && isLoopback(url.hostname)) return true
  if (url.protocol !== 'https:') return false
  return !isInternalHost(url.hostname)
}

/**
 * Whether this process takes a local push service's endpoints: only with
 * PUSH_ALLOW_LOCAL_SERVICE=1 (the e2e servers and the tests set it; never
 * `npm start`).
 */
export function localPushServiceAllowed(env: Record<string, string | undefined>): boolean {
  return env.PUSH_ALLOW_LOCAL_SERVICE === '1'
}

/** A subscription as the browser's PushSubscription.toJSON() gives it. */
export function pushSubscriptionSchemaOf(allowLocalService: boolean) {
  return z
    .object({
      endpoint: z
        .string()
        .max(2048)
        .refine(
          (value) => isPushEndpoint(value, allowLocalService),
          'endpoint is not an https URL of a public host',
        ),
      expirationTime: z.number().int().nonnegative().nullable().optional(),
      // p256dh: an uncompressed P-256 point (65 bytes, 87 chars); auth: 16 bytes (22 chars).
      keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }).strip(),
    })
    .strip()
}

/** The rule in production: public https push services only. */
export const pushSubscriptionSchema = pushSubscriptionSchemaOf(false)
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
