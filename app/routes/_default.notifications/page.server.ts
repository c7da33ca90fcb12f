/**
 * The notification centre's server side: the member's recent events in
 * Thai, with Buddhist-era times and where each leads, and the post that
 * marks them read (the page sends it once shown; without JavaScript, its
 * button). The texts are app/live/event-text.server.ts's: the browser gets
 * sentences, not events.
 */
import { data } from '@remix-run/node'
import { markNotificationsRead, notifications } from '~/backend/notifications.server'
import { MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { bangkokDate, formatThaiDateTime } from '~/lib/thai-date'
import type { RouteContext } from '~/session/guard'
import { notificationText, type NotificationRow } from '~/live/event-text.server'

export type { NotificationRow }

function rows(list: Awaited<ReturnType<typeof notifications>>): NotificationRow[] {
  return list.items.map(({ id, read, event }) => ({
    id,
    read,
    ...notificationText(event),
    at: formatThaiDateTime(bangkokDate(event.at)),
    iso: event.at,
  }))
}

export async function loadPage(ctx: RouteContext) {
  const list = await notifications(ctx)
  return { unread: list.unread, rows: rows(list) }
}

export async function submit(ctx: RouteContext) {
  const form = await readFormData(ctx.request)
  const upTo = Number(form.get('upTo'))
  if (!Number.isSafeInteger(upTo) || upTo < 0) throw httpError(400, MALFORMED_FORM_MESSAGE)
  const list = await markNotificationsRead(ctx, upTo)
  return data({ unread: list.unread })
}
