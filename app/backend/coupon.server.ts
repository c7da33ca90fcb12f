// docs/backend-api.md, "Coupons".
import { BackendError, refusalFor, memberCall, type MemberContext } from '~/backend/client.server'
import {
  couponRedeemResponseSchema,
  couponsResponseSchema,
  type CouponRedemption,
} from '~/backend/rewards.schemas'
import { errorCodes } from '~/backend/schemas'
import { COUPON_CODE_MESSAGE } from '~/lib/coupon-code'
import { KEY_REUSED_MESSAGE } from '~/server/idempotency.server'

export type { CouponRedemption }

export const COUPON_MESSAGES = {
  unknown: 'ไม่พบคูปองนี้ กรุณาตรวจสอบรหัสอีกครั้ง',
  expired: 'คูปองนี้หมดอายุแล้ว',
  used: 'คูปองนี้ถูกใช้ไปแล้ว',
  notEligible: 'คูปองนี้ไม่สามารถใช้กับบัญชีของคุณได้',
  malformed: COUPON_CODE_MESSAGE,
  keyReused: KEY_REUSED_MESSAGE,
} as const

export function couponRedemptions(ctx: MemberContext): Promise<CouponRedemption[]> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/rewards/coupons',
    schema: couponsResponseSchema,
  })
}

export function redeemCoupon(
  ctx: MemberContext,
  body: { code: string; idempotencyKey: string },
): Promise<{ redemption: CouponRedemption; balance: number }> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/rewards/coupons/redeem',
    schema: couponRedeemResponseSchema,
    body,
  })
}

export function couponRefusal(error: unknown): string | null {
  return refusalFor(error, {
    [errorCodes.couponUnknown]: COUPON_MESSAGES.unknown,
    [errorCodes.couponExpired]: COUPON_MESSAGES.expired,
    [errorCodes.couponUsed]: COUPON_MESSAGES.used,
    [errorCodes.couponNotEligible]: COUPON_MESSAGES.notEligible,
    [errorCodes.badRequest]: COUPON_MESSAGES.malformed,
    [errorCodes.idempotencyKeyReused]: COUPON_MESSAGES.keyReused,
  })
}

/**
 * An expired, used or ineligible code exists: what honest members get when a broadcast code runs
 * out, not guessing (docs/decisions/0133).
 */
export function isCouponGuess(error: unknown): boolean {
  return (
    error instanceof BackendError &&
    (error.code === errorCodes.couponUnknown || error.code === errorCodes.badRequest)
  )
}
