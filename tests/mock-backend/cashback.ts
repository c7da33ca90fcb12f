/**
 * Cashback (คืนยอดเสีย) in the demo backend (docs/backend-api.md, "Cashback"):
 * weekly periods (Monday to Sunday, Bangkok) at 5 % of the net loss. The
 * current week is open; last week is claimable until this Sunday ends;
 * older unclaimed periods have expired. The seed members have believable
 * losses; the current week's loss also counts the member's lotto stakes and
 * winnings in the ledger. A claim pays through the ledger (kind `cashback`)
 * once per period, and once per idempotency key.
 */
import {
  cashbackClaimRequestSchema,
  cashbackClaimResponseSchema,
  cashbackResponseSchema,
  type CashbackClaim,
  type CashbackPeriod,
} from '../../app/backend/rewards.schemas'
import { ApiError, dataReply } from './http'
import { IdempotentReplies } from './idempotency'
import { round2, type Ledger } from './ledger'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import type { DemoMember } from './state'

export const CASHBACK_RATE = 5
/** How many finished weeks the overview lists besides the current one. */
export const CASHBACK_WEEKS = 4

const DAY_MS = 86_400_000
const BANGKOK_MS = 7 * 3_600_000
const THAI_MONTHS = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
]

/**
 * Seeded net losses by member, by weeks ago (0: this week so far); a
 * `claimed` week was paid already. Members not listed lost nothing.
 */
const SEED_LOSSES: ReadonlyMap<
  number,
  readonly { weeksAgo: number; loss: number; claimed?: boolean }[]
> = new Map([
  [
    1001,
    [
      { weeksAgo: 0, loss: 820 },
      { weeksAgo: 1, loss: 3250 },
      { weeksAgo: 2, loss: 1900, claimed: true },
      { weeksAgo: 4, loss: 600 },
    ],
  ],
  [1002, [{ weeksAgo: 1, loss: 1000 }]],
  [1004, [{ weeksAgo: 1, loss: 150 }]],
])

/** Midnight (UTC ms of Bangkok midnight) of the Monday of the week `weeksAgo` weeks before `now`'s. */
export function weekStart(now: number, weeksAgo: number): number {
  const local = new Date(now + BANGKOK_MS)
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  const sinceMonday = (local.getUTCDay() + 6) % 7
  return midnight - (sinceMonday + 7 * weeksAgo) * DAY_MS
}

/** `YYYY-MM-DD` of a Bangkok-midnight value from weekStart. */
const dayOf = (localMidnight: number) => new Date(localMidnight).toISOString().slice(0, 10)
/** The real moment of a Bangkok-midnight value. */
const momentOf = (localMidnight: number) => localMidnight - BANGKOK_MS

export const weekId = (localMonday: number) => `week-${dayOf(localMonday)}`

/** "16–22 พ.ย. 2569" for a note in the ledger. */
export function weekLabel(localMonday: number): string {
  const start = new Date(localMonday)
  const end = new Date(localMonday + 6 * DAY_MS)
  const month = (d: Date) => THAI_MONTHS[d.getUTCMonth()] ?? ''
  const year = end.getUTCFullYear() + 543
  const first =
    start.getUTCMonth() === end.getUTCMonth()
      ? `${start.getUTCDate()}`
      : `${start.getUTCDate()} ${month(start)}`
  return `${first}–${end.getUTCDate()} ${month(end)} ${year}`
}

interface StoredClaim extends CashbackClaim {
  memberId: number
}

export class CashbackBook {
  claims: StoredClaim[] = []
  readonly replies = new IdempotentReplies<{ claim: CashbackClaim; balance: number }>()
  #nextId = 1

  constructor(private readonly ledger: Ledger) {}

  reset(now = Date.now()): void {
    this.claims = []
    this.#nextId = 1
    this.replies.reset()
    for (const [memberId, weeks] of SEED_LOSSES) {
      for (const week of weeks) {
        if (!week.claimed) continue
        const monday = weekStart(now, week.weeksAgo)
        this.#record(memberId, weekId(monday), amountOf(week.loss), momentOf(monday + 8 * DAY_MS))
      }
    }
  }

