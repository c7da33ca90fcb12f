/**
 * What a live event says to the member as a toast: only the events that
 * matter to money (a deposit paid or expired, a withdrawal paid or
 * rejected, a win, cashback to claim). A balance change shows in the header
 * instead; a lost slip or promotion progress shows on its page.
 */
import type { MemberEvent } from '~/backend/events.schemas'
import { formatBaht } from '~/lib/money'
import type { ToastRequest } from '~/ui/toast-host'

export function toastFor(event: MemberEvent): ToastRequest | null {
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
        id: `cashback-${event.at}`,
      }
    case 'balance':
    case 'promotion':
      return null
  }
}
