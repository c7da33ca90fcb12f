import { describe, expect, it } from 'vitest'
import { couponFields } from '~/forms/coupon-form'
import { formErrors } from '~/forms/rules'
import { COUPON_CODE_MESSAGE } from '~/lib/coupon-code'

describe('coupon form', () => {
  it('gives the Thai messages in the browser and on the server alike', () => {
    expect(formErrors(couponFields, { code: '' }).code?.[0]).toMatch(/รหัสคูปอง/)
    expect(formErrors(couponFields, { code: 'ab' }).code).toEqual([COUPON_CODE_MESSAGE])
    expect(formErrors(couponFields, { code: 'spin3' }).code).toBeUndefined()
  })
})
