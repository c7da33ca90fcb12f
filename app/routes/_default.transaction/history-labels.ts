/** The Thai names of the ledger's kinds and statuses (the history's filter and lines). */
import type { TransactionKind, TransactionStatus } from '~/backend/wallet.schemas'

export const KIND_LABELS: Readonly<Record<TransactionKind, string>> = {
  deposit: 'ฝากเงิน',
  withdraw: 'ถอนเงิน',
  bonus: 'โบนัส',
  stake: 'แทงหวย',
  winnings: 'ถูกรางวัล',
  cashback: 'คืนยอดเสีย',
  coupon: 'คูปอง',
  commission: 'ค่าคอมมิชชัน',
  reward: 'รางวัลกิจกรรม',
}

export const STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  pending: 'รอดำเนินการ',
  success: 'สำเร็จ',
  failed: 'ไม่สำเร็จ',
  cancelled: 'ยกเลิก',
}

/** In the ledger's order (the filter's options). */
export const KINDS = Object.keys(KIND_LABELS) as TransactionKind[]
export const STATUSES = Object.keys(STATUS_LABELS) as TransactionStatus[]
