/**
 * Coupons in the demo backend (docs/backend-api.md, "Coupons"). The codes:
 *
 * - WELCOME100: credit ฿100 (once per member)
 * - BONUS50: bonus ฿50 (once per member)
 * - SPIN3: 3 reward-game tickets (once per member; kept in `state.couponTickets`)
 * - EXPIRED50: its time is over (COUPON_EXPIRED)
 * - USED20: a single-use code the demo member used already (COUPON_USED for everyone)
 * - VIPONLY: for members with the `vip` scope only (COUPON_NOT_ELIGIBLE)
 *
 * Anything else is COUPON_UNKNOWN. Credits go through the ledger (kind
 * `coupon`, a bonus kind `bonus`); a redeem runs once per idempotency key.
 */
import {
  couponRedeemRequestSchema,
  couponRedeemResponseSchema,
  couponsResponseSchema,
  type CouponRedemption,
  type CouponReward,
} from '../../app/backend/rewards.schemas'
import { ApiError, dataReply } from './http'
import { IdempotentReplies } from './idempotency'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import type { DemoMember, MockState } from './state'

export interface DemoCoupon {
  code: string
  title: string
  reward: CouponReward
  /** Days from now (the backend's clock) it stopped working; undefined: still valid. */
  expiredDaysAgo?: number
  /** One redemption in all (not one per member). */
  singleUse?: boolean
  /** The scope a member needs. */
  scope?: string
}

const NONE: CouponReward = { credit: 0, bonus: 0, spinTickets: 0 }

export const DEMO_COUPONS: readonly DemoCoupon[] = [
  {
    code: 'WELCOME100',
    title: 'คูปองต้อนรับสมาชิก เครดิตฟรี 100 บาท',
    reward: { ...NONE, credit: 100 },
  },
  { code: 'BONUS50', title: 'โบนัสพิเศษ 50 บาท', reward: { ...NONE, bonus: 50 } },
  { code: 'SPIN3', title: 'ตั๋วเกมลุ้นรางวัล 3 ใบ', reward: { ...NONE, spinTickets: 3 } },
  {
    code: 'EXPIRED50',
    title: 'คูปองลอยกระทง 50 บาท',
    reward: { ...NONE, credit: 50 },
    expiredDaysAgo: 3,
  },
  {
    code: 'USED20',
    title: 'คูปองแจกในไลฟ์ 20 บาท',
    reward: { ...NONE, credit: 20 },
    singleUse: true,
  },
  {
    code: 'VIPONLY',
    title: 'คูปองสมาชิก VIP 500 บาท',
    reward: { ...NONE, credit: 500 },
    scope: 'vip',
  },
]

interface StoredRedemption extends CouponRedemption {
  memberId: number
}

type Answer = { redemption: CouponRedemption; balance: number }

export class CouponBook {
  redemptions: StoredRedemption[] = []
  readonly replies = new IdempotentReplies<Answer>()
  #nextId = 1

  reset(now = Date.now()): void {
    this.redemptions = []
    this.#nextId = 1
    this.replies.reset()
    // The demo member used the live-stream coupon a week ago.
    const used = DEMO_COUPONS.find((c) => c.code === 'USED20')
    if (used) this.#record(1001, used, now - 7 * 86_400_000)
  }

  #record(memberId: number, coupon: DemoCoupon, at: number): StoredRedemption {
    const redemption: StoredRedemption = {
      id: `CP${String(this.#nextId++).padStart(5, '0')}`,
      memberId,
      code: coupon.code,
      title: coupon.title,
      reward: { ...coupon.reward },
      redeemedAt: bangkokIso(at),
    }
    this.redemptions.push(redemption)
    return redemption
  }

  of(memberId: number): CouponRedemption[] {
    return this.redemptions
      .filter((r) => r.memberId === memberId)
      .reverse()
      .map(({ memberId: _m, ...r }) => ({ ...r, reward: { ...r.reward } }))
  }

  redeem(state: MockState, member: DemoMember, code: string, now: number): Answer {
    const coupon = DEMO_COUPONS.find((c) => c.code === code)
    if (!coupon) throw new ApiError(404, 'COUPON_UNKNOWN', 'No coupon has this code')
    if (coupon.expiredDaysAgo !== undefined) {
      throw new ApiError(410, 'COUPON_EXPIRED', 'This coupon has expired')
    }
    if (coupon.scope && !member.scopes.includes(coupon.scope)) {
      throw new ApiError(403, 'COUPON_NOT_ELIGIBLE', 'This coupon is not for this member')
    }
    const used = this.redemptions.some(
      (r) => r.code === coupon.code && (coupon.singleUse || r.memberId === member.id),
    )
    if (used) throw new ApiError(409, 'COUPON_USED', 'This coupon was used already')
    const { memberId: _m, ...redemption } = this.#record(member.id, coupon, now)
    const { credit, bonus, spinTickets } = coupon.reward
    if (credit > 0) {
      state.ledger.post(member, {
        kind: 'coupon',
        amount: credit,
        note: `คูปอง ${coupon.code}`,
        ref: redemption.id,
        at: now,
      })
    }
    if (bonus > 0) {
      state.ledger.post(member, {
        kind: 'bonus',
        amount: bonus,
        note: `โบนัสจากคูปอง ${coupon.code}`,
        ref: redemption.id,
        at: now,
      })
    }
    if (spinTickets > 0) {
      state.couponTickets.set(member.id, (state.couponTickets.get(member.id) ?? 0) + spinTickets)
    }
    return { redemption, balance: member.balance }
  }
}

async function list(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(couponsResponseSchema, { data: ctx.state.coupons.of(member.id) })
}

async function redeem(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const body = jsonBody(ctx, couponRedeemRequestSchema)
  const book = ctx.state.coupons
  const answer = book.replies.once(member.id, body.idempotencyKey, body, () =>
    book.redeem(ctx.state, member, body.code, ctx.state.now()),
  )
  return dataReply(couponRedeemResponseSchema, { data: answer })
}

export const couponRoutes: readonly Route[] = [
  { method: 'GET', path: '/rewards/coupons', handler: list },
  { method: 'POST', path: '/rewards/coupons/redeem', handler: redeem },
]
