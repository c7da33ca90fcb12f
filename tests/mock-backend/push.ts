/**
 * Web push in the demo backend (docs/backend-api.md, "Push notifications").
 *
 * Members save their devices' subscriptions (PushSubscription.toJSON()) and
 * choose the kinds of event they want pushed (all on by default). When the
 * EventBook records an event of a pushed kind (a won slip, a paid deposit, a
 * paid or refused withdrawal, cashback), the desk sends it to each of the
 * member's subscriptions, if the member chose that kind: the notification
 * centre's Thai title, text and link (app/live/event-text.server.ts), as
 * JSON encrypted and signed by `web-push` (RFC 8291, VAPID). A push service
 * that answers 404 or 410 has dropped the subscription: it is removed.
 *
 * A subscription belongs to the login that saved it (its token family):
 * when that login ends (POST /auth/logout, logout-others, a password change
 * that ends the member's other logins, a revoked family), its subscriptions
 * are gone: nothing more is pushed to a device its member logged out of.
 * An expired login keeps them (the device is still the member's; another
 * member logging in there unsubscribes the browser, and the push service's
 * 410 removes it).
 *
 * An endpoint must be https on port 443 of a push service browsers use
 * (isPushEndpoint in app/lib/push-endpoint.ts, PUSH_SERVICE_HOSTS), else
 * `400 PUSH_ENDPOINT_REFUSED`; each push goes only to a public address of
 * its name, resolved once (push-target.ts). `rule.allowLocalService`
 * (PUSH_ALLOW_LOCAL_SERVICE=1, tests only) also takes a push service on this
 * machine.
 *
 * The VAPID keys come from the options (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
 * VAPID_SUBJECT for the CLI); without them the desk makes its own at start
 * (they live as long as the process: subscriptions made with the old key
 * stop working on a restart, as the subscriptions themselves do).
 *
 * Controls: GET /__mock/push/subscriptions?username= (the member's saved
 * subscriptions and kinds), GET /__mock/push/sent?username= (what was sent
 * and how the push service answered).
 */
import webpush from 'web-push'
import { z } from 'zod'
import { envelope } from '../../app/backend/schemas'
import {
  pushKindsResponseSchema,
  pushKindsSchema,
  pushSubscriptionSchema,
  removedResponseSchema,
  removeSubscriptionSchema,
  savedSubscriptionResponseSchema,
  subscriptionsResponseSchema,
  vapidKeyResponseSchema,
  type PushKinds,
  type PushPayload,
  type PushSubscriptionInput,
} from '../../app/backend/push.schemas'
import {
  DEFAULT_PUSH_ENDPOINT_RULE,
  isPushEndpoint,
  type PushEndpointRule,
} from '../../app/lib/push-endpoint'
import { pushPayloadOf } from '../../app/live/event-text.server'
import { memberNamed } from './control'
import type { EventBook, StoredEvent } from './events'
import { ApiError, dataReply } from './http'
import { OptionsError } from './options'
import { postPinned, pushTargetOf, systemResolver, type PushHostResolver } from './push-target'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  /** `mailto:` or `https:`: whom a push service may contact about our pushes. */
  subject: string
}

/** Subscriptions kept per member (a member's devices); a new one beyond replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10
/** How long a push service keeps a push for a device that is offline (s). */
export const PUSH_TTL_SECONDS = 24 * 3600
export const DEFAULT_VAPID_SUBJECT = 'mailto:push@member-app.example'
const SENT_KEPT = 200

export interface StoredSubscription extends PushSubscriptionInput {
  id: string
  memberId: number
  /** The login (token family) that saved it: it lives as long as that login. */
  familyId: string
  createdAt: string
}

export interface SentPush {
  memberId: number
  endpoint: string
  payload: PushPayload
  /** The push service's answer (0: it could not be reached). */
  status: number
  removed: boolean
}

const ALL_ON: PushKinds = Object.freeze({
  win: true,
  deposit: true,
  withdrawal: true,
  cashback: true,
})

/** Keys given in full, or a new pair (the subject given, else the default). */
export function vapidKeysOf(given: Partial<VapidKeys> = {}): VapidKeys {
  const subject = given.subject || DEFAULT_VAPID_SUBJECT
  if (given.publicKey && given.privateKey) {
    // Throws on keys web-push cannot use: better at start than at the first push.
    webpush.setVapidDetails(subject, given.publicKey, given.privateKey)
    return { publicKey: given.publicKey, privateKey: given.privateKey, subject }
  }
  if (given.publicKey || given.privateKey) {
    throw new OptionsError('VAPID keys: give both the public and the private key, or neither')
  }
  return { ...webpush.generateVAPIDKeys(), subject }
}

