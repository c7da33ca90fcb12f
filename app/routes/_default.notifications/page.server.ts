/**
 * The notification centre's server side: the member's recent events in
 * Thai, with Buddhist-era times and where each leads, and the post that
 * marks them read (the page sends it once shown; without JavaScript, its
 * button). The texts are app/live/event-text.server.ts's: the browser gets
 * sentences, not events.
 *
 * The read post takes `upTo` in one spelling only (decimal digits, no sign,
 * space or `0x`) and is limited per member like the other writes
 * (NOTIFICATIONS_READ_LIMIT, shared by every instance through Redis): the
 * page sends one per new item shown, so the limit is far above any member's.
 *
 * The page also turns web push on and off for the device (docs/backend-api.md,
 * "Push notifications"): posts with an `intent` (`push-on` with the browser's
 * subscription as JSON, `push-off` with its endpoint, `push-kinds` with the
 * kinds' checkboxes), checked by one zod union; anything else is answered in
 * Thai with a 400, never a 500. A backend without push: no panel.
 */
import { data } from '@remix-run/node'
import { z } from 'zod'
import { BackendError, refusalFor } from '~/backend/client.server'
import { markNotificationsRead, notifications } from '~/backend/notifications.server'
import {
  PUSH_KINDS,
  pushSubscriptionSchema,
  type PushKinds,
  type PushSubscriptionInput,
} from '~/backend/push.schemas'
import {
  pushKinds,
  pushSubscriptions,
  removePushSubscription,
  savePushKinds,
  savePushSubscription,
  vapidPublicKey,
} from '~/backend/push.server'
import { isPushEndpoint, pushEndpointRuleOf } from '~/lib/push-endpoint'
import { MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { bangkokDate, formatThaiDateTime } from '~/lib/thai-date-format'
import type { RouteContext } from '~/security/guard'
import { memberIdOf } from '~/session/member-api.server'
import { minutesToWait, retryAfterHeader, sharedRateLimiter } from '~/limits/rate-limit.server'
import { notificationText, type NotificationRow } from '~/live/event-text.server'

export type { NotificationRow }

/** A row of the page: `fresh` when it is new on this visit (unread when the visit began). */
export type ShownRow = NotificationRow & { fresh: boolean }

/**
 * `?new=<id>`: the items from this id on were new when the visit began. The
 * read form (without JavaScript) posts to it, so the page it answers with
 * still marks them "ใหม่" though they are read now. Digits only, as upTo.
 */
export const NEW_FROM_PARAM = 'new'

function rows(list: Awaited<ReturnType<typeof notifications>>, newFrom: number | null): ShownRow[] {
  return list.items.map(({ id, read, event }) => ({
    id,
    read,
    fresh: !read || (newFrom !== null && id >= newFrom),
    ...notificationText(event),
    at: formatThaiDateTime(bangkokDate(event.at)),
    iso: event.at,
  }))
}

/**
 * What the page's push panel needs: the key the browser subscribes with, the
 * member's kinds, and the endpoints the backend holds for the member. The
 * device is "on" only when its subscription is one of them: one left by a
 * member who logged out here (the backend dropped it with that login) is
 * ended in the browser, never shown as this member's.
 */
export interface PushPanelData {
  publicKey: string
  kinds: PushKinds
  endpoints: string[]
}

/**
 * A backend without the push calls, or failing on them: the page still lists
 * the notifications, without its push panel (a session that ended is not a
 * BackendError and still goes to the login).
 */
const withoutPush = (error: unknown) => error instanceof BackendError

async function loadPush(ctx: RouteContext): Promise<PushPanelData | null> {
  try {
    const [publicKey, kinds, saved] = await Promise.all([
      vapidPublicKey(ctx),
      pushKinds(ctx),
      pushSubscriptions(ctx),
    ])
    return { publicKey, kinds, endpoints: saved.map((s) => s.endpoint) }
  } catch (error) {
    if (withoutPush(error)) return null
    throw error
  }
}

export async function loadPage(ctx: RouteContext) {
  const [list, push] = await Promise.all([notifications(ctx), loadPush(ctx)])
  const newFrom = parseUpTo(ctx.url.searchParams.get(NEW_FROM_PARAM))
  return { unread: list.unread, rows: rows(list, newFrom), push }
}

export const PUSH_MESSAGES = {
  on: 'เปิดการแจ้งเตือนบนเครื่องนี้แล้ว',
  off: 'ปิดการแจ้งเตือนบนเครื่องนี้แล้ว',
  kinds: 'บันทึกประเภทการแจ้งเตือนแล้ว',
  badSubscription: 'ข้อมูลการแจ้งเตือนของเครื่องนี้ไม่ถูกต้อง กรุณากดเปิดการแจ้งเตือนอีกครั้ง',
  refusedService:
    'เบราว์เซอร์นี้ใช้บริการแจ้งเตือนที่ระบบไม่รองรับ กรุณาเปิดการแจ้งเตือนด้วย Chrome, Edge, Firefox หรือ Safari',
} as const

export type PushActionData = { push: { ok: string } } | { push: { error: string } }

const checkbox = z.literal('on').optional()
const pushPostSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('push-on'), subscription: z.string().max(4096) }),
  z.object({ intent: z.literal('push-off'), endpoint: z.string().min(1).max(2048) }),
  z.object({
    intent: z.literal('push-kinds'),
    win: checkbox,
    deposit: checkbox,
    withdrawal: checkbox,
    cashback: checkbox,
  }),
])

