/**
 * A coupon code's rule, zod-free (as ./team-name.ts): 4–20 letters or
 * digits; members may type it in lower case or with spaces around it, and
 * the server trims and upper-cases it before the backend sees it. The
 * coupon form's rule says its message, and so does the backend module when
 * the backend refuses a malformed code.
 */

/** A code as the backend takes it (backend/rewards.schemas.ts reads it too). */
export const COUPON_CODE = /^[A-Z0-9]{4,20}$/

export const COUPON_CODE_MESSAGE = 'รหัสคูปองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว'

/** The code as the backend wants it, or null when it is no code. */
export function normalizeCouponCode(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const code = value.trim().toUpperCase()
  return COUPON_CODE.test(code) ? code : null
}