export class PushDesk {
  #nextId = 1
  /** Per member: endpoint → subscription, oldest first. */
  readonly #subscriptions = new Map<number, Map<string, StoredSubscription>>()
  readonly #kinds = new Map<number, PushKinds>()
  readonly #pending = new Set<Promise<void>>()
  sent: SentPush[] = []
  vapid: VapidKeys = vapidKeysOf()
  /** Which endpoints are taken (PUSH_SERVICE_HOSTS; PUSH_ALLOW_LOCAL_SERVICE, tests only). */
  rule: PushEndpointRule = DEFAULT_PUSH_ENDPOINT_RULE
  /** How an endpoint's name is resolved before each push (tests give their own). */
  resolveHost: PushHostResolver = systemResolver

  constructor(
    events: EventBook,
    private readonly clock: () => number = Date.now,
    /** Whether the login (token family) of this id has ended. */
    private readonly loginEnded: (familyId: string) => boolean = () => false,
  ) {
    events.onRecord((stored) => this.#onEvent(stored))
  }

  reset(): void {
    this.#subscriptions.clear()
    this.#kinds.clear()
    this.sent = []
  }

  /** The member's subscriptions whose login goes on (those of ended logins are dropped here). */
  subscriptionsOf(memberId: number): StoredSubscription[] {
    const mine = this.#subscriptions.get(memberId)
    if (!mine) return []
    for (const [endpoint, subscription] of mine) {
      if (this.loginEnded(subscription.familyId)) mine.delete(endpoint)
    }
    return [...mine.values()]
  }

  save(memberId: number, familyId: string, input: PushSubscriptionInput): StoredSubscription {
    const mine = this.#subscriptions.get(memberId) ?? new Map<string, StoredSubscription>()
    // An endpoint is one device's: another member's login on it takes it over.
    for (const [other, theirs] of this.#subscriptions) {
      if (other !== memberId) theirs.delete(input.endpoint)
    }
    const before = mine.get(input.endpoint)
    mine.delete(input.endpoint)
    const stored: StoredSubscription = {
      ...input,
      id: before?.id ?? `ps-${this.#nextId++}`,
      memberId,
      familyId,
      createdAt: before?.createdAt ?? bangkokIso(this.clock()),
    }
    mine.set(input.endpoint, stored)
    while (mine.size > MAX_SUBSCRIPTIONS_PER_MEMBER) {
      const oldest = mine.keys().next().value
      if (oldest === undefined) break
      mine.delete(oldest)
    }
    this.#subscriptions.set(memberId, mine)
    return stored
  }

  remove(memberId: number, endpoint: string): boolean {
    const known = this.subscriptionsOf(memberId).some((s) => s.endpoint === endpoint)
    return known && (this.#subscriptions.get(memberId)?.delete(endpoint) ?? false)
  }

  kindsOf(memberId: number): PushKinds {
    return { ...(this.#kinds.get(memberId) ?? ALL_ON) }
  }

  setKinds(memberId: number, kinds: PushKinds): PushKinds {
    this.#kinds.set(memberId, { ...kinds })
    return this.kindsOf(memberId)
  }

  /** Resolves once every push started so far has had its answer. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending])
  }

  #onEvent({ memberId, event }: StoredEvent): void {
    const payload = pushPayloadOf(event)
    if (payload === null || !this.kindsOf(memberId)[payload.kind]) return
    for (const subscription of this.subscriptionsOf(memberId)) {
      const sending = this.#send(subscription, payload).finally(() => this.#pending.delete(sending))
      this.#pending.add(sending)
    }
  }

  async #send(subscription: StoredSubscription, payload: PushPayload): Promise<void> {
    let status = 0
    try {
      const target = await pushTargetOf(subscription.endpoint, this.rule, this.resolveHost)
      if (typeof target === 'string') throw new Error(target)
      // web-push encrypts and signs (its audience read from the URL as parsed here); the
      // request goes to the address checked (web-push's own sender is https only).
      const request = webpush.generateRequestDetails(
        { endpoint: target.url.href, keys: subscription.keys },
        JSON.stringify(payload),
        {
          vapidDetails: this.vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
        },
      )
      status = await postPinned(
        target,
        {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
        },
        10_000,
      )
    } catch (error) {
      console.error('[mock-backend] push not sent:', (error as Error).message)
    }
    const gone = status === 404 || status === 410
    if (gone) this.remove(subscription.memberId, subscription.endpoint)
    this.sent.push({
      memberId: subscription.memberId,
      endpoint: subscription.endpoint,
      payload,
      status,
      removed: gone,
    })
    if (this.sent.length > SENT_KEPT) this.sent.splice(0, this.sent.length - SENT_KEPT)
  }
}

const listed = (s: StoredSubscription) => ({
  id: s.id,
  endpoint: s.endpoint,
  createdAt: s.createdAt,
})

/** GET /member/push/key: the public key browsers subscribe with. */
async function publicKey(ctx: RequestContext) {
  await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(vapidKeyResponseSchema, { data: { publicKey: ctx.state.push.vapid.publicKey } })
}

async function list(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const items = ctx.state.push.subscriptionsOf(member.id).map(listed)
  return dataReply(subscriptionsResponseSchema, { data: { items } })
}

async function save(ctx: RequestContext) {
  const { member, family } = await ctx.sessions.caller(ctx.headers.authorization)
  const { push } = ctx.state
  const input = jsonBody(ctx, pushSubscriptionSchema)
  if (!isPushEndpoint(input.endpoint, push.rule)) {
    throw new ApiError(
      400,
      'PUSH_ENDPOINT_REFUSED',
      'The endpoint must be https on port 443 of a push service this backend sends to',
    )
  }
  const stored = push.save(member.id, family.id, input)
  return dataReply(savedSubscriptionResponseSchema, { data: listed(stored) })
}

async function remove(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { endpoint } = jsonBody(ctx, removeSubscriptionSchema.strict())
  const removed = ctx.state.push.remove(member.id, endpoint)
  return dataReply(removedResponseSchema, { data: { removed } })
}

async function kinds(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(pushKindsResponseSchema, { data: ctx.state.push.kindsOf(member.id) })
}

async function setKinds(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const chosen = jsonBody(ctx, pushKindsSchema.strict())
  return dataReply(pushKindsResponseSchema, { data: ctx.state.push.setKinds(member.id, chosen) })
}

const usernameOf = (ctx: RequestContext) =>
  memberNamed(ctx, ctx.url.searchParams.get('username') ?? '')

const mockSubscriptionsSchema = envelope(
  z.object({
    kinds: pushKindsSchema,
    items: z.array(
      z.object({
        id: z.string(),
        endpoint: z.string(),
        keys: z.object({ p256dh: z.string(), auth: z.string() }),
        createdAt: z.string(),
      }),
    ),
  }),
)

function mockSubscriptions(ctx: RequestContext) {
  const member = usernameOf(ctx)
  const { push } = ctx.state
  const items = push
    .subscriptionsOf(member.id)
    .map(({ id, endpoint, keys, createdAt }) => ({ id, endpoint, keys, createdAt }))
  return dataReply(mockSubscriptionsSchema, { data: { kinds: push.kindsOf(member.id), items } })
}

const mockSentSchema = envelope(
  z.object({
    items: z.array(
      z.object({
        endpoint: z.string(),
        payload: z.record(z.string(), z.unknown()),
        status: z.number().int(),
        removed: z.boolean(),
      }),
    ),
  }),
)

/** Waits for the pushes under way, then lists what was sent to the member. */
async function mockSent(ctx: RequestContext) {
  const member = usernameOf(ctx)
  await ctx.state.push.idle()
  const items = ctx.state.push.sent
    .filter((sent) => sent.memberId === member.id)
    .map(({ endpoint, payload, status, removed }) => ({ endpoint, payload, status, removed }))
  return dataReply(mockSentSchema, { data: { items } })
}

export const pushRoutes: readonly Route[] = [
  { method: 'GET', path: '/member/push/key', handler: publicKey },
  { method: 'GET', path: '/member/push/subscriptions', handler: list },
  { method: 'POST', path: '/member/push/subscriptions', handler: save },
  { method: 'POST', path: '/member/push/subscriptions/remove', handler: remove },
  { method: 'GET', path: '/member/push/kinds', handler: kinds },
  { method: 'PUT', path: '/member/push/kinds', handler: setKinds },
  { method: 'GET', path: '/__mock/push/subscriptions', handler: mockSubscriptions },
  { method: 'GET', path: '/__mock/push/sent', handler: mockSent },
]
