// The member's pages and the staff console alike; an order's: ./orders/order-labels.tsx.
import type { StakeStatus } from '~/backend/lotto.schemas'
import type { TransactionStatus } from '~/backend/wallet.schemas'

export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  pending: 'รอดำเนินการ',
  success: 'สำเร็จ',
  failed: 'ไม่สำเร็จ',
  cancelled: 'ยกเลิก',
}

export const STAKE_STATUS_LABELS: Readonly<Record<StakeStatus, string>> = {
  pending: 'รอผล',
  won: 'ถูกรางวัล',
  lost: 'ไม่ถูกรางวัล',
}
