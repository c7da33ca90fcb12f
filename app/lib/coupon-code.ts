// Zod-free: the server trims and upper-cases a code before the backend sees it.

export const COUPON_CODE = /^[A-Z0-9]{4,20}$/

export const COUPON_CODE_MESSAGE = 'รหัสคูปองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว'

export function normalizeCouponCode(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const code = value.trim().toUpperCase()
  return COUPON_CODE.test(code) ? code : null
}
