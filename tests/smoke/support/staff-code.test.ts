import { describe, expect, it } from 'vitest'
import { staffTotp } from '../../mock-backend/staff-accounts'
import { SMOKE_STAFF } from '../../mock-backend/smoke-accounts'
import { staffCode, stepAt, STEP_MS } from './staff-code'

describe('staffCode', () => {
  it("is RFC 6238's SHA-1 code (the RFC's test vector at 59 s, last six digits)", () => {
    // RFC 6238 appendix B: secret "12345678901234567890" (base32 below), T = 59 s -> 94287082.
    expect(staffCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082')
  })

  it('is the code the backend expects from the staff person at the same moment', () => {
    const now = Date.UTC(2026, 10, 29, 3, 0, 7)
    expect(staffCode(SMOKE_STAFF.totpSecret, now)).toBe(
      staffTotp(SMOKE_STAFF).generate({ timestamp: now }),
    )
  })

  it('changes with each 30 s step, not within one', () => {
    const start = 1_800_000_000_000
    expect(stepAt(start + STEP_MS - 1)).toBe(stepAt(start))
    expect(stepAt(start + STEP_MS)).toBe(stepAt(start) + 1)
    expect(staffCode(SMOKE_STAFF.totpSecret, start + STEP_MS - 1)).toBe(
      staffCode(SMOKE_STAFF.totpSecret, start),
    )
  })
})
