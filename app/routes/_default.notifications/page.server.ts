/**
 * The notification centre's server side: the member's recent events in
 * Thai, with Buddhist-era times and where each leads, and the post that
 * marks them read (the page sends it once shown; without JavaScript, its
 * button). Texts are made here: the browser gets sentences, not events.
 */
import { data } from '@remix-run/node'
import type { MemberEvent } from '~/backend/events.schemas'
import { markNotificationsRead, notifications } from '~/backend/notifications.server'
import { MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { bangkokDate, formatThaiDateTime } from '~/lib/thai-date'
import type { RouteContext } from '~/session/guard'

export interface NotificationRow {
  id: number
  read: boolean
  title: string
  text: string
  /** Where it leads. */
  to: string
  /** "27 พ.ย. 2569 15:28" (Bangkok). */
  at: string
  iso: string
  tone: 'good' | 'bad' | 'info'
}

/** One event as the member reads it. */
export function notificationText(
  event: MemberEvent,
): Omit<NotificationRow, 'id' | 'read' | 'at' | 'iso'> {
  switch (event.type) {
    case 'order':
      return event.status === 'paid'
        ? {
            title: 'ฝากเงินสำเร็จ',
            text: `ยอด ${formatBaht(event.amount)} เข้ากระเป๋าแล้ว (รายการ #${event.orderId})`,
            to: `${PAGES.order.path}/${event.orderId}`,
            tone: 'good',
          }
        : {
            title: 'รายการฝากหมดเวลาชำระ',
            text: `รายการ #${event.orderId} ยอด ${formatBaht(event.amount)} หมดเวลาชำระแล้ว`,
            to: `${PAGES.order.path}/${event.orderId}`,
            tone: 'bad',
          }
    case 'withdrawal':
      return event.status === 'paid'
        ? {
            title: 'ถอนเงินสำเร็จ',
            text: `ยอด ${formatBaht(event.amount)} โอนเข้าบัญชีของคุณแล้ว`,
            to: `${PAGES.transaction.path}?tab=history`,
            tone: 'good',
          }
        : {
            title: 'รายการถอนไม่สำเร็จ',
            text: `ยอด ${formatBaht(event.amount)} คืนเข้ากระเป๋าแล้ว`,
            to: `${PAGES.transaction.path}?tab=history`,
            tone: 'bad',
          }
    case 'stake':
      return event.status === 'won'
        ? {
            title: `ถูกรางวัล${event.lottoName}`,
            text: `โพย #${event.stakeId} ได้รับ ${formatBaht(event.winnings)}`,
            to: `${PAGES.lotto.path}?tab=history`,
            tone: 'good',
          }
        : {
            title: `ประกาศผล${event.lottoName}`,
            text: `โพย #${event.stakeId} ไม่ถูกรางวัลในงวดนี้`,
            to: `${PAGES.lotto.path}?tab=history`,
            tone: 'info',
          }
    case 'cashback':
      return {
        title: 'มียอดคืนยอดเสียให้รับ',
        text: `ยอด ${formatBaht(event.amount)} กดรับได้ที่หน้าคืนยอดเสีย`,
        to: PAGES.cashback.path,
        tone: 'good',
      }
    case 'promotion':
      return {
        title: event.title,
        text: `ทำยอดได้ ${Math.floor(event.progress)}% ของเงื่อนไขแล้ว`,
        to: PAGES.promotion.path,
        tone: 'info',
      }
    case 'balance':
      return {
        title: 'ยอดเงินเปลี่ยน',
        text: formatBaht(event.balance),
        to: PAGES.transaction.path,
        tone: 'info',
      }
  }
}

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
