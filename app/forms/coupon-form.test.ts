import { describe, expect, it } from 'vitest'
import { COUPON_CODE_MESSAGE, couponFields, normalizeCouponCode } from '~/forms/coupon-form'
import { formErrors } from '~/forms/rules'

describe('coupon code', () => {
  it('trims and upper-cases a code; refuses what is no code', () => {
    expect(normalizeCouponCode(' welcome100 ')).toBe('WELCOME100')
    for (const bad of ['ab1', 'WELCOME-100', 'คูปอง', 'A'.repeat(21), 42, null]) {
      expect(normalizeCouponCode(bad)).toBeNull()
    }
  })

  it('gives the Thai messages in the browser and on the server alike', () => {
    expect(formErrors(couponFields, { code: '' }).code?.[0]).toMatch(/รหัสคูปอง/)
    expect(formErrors(couponFields, { code: 'ab' }).code).toEqual([COUPON_CODE_MESSAGE])
    expect(formErrors(couponFields, { code: 'spin3' }).code).toBeUndefined()
  })
})
