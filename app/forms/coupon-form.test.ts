import { describe, expect, it } from 'vitest'
import { couponSchema } from '~/forms/schemas'
import { COUPON_CODE_MESSAGE } from '~/lib/coupon-code'
import { errorOf } from '../../tests/support/form-checks'

describe('coupon form', () => {
  it('gives the Thai messages in the browser and on the server alike', () => {
    expect(errorOf(couponSchema, { code: '' }, 'code')).toBe('กรุณากรอกรหัสคูปอง')
    expect(errorOf(couponSchema, { code: 'ab' }, 'code')).toBe(COUPON_CODE_MESSAGE)
    expect(errorOf(couponSchema, { code: 'spin3' }, 'code')).toBeUndefined()
  })
})
