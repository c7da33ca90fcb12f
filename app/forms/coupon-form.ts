/**
 * The coupon form's field and rules (one rule set for the browser and the
 * server). A code is 4–20 letters or digits; members may type it in lower
 * case or with spaces around it: the server trims and upper-cases it before
 * the backend sees it.
 */
import { custom, field, required } from '~/forms/rules'

export const COUPON_CODE_MESSAGE = 'รหัสคูปองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว'

/** The code as the backend wants it, or null when it is no code. */
export function normalizeCouponCode(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const code = value.trim().toUpperCase()
  return /^[A-Z0-9]{4,20}$/.test(code) ? code : null
}

export const couponFields = {
  code: field('รหัสคูปอง', [
    required(),
    custom((value) => normalizeCouponCode(value) !== null, COUPON_CODE_MESSAGE),
  ]),
}
