import { describe, expect, it } from 'vitest'
import { normalizeCouponCode } from '~/lib/coupon-code'

describe('coupon code', () => {
  it('trims and upper-cases a code; refuses what is no code', () => {
    expect(normalizeCouponCode(' welcome100 ')).toBe('WELCOME100')
    for (const bad of ['ab1', 'WELCOME-100', 'คูปอง', 'A'.repeat(21), 42, null]) {
      expect(normalizeCouponCode(bad)).toBeNull()
    }
  })
})
