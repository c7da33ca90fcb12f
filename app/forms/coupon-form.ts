/**
 * The coupon form's field and rules (one rule set for the browser and the
 * server). The code's own rule (4–20 letters or digits, trimmed and
 * upper-cased) is ~/lib/coupon-code, which the backend module reads too.
 */
import { custom, field, required } from '~/forms/rules'
import { COUPON_CODE_MESSAGE, normalizeCouponCode } from '~/lib/coupon-code'

export const couponFields = {
  code: field('รหัสคูปอง', [
    required(),
    custom((value) => normalizeCouponCode(value) !== null, COUPON_CODE_MESSAGE),
  ]),
}
