/**
 * The demo wallet's ledger: every change of a member's balance goes through
 * here and leaves a line the history shows (docs/backend-api.md, "Wallet").
 * A success moves the balance at once; a pending line either waits (a
 * deposit order: the money arrives when paid) or holds the money already (a
 * withdrawal: taken now, given back if it fails or is cancelled).
 */
import type {
  Transaction,
  TransactionKind,
  TransactionStatus,
} from '../../app/backend/wallet.schemas'
import type { EventBook } from './events'
import { bangkokIso } from './lotto-catalog'
import type { DemoMember } from './state'

export interface StoredTransaction extends Transaction {
  memberId: number
  /** A pending line whose amount has already left the balance. */
  held: boolean
}

export interface PostInput {
  kind: TransactionKind
  /** Positive in, negative out (baht). */
  amount: number
  note: string
  ref?: string | null
  status?: Extract<TransactionStatus, 'success' | 'pending'>
  /** For a pending line: take the (negative) amount from the balance now. */
  hold?: boolean
  /** ms; default now. */
  at?: number
}

export const round2 = (n: number) => Math.round(n * 100) / 100

export class Ledger {
  lines: StoredTransaction[] = []
  #nextId = 1

  /** Every move of a balance is a `balance` event; the books raise theirs here too. */
  constructor(readonly events: EventBook) {}

  reset(): void {
    this.lines = []
    this.#nextId = 1
  }

  /** Records a movement (and moves the balance when it is a success or held). */
  post(member: DemoMember, input: PostInput): Transaction {
    const status = input.status ?? 'success'
    const held = status === 'pending' && input.hold === true
    const amount = round2(input.amount)
    if (status === 'success' || held) this.#move(member, amount)
    const line: StoredTransaction = {
      id: `T${String(this.#nextId++).padStart(6, '0')}`,
      memberId: member.id,
      kind: input.kind,
      status,
      amount,
      balanceAfter: status === 'success' ? member.balance : null,
      at: bangkokIso(input.at ?? Date.now()),
      note: input.note,
      ref: input.ref ?? null,
      held,
    }
    this.lines.push(line)
    return publicLine(line)
  }

  /** Ends a pending line: success moves the money (unless held), failed/cancelled gives a hold back. */
  finish(
    member: DemoMember,
    id: string,
    status: Exclude<TransactionStatus, 'pending'>,
  ): Transaction | undefined {
    const line = this.lines.find((l) => l.id === id && l.memberId === member.id)
    if (!line || line.status !== 'pending') return line && publicLine(line)
    if (status === 'success' && !line.held) this.#move(member, line.amount)
    if (status !== 'success' && line.held) this.#move(member, -line.amount)
    line.status = status
    line.balanceAfter = member.balance
    return publicLine(line)
  }

  #move(member: DemoMember, amount: number) {
    member.balance = round2(member.balance + amount)
    if (amount !== 0) this.events.emit(member.id, { type: 'balance', balance: member.balance })
  }

  byRef(memberId: number, ref: string): Transaction | undefined {
    const line = this.lines.find((l) => l.memberId === memberId && l.ref === ref)
    return line && publicLine(line)
  }

  /** The member's lines, newest first. */
  ofMember(memberId: number): Transaction[] {
    return this.lines
      .filter((line) => line.memberId === memberId)
      .reverse()
      .map(publicLine)
  }
}

function publicLine({ memberId: _m, held: _h, ...line }: StoredTransaction): Transaction {
  return line
}