/**
 * The browser's subscription (PushSubscription.toJSON(), as JSON text);
 * `bad` when it is not one, `refused` when its endpoint is no push service
 * taken (the backend's rule, checked first here: PUSH_SERVICE_HOSTS, and a
 * local push service only for tests with PUSH_ALLOW_LOCAL_SERVICE=1).
 */
export function parseSubscription(text: string): PushSubscriptionInput | 'bad' | 'refused' {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return 'bad'
  }
  const parsed = pushSubscriptionSchema.safeParse(json)
  if (!parsed.success) return 'bad'
  return isPushEndpoint(parsed.data.endpoint, pushEndpointRuleOf(process.env))
    ? parsed.data
    : 'refused'
}

const pushError = (error: string) => data<PushActionData>({ push: { error } }, 400)

/** A refusal of the backend for a push post that the member can fix by trying again: Thai, 400. */
function refusedPush(error: unknown) {
  const refusal = refusalFor(error, { PUSH_ENDPOINT_REFUSED: PUSH_MESSAGES.refusedService })
  if (refusal) return pushError(refusal)
  return error instanceof BackendError && error.status === 400
    ? pushError(PUSH_MESSAGES.badSubscription)
    : null
}

async function submitPush(ctx: RouteContext, form: FormData) {
  const parsed = pushPostSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return data<PushActionData>({ push: { error: MALFORMED_FORM_MESSAGE } }, 400)
  }
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'push-on': {
        const subscription = parseSubscription(post.subscription)
        if (subscription === 'bad') return pushError(PUSH_MESSAGES.badSubscription)
        if (subscription === 'refused') return pushError(PUSH_MESSAGES.refusedService)
        await savePushSubscription(ctx, subscription)
        return data<PushActionData>({ push: { ok: PUSH_MESSAGES.on } })
      }
      case 'push-off':
        await removePushSubscription(ctx, post.endpoint)
        return data<PushActionData>({ push: { ok: PUSH_MESSAGES.off } })
      case 'push-kinds': {
        const kinds = Object.fromEntries(
          PUSH_KINDS.map((kind) => [kind, post[kind] === 'on']),
        ) as PushKinds
        await savePushKinds(ctx, kinds)
        return data<PushActionData>({ push: { ok: PUSH_MESSAGES.kinds } })
      }
    }
  } catch (error) {
    const refusal = refusedPush(error)
    if (refusal) return refusal
    throw error
  }
}

/** Read posts per member and window: one per new item shown, so far above any member's. */
export const NOTIFICATIONS_READ_LIMIT = { limit: 30, windowMs: 60_000 }
const readPosts = sharedRateLimiter('notifications-read', NOTIFICATIONS_READ_LIMIT)

export function notificationsReadLimitMessage(retryAfterMs: number): string {
  return `ส่งคำขอบ่อยเกินไป กรุณารอประมาณ ${minutesToWait(retryAfterMs)} นาทีแล้วลองใหม่`
}

/** The id read up to: decimal digits only (`0x10`, ` 1`, `1e3`, `-1` and an empty value are not). */
export function parseUpTo(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^(?:0|[1-9][0-9]{0,15})$/.test(value)) return null
  const upTo = Number(value)
  return Number.isSafeInteger(upTo) ? upTo : null
}

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  if (form.has('intent')) return submitPush(ctx, form)
  const upTo = parseUpTo(form.get('upTo'))
  if (upTo === null) throw httpError(400, MALFORMED_FORM_MESSAGE)
  const hit = await readPosts.hit(await memberIdOf(ctx))
  if (hit.limited) {
    throw Response.json(
      { message: notificationsReadLimitMessage(hit.retryAfterMs) },
      { status: 429, headers: retryAfterHeader(hit.retryAfterMs) },
    )
  }
  const list = await markNotificationsRead(ctx, upTo)
  return data({ unread: list.unread })
}
