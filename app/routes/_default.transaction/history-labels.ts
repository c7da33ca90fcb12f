/**
 * The Thai names of the ledger's kinds (the history's filter and lines; its
 * statuses' are ~/ui/status-labels, the staff console reads them too), and how a line's amount reads: what moved the balance is signed,
 * what never did (a failed or cancelled line: a refused withdrawal's held
 * money was given back) is not.
 */
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

/** In the ledger's order (the filter's options). */
export const KINDS = Object.keys(KIND_LABELS) as TransactionKind[]
export const STATUSES = Object.keys(TRANSACTION_STATUS_LABELS) as TransactionStatus[]

/** "+฿1,000.00" / "−฿350.00": the sign is text, the colour only repeats it. */
export function signedBaht(amount: number): string {
  return `${amount < 0 ? '−' : '+'}${formatBaht(Math.abs(amount))}`
}

export interface LedgerAmount {
  /** "−฿350.00" for money that moved; "฿1,000.00" (no sign) for money that did not. */
  text: string
  /** in / out: it moved the balance; none: it did not (failed or cancelled). */
  flow: 'in' | 'out' | 'none'
  /** Why nothing moved, for the member: "คืนเงินแล้ว", "ไม่ได้เข้ายอดเงิน"; null when it moved. */
  note: string | null
}

/**
 * How a ledger line's amount reads wherever a line (a withdrawal) is shown. A
 * pending withdrawal is already held (out); a failed or cancelled one was given
 * back, so it is not shown as taken.
 */
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
