// What never moved the balance (a failed or cancelled line) is not signed.
import type { Transaction, TransactionKind, TransactionStatus } from '~/backend/wallet.schemas'
import { formatBaht } from '~/lib/money'
import { TRANSACTION_STATUS_LABELS } from '~/ui/status-labels'

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

export const KINDS = Object.keys(KIND_LABELS) as TransactionKind[]
export const STATUSES = Object.keys(TRANSACTION_STATUS_LABELS) as TransactionStatus[]

/** The sign is text, the colour only repeats it. */
export function signedBaht(amount: number): string {
  return `${amount < 0 ? '−' : '+'}${formatBaht(Math.abs(amount))}`
}

export interface LedgerAmount {
  text: string
  flow: 'in' | 'out' | 'none'
  note: string | null
}

/** A pending withdrawal is already held (out); a failed or cancelled one was given back. */
export function ledgerAmount(line: Pick<Transaction, 'amount' | 'status'>): LedgerAmount {
  if (line.status === 'failed' || line.status === 'cancelled') {
    return {
      text: formatBaht(Math.abs(line.amount)),
      flow: 'none',
      note: line.amount < 0 ? 'คืนเงินแล้ว' : 'ไม่ได้เข้ายอดเงิน',
    }
  }
  return { text: signedBaht(line.amount), flow: line.amount < 0 ? 'out' : 'in', note: null }
}
