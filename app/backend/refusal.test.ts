import { describe, expect, it } from 'vitest'
import { BackendError, refusalFor } from '~/backend/client.server'

const byCode = { NO_TICKETS: 'สิทธิ์หมดแล้ว', TEAM_FULL: 'ทีมเต็มแล้ว' }

describe('refusalFor', () => {
  it("gives the mapped value of a backend refusal's code", () => {
    expect(refusalFor(new BackendError(409, 'NO_TICKETS', 'x'), byCode)).toBe('สิทธิ์หมดแล้ว')
  })

  it('is null for a code the caller does not map, or for anything but a BackendError', () => {
    expect(refusalFor(new BackendError(502, 'UNREACHABLE', 'x'), byCode)).toBeNull()
    expect(refusalFor(new BackendError(400, 'toString', 'x'), byCode)).toBeNull()
    expect(refusalFor(new Error('NO_TICKETS'), byCode)).toBeNull()
  })
})
