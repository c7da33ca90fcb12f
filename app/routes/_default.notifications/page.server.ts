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
 */
import { data } from '@remix-run/node'
import { markNotificationsRead, notifications } from '~/backend/notifications.server'
import { MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { bangkokDate, formatThaiDateTime } from '~/lib/thai-date'
import type { RouteContext } from '~/session/guard'
import { memberIdOf } from '~/session/member-api.server'
import { minutesToWait, retryAfterHeader, sharedRateLimiter } from '~/session/rate-limit.server'
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

export async function loadPage(ctx: RouteContext) {
  const list = await notifications(ctx)
  const newFrom = parseUpTo(ctx.url.searchParams.get(NEW_FROM_PARAM))
  return { unread: list.unread, rows: rows(list, newFrom) }
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