  #record(memberId: number, periodId: string, amount: number, at: number): StoredClaim {
    const claim: StoredClaim = {
      id: `CB${String(this.#nextId++).padStart(5, '0')}`,
      memberId,
      periodId,
      amount,
      claimedAt: bangkokIso(at),
    }
    this.claims.push(claim)
    return claim
  }

  claimsOf(memberId: number): CashbackClaim[] {
    return this.claims
      .filter((claim) => claim.memberId === memberId)
      .reverse()
      .map(({ memberId: _m, ...claim }) => claim)
  }

  /** The current week's loss so far from the ledger: stakes out minus winnings in. */
  #ledgerLoss(memberId: number, from: number): number {
    let net = 0
    for (const line of this.ledger.lines) {
      if (line.memberId !== memberId || line.status !== 'success') continue
      if (Date.parse(line.at) < from) continue
      if (line.kind === 'stake' || line.kind === 'winnings') net -= line.amount
    }
    return net
  }

  /** The member's periods, newest first. */
  periods(memberId: number, now: number): CashbackPeriod[] {
    const seeds = SEED_LOSSES.get(memberId) ?? []
    const claimed = new Set(
      this.claims.filter((c) => c.memberId === memberId).map((c) => c.periodId),
    )
    const periods: CashbackPeriod[] = []
    for (let weeksAgo = 0; weeksAgo <= CASHBACK_WEEKS; weeksAgo++) {
      const monday = weekStart(now, weeksAgo)
      const id = weekId(monday)
      const seeded = seeds.find((s) => s.weeksAgo === weeksAgo)?.loss ?? 0
      const live = weeksAgo === 0 ? this.#ledgerLoss(memberId, momentOf(monday)) : 0
      const loss = round2(Math.max(0, seeded + live))
      const amount = amountOf(loss)
      const until = momentOf(weekStart(now, 0) + 7 * DAY_MS)
      let status: CashbackPeriod['status']
      if (claimed.has(id)) status = 'claimed'
      else if (weeksAgo === 0) status = 'open'
      else if (amount <= 0) status = 'none'
      else if (weeksAgo === 1) status = 'claimable'
      else status = 'expired'
      periods.push({
        id,
        kind: 'week',
        startsOn: dayOf(monday),
        endsOn: dayOf(monday + 6 * DAY_MS),
        loss,
        rate: CASHBACK_RATE,
        amount,
        status,
        claimableUntil: status === 'claimable' ? bangkokIso(until) : null,
      })
    }
    return periods
  }

  /** Pays a claimable period (an ApiError otherwise). */
  claim(
    member: DemoMember,
    periodId: string,
    now: number,
  ): { claim: CashbackClaim; balance: number } {
    const period = this.periods(member.id, now).find((p) => p.id === periodId)
    if (!period) throw new ApiError(404, 'NOT_FOUND', 'No such cashback period')
    if (period.status === 'claimed') {
      throw new ApiError(409, 'CASHBACK_ALREADY_CLAIMED', 'This period was claimed already')
    }
    if (period.status !== 'claimable') {
      throw new ApiError(409, 'CASHBACK_NOT_CLAIMABLE', 'Nothing to claim for this period')
    }
    const { memberId: _m, ...claim } = this.#record(member.id, period.id, period.amount, now)
    const label = weekLabel(Date.parse(`${period.startsOn}T00:00:00Z`))
    this.ledger.post(member, {
      kind: 'cashback',
      amount: period.amount,
      note: `คืนยอดเสีย ${period.rate}% สัปดาห์ ${label}`,
      ref: claim.id,
      at: now,
    })
    return { claim, balance: member.balance }
  }
}

export const amountOf = (loss: number) => round2((loss * CASHBACK_RATE) / 100)

async function overview(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const book = ctx.state.cashback
  return dataReply(cashbackResponseSchema, {
    data: { periods: book.periods(member.id, ctx.state.now()), claims: book.claimsOf(member.id) },
  })
}

async function claim(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const body = jsonBody(ctx, cashbackClaimRequestSchema)
  const book = ctx.state.cashback
  const answer = book.replies.once(member.id, body.idempotencyKey, body, () =>
    book.claim(member, body.periodId, ctx.state.now()),
  )
  return dataReply(cashbackClaimResponseSchema, { data: answer })
}

export const cashbackRoutes: readonly Route[] = [
  { method: 'GET', path: '/rewards/cashback', handler: overview },
  { method: 'POST', path: '/rewards/cashback/claim', handler: claim },
]
