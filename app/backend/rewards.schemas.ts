/**
 * The rewards area of the backend contract (docs/backend-api.md, "Cashback",
 * "Coupons", "Promotions"): cashback periods and claims, coupon redemptions,
 * and the member's accepted promotion. Shared by the app's backend modules
 * (cashback.server.ts, coupon.server.ts, promotions.server.ts) and the demo
 * backend (tests/mock-backend/cashback.ts, coupons.ts, promotions.ts).
 */
import { z } from 'zod'
import { COUPON_CODE } from '~/lib/coupon-code'
import { envelope } from './schemas'

/** An ISO 8601 moment with its offset, e.g. `2026-11-01T00:00:00+07:00`. */
const moment = z.string().datetime({ offset: true })
/** A Bangkok calendar day, `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
/** Baht, two decimals. */
const baht = z.number().nonnegative()

/** The one-time key of a money-moving post (app/server/idempotency.server.ts). */
export const idempotencyKeySchema = z.string().min(8).max(64)

// ---------------------------------------------------------------------------
// Cashback (คืนยอดเสีย)

export const CASHBACK_PERIOD_KINDS = ['week', 'month'] as const

/**
 * open: the period is still running (its amount may still change);
 * claimable: over, with an amount to claim; claimed: paid to the balance;
 * none: over with nothing to claim (no net loss); expired: not claimed in time.
 */
export const CASHBACK_STATUSES = ['open', 'claimable', 'claimed', 'none', 'expired'] as const
export type CashbackStatus = (typeof CASHBACK_STATUSES)[number]

export const cashbackPeriodSchema = z.object({
  /** e.g. `2026-W47` or `2026-11`. */
  id: z.string().regex(/^[A-Za-z0-9-]{1,32}$/),
  kind: z.enum(CASHBACK_PERIOD_KINDS),
  /** First and last day (Bangkok), both included. */
  startsOn: day,
  endsOn: day,
  /** The net loss of the period: stakes minus winnings, never below 0. */
  loss: baht,
  /** Percent, e.g. 5 for 5 %. */
  rate: z.number().nonnegative().max(100),
  /** What the member gets (or got) for this period: loss × rate, two decimals. */
  amount: baht,
  status: z.enum(CASHBACK_STATUSES),
  /** Until when a claimable period may be claimed (null: no limit, or not claimable). */
  claimableUntil: moment.nullable(),
})
export type CashbackPeriod = z.infer<typeof cashbackPeriodSchema>

export const cashbackClaimSchema = z.object({
  id: z.string().min(1),
  periodId: z.string().min(1),
  amount: baht,
  claimedAt: moment,
})
export type CashbackClaim = z.infer<typeof cashbackClaimSchema>

/** `GET /rewards/cashback`: the periods (newest first) and the claims (newest first). */
export const cashbackResponseSchema = envelope(
  z.object({
    periods: z.array(cashbackPeriodSchema),
    claims: z.array(cashbackClaimSchema),
  }),
)
export type CashbackOverview = z.infer<typeof cashbackResponseSchema>['data']

/** `POST /rewards/cashback/claim`. */
export const cashbackClaimRequestSchema = z.object({
  periodId: z.string().min(1).max(32),
  idempotencyKey: idempotencyKeySchema,
})
export const cashbackClaimResponseSchema = envelope(
  z.object({ claim: cashbackClaimSchema, balance: z.number() }),
)

// ---------------------------------------------------------------------------
// Coupons

export const couponRewardSchema = z.object({
  /** Baht added to the balance (ledger kind `coupon`). */
  credit: baht,
  /** Bonus baht (ledger kind `bonus`). */
  bonus: baht,
  /** Tickets for the reward games (/czipz). */
  spinTickets: z.number().int().nonnegative(),
})
export type CouponReward = z.infer<typeof couponRewardSchema>

export const couponRedemptionSchema = z.object({
  id: z.string().min(1),
  code: z.string().min(1),
  /** A short Thai description of the coupon. */
  title: z.string(),
  reward: couponRewardSchema,
  redeemedAt: moment,
})
export type CouponRedemption = z.infer<typeof couponRedemptionSchema>

/** `GET /rewards/coupons`: the member's redemptions, newest first. */
export const couponsResponseSchema = envelope(z.array(couponRedemptionSchema))

/** `POST /rewards/coupons/redeem`. */
export const couponRedeemRequestSchema = z.object({
  code: z.string().regex(COUPON_CODE),
  idempotencyKey: idempotencyKeySchema,
})
export const couponRedeemResponseSchema = envelope(
  z.object({ redemption: couponRedemptionSchema, balance: z.number() }),
)

// ---------------------------------------------------------------------------
// Promotions the member takes part in (the list itself is content.schemas.ts)

/** active: turnover still to do; completed: turnover done. */
export const memberPromotionSchema = z.object({
  promotionId: z.string().min(1),
  title: z.string().min(1),
  acceptedAt: moment,
  status: z.enum(['active', 'completed']),
  /** Baht of play needed, and done so far. */
  turnoverRequired: baht,
  turnoverDone: baht,
})
export type MemberPromotion = z.infer<typeof memberPromotionSchema>

/** `GET /promotions/mine`: the member's accepted promotions, newest first. */
export const memberPromotionsResponseSchema = envelope(z.array(memberPromotionSchema))

/** `POST /promotions/:id/accept`. */
export const promotionAcceptRequestSchema = z.object({ idempotencyKey: idempotencyKeySchema })
export const promotionAcceptResponseSchema = envelope(memberPromotionSchema)
