/**
 * The demo backend's affiliate program (docs/backend-api.md, "Affiliate"):
 * each member's referral code, the members they referred (a few believable
 * seeded ones for demo, plus anyone who registers with the code), commission
 * by month, and withdrawing the available commission to the balance through
 * the ledger (kind `commission`), once per idempotency key.
 */
import {
  affiliateResponseSchema,
  commissionWithdrawRequestSchema,
  commissionWithdrawResponseSchema,
  type Affiliate,
  type CommissionPeriod,
  type ReferredMember,
} from '../../app/backend/member.schemas'
import { ApiError, dataReply } from './http'
import { IdempotentReplies } from './idempotency'
import { bangkokIso } from './lotto-catalog'
import { round2, type Ledger } from './ledger'
import { jsonBody, type RequestContext, type Route } from './router'
import type { DemoMember, MockState } from './state'

/** Commission on the referred members' turnover, percent. */
export const COMMISSION_RATE_PERCENT = 0.5

const SEED_CODES: ReadonlyMap<number, string> = new Map([
  [1001, 'DEMO88'],
  [1002, 'SOMSRI25'],
])

/** Referred members who are not demo logins (names only). */
const SEED_REFERRED: ReadonlyMap<number, readonly ReferredMember[]> = new Map([
  [
    1001,
    [
      { name: 'วิชัย แสงทอง', joinedAt: '2025-08-03', active: true },
      { name: 'มาลี ศรีสุข', joinedAt: '2025-09-21', active: true },
      { name: 'ประเสริฐ บุญมา', joinedAt: '2025-12-11', active: false },
      { name: 'อรุณี พรหมมา', joinedAt: '2026-02-27', active: true },
    ],
  ],
  [1002, [{ name: 'ธนพล ใจงาม', joinedAt: '2025-05-14', active: true }]],
])

/** Turnover of the referred members, this month first, then the months before. */
const SEED_TURNOVER: ReadonlyMap<number, readonly number[]> = new Map([
  [1001, [8_550, 17_600, 25_080]],
  [1002, [3_000]],
])

/** Commission already withdrawn at the seed (demo withdrew the oldest month's). */
const SEED_WITHDRAWN: ReadonlyMap<number, number> = new Map([[1001, 125.4]])

/** `YYYY-MM` of the Bangkok month `back` months before `now`'s. */
export function monthBefore(now: number, back: number): string {
  const [year = 0, month = 1] = bangkokIso(now).slice(0, 7).split('-').map(Number)
  const index = year * 12 + (month - 1) - back
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

export class AffiliateBook {
  withdrawn = new Map<number, number>()
  readonly replies = new IdempotentReplies<{
    amount: number
    balance: number
    transactionId: string
  }>()

  constructor(private readonly ledger: Ledger) {}

  reset(): void {
    this.withdrawn = new Map(SEED_WITHDRAWN)
    this.replies.reset()
  }

  codeOf(memberId: number): string {
    return SEED_CODES.get(memberId) ?? `M${memberId}`
  }

  periods(memberId: number, now = Date.now()): CommissionPeriod[] {
    return (SEED_TURNOVER.get(memberId) ?? []).map((turnover, back) => ({
      month: monthBefore(now, back),
      turnover,
      commission: round2((turnover * COMMISSION_RATE_PERCENT) / 100),
    }))
  }

  available(memberId: number, now = Date.now()): number {
    const earned = this.periods(memberId, now).reduce((sum, p) => sum + p.commission, 0)
    return Math.max(0, round2(earned - (this.withdrawn.get(memberId) ?? 0)))
  }

  /** Moves all the available commission to the balance (the caller makes it idempotent). */
  withdraw(member: DemoMember, key: string, now = Date.now()) {
    const amount = this.available(member.id, now)
    if (amount <= 0) throw new ApiError(409, 'NO_COMMISSION', 'No commission to withdraw')
    const line = this.ledger.post(member, {
      kind: 'commission',
      amount,
      note: 'ถอนค่าคอมมิชชันแนะนำเพื่อนเข้ากระเป๋า',
      ref: `AFF-${key}`,
      at: now,
    })
    this.withdrawn.set(member.id, round2((this.withdrawn.get(member.id) ?? 0) + amount))
    return { amount, balance: member.balance, transactionId: line.id }
  }
}

function referredOf(state: MockState, memberId: number): ReferredMember[] {
  const code = state.affiliate.codeOf(memberId).toUpperCase()
  const registered: ReferredMember[] = []
  for (const [id, account] of state.bankAccounts) {
    const member = state.members.get(id)
    if (member && account.referralCode?.toUpperCase() === code) {
      registered.push({
        name: member.displayName,
        joinedAt: state.profiles.memberSince(id),
        active: false,
      })
    }
  }
  return [...(SEED_REFERRED.get(memberId) ?? []), ...registered].sort((a, b) =>
    b.joinedAt.localeCompare(a.joinedAt),
  )
}

export function affiliateOf(state: MockState, member: DemoMember, now = Date.now()): Affiliate {
  return {
    code: state.affiliate.codeOf(member.id),
    ratePercent: COMMISSION_RATE_PERCENT,
    referred: referredOf(state, member.id),
    periods: state.affiliate.periods(member.id, now),
    available: state.affiliate.available(member.id, now),
    withdrawn: state.affiliate.withdrawn.get(member.id) ?? 0,
  }
}

async function getAffiliate(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(affiliateResponseSchema, { data: affiliateOf(ctx.state, member) })
}

async function withdrawCommission(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { idempotencyKey } = jsonBody(ctx, commissionWithdrawRequestSchema)
  const answer = ctx.state.affiliate.replies.once(member.id, idempotencyKey, {}, () =>
    ctx.state.affiliate.withdraw(member, idempotencyKey),
  )
  return dataReply(commissionWithdrawResponseSchema, { data: answer })
}

export const affiliateRoutes: readonly Route[] = [
  { method: 'GET', path: '/affiliate', handler: getAffiliate },
  { method: 'POST', path: '/affiliate/withdraw', handler: withdrawCommission },
]
