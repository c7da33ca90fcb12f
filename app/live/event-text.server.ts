// Made on the server: the browser gets sentences, not rules (decision 0129); the backend's web
// push says the same.
import type { MemberEvent } from '~/backend/events.schemas'
import type { PushKind, PushPayload } from '~/backend/push.schemas'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { formatThaiMoment } from '~/lib/thai-date-format'
import type { FlashToast } from '~/server/toast.server'

export interface NotificationRow {
  id: number
  read: boolean
  title: string
  text: string
  to: string
  at: string
  iso: string
  tone: 'good' | 'bad' | 'info'
}

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
    case 'support-watch':
      return {
        title: 'เจ้าหน้าที่ดูแลบัญชีของคุณแล้ว',
        text: `ฝ่ายบริการสมาชิกเปิดดูบัญชีของคุณ (อ่านอย่างเดียว) เพื่อแก้ปัญหาตามเรื่อง #${event.ticket.replace(/^#/, '')} เมื่อ ${formatThaiMoment(event.startedAt)}`,
        to: PAGES.notifications.path,
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

export function toastFor(event: MemberEvent): FlashToast | null {
  switch (event.type) {
    case 'order':
      return event.status === 'paid'
        ? {
            type: 'success',
            // The same toast (and id) as the order's own page shows: never two.
            message: `ฝากเงินสำเร็จ ${formatBaht(event.amount)} เข้ากระเป๋าแล้ว`,
            id: `order-paid-${event.orderId}`,
          }
        : {
            type: 'info',
            message: `รายการฝาก #${event.orderId} หมดเวลาชำระแล้ว`,
            id: `order-expired-${event.orderId}`,
          }
    case 'withdrawal':
      return event.status === 'paid'
        ? {
            type: 'success',
            message: `ถอนเงินสำเร็จ ${formatBaht(event.amount)} โอนเข้าบัญชีแล้ว`,
            id: `withdrawal-paid-${event.withdrawalId}`,
          }
        : {
            type: 'error',
            message: `รายการถอน ${formatBaht(event.amount)} ไม่สำเร็จ คืนเงินเข้ากระเป๋าแล้ว`,
            id: `withdrawal-rejected-${event.withdrawalId}`,
          }
    case 'stake':
      return event.status === 'won'
        ? {
            type: 'success',
            message: `ยินดีด้วย! ถูกรางวัล${event.lottoName} ${formatBaht(event.winnings)}`,
            id: `stake-won-${event.stakeId}`,
          }
        : null
    case 'cashback':
      return {
        type: 'info',
        message: `มียอดคืนยอดเสีย ${formatBaht(event.amount)} รอรับอยู่`,
        id: `cashback-${Date.parse(event.at)}`,
      }
    case 'balance':
    case 'promotion':
    case 'support-watch':
      return null
  }
}

export function pushKindOf(event: MemberEvent): PushKind | null {
  switch (event.type) {
    case 'stake':
      return event.status === 'won' ? 'win' : null
    case 'order':
      return event.status === 'paid' ? 'deposit' : null
    case 'withdrawal':
      return 'withdrawal'
    case 'cashback':
      return 'cashback'
    case 'balance':
    case 'promotion':
    case 'support-watch':
      return null
  }
}

/** Only the event's own amount: no token, member id or balance. */
export function pushPayloadOf(event: MemberEvent): PushPayload | null {
  const kind = pushKindOf(event)
  const tag = toastFor(event)?.id
  if (kind === null || tag === undefined) return null
  const { title, text, to } = notificationText(event)
  return { title, body: text, url: to, tag, kind }
}
