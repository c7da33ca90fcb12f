// docs/backend-api.md, "Cashback", "Coupons", "Promotions". Shared with the demo backend.
import { z } from 'zod'
import { COUPON_CODE } from '~/lib/coupon-code'
import { envelope } from './schemas'

const moment = z.string().datetime({ offset: true })
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
const baht = z.number().nonnegative()

export const idempotencyKeySchema = z.string().min(8).max(64)

// Cashback (คืนยอดเสีย)

export const CASHBACK_PERIOD_KINDS = ['week', 'month'] as const

export const CASHBACK_STATUSES = ['open', 'claimable', 'claimed', 'none', 'expired'] as const
export type CashbackStatus = (typeof CASHBACK_STATUSES)[number]

export const cashbackPeriodSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9-]{1,32}$/),
  kind: z.enum(CASHBACK_PERIOD_KINDS),
  /** Bangkok days, both included. */
  startsOn: day,
  endsOn: day,
  /** Never below 0. */
  loss: baht,
  rate: z.number().nonnegative().max(100),
  amount: baht,
  status: z.enum(CASHBACK_STATUSES),
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

export const cashbackResponseSchema = envelope(
  z.object({
    periods: z.array(cashbackPeriodSchema),
    claims: z.array(cashbackClaimSchema),
  }),
)
export type CashbackOverview = z.infer<typeof cashbackResponseSchema>['data']

export const cashbackClaimRequestSchema = z.object({
  periodId: z.string().min(1).max(32),
  idempotencyKey: idempotencyKeySchema,
})
export const cashbackClaimResponseSchema = envelope(
  z.object({ claim: cashbackClaimSchema, balance: z.number() }),
)

// Coupons

export const couponRewardSchema = z.object({
  credit: baht,
  bonus: baht,
  spinTickets: z.number().int().nonnegative(),
})
export type CouponReward = z.infer<typeof couponRewardSchema>

export const couponRedemptionSchema = z.object({
  id: z.string().min(1),
  code: z.string().min(1),
  title: z.string(),
  reward: couponRewardSchema,
  redeemedAt: moment,
})
export type CouponRedemption = z.infer<typeof couponRedemptionSchema>

export const couponsResponseSchema = envelope(z.array(couponRedemptionSchema))

export const couponRedeemRequestSchema = z.object({
  code: z.string().regex(COUPON_CODE),
  idempotencyKey: idempotencyKeySchema,
})
export const couponRedeemResponseSchema = envelope(
  z.object({ redemption: couponRedemptionSchema, balance: z.number() }),
)

// Promotions the member takes part in (the list itself is content.schemas.ts)

export const memberPromotionSchema = z.object({
  promotionId: z.string().min(1),
  title: z.string().min(1),
  acceptedAt: moment,
  status: z.enum(['active', 'completed']),
  turnoverRequired: baht,
  turnoverDone: baht,
})
export type MemberPromotion = z.infer<typeof memberPromotionSchema>

export const memberPromotionsResponseSchema = envelope(z.array(memberPromotionSchema))

export const promotionAcceptRequestSchema = z.object({ idempotencyKey: idempotencyKeySchema })
export const promotionAcceptResponseSchema = envelope(memberPromotionSchema)
