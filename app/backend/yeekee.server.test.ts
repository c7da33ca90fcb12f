import { describe, expect, it } from 'vitest'
import { BackendError } from '~/backend/client.server'
import { SHOT_MESSAGES, shotRefusal } from '~/backend/yeekee.server'

describe('shotRefusal', () => {
  it('says how many seconds a shot too soon must wait (the refusal’s Retry-After)', () => {
    const tooSoon = new BackendError(429, 'SHOT_TOO_SOON', 'x', 'Too soon', 2)
    expect(shotRefusal(tooSoon)).toBe('ยิงเลขถี่เกินไป กรุณารออีก 2 วินาทีแล้วยิงใหม่')
  })

  it('asks for a moment when the backend sent no wait', () => {
    expect(shotRefusal(new BackendError(429, 'SHOT_TOO_SOON', 'x'))).toBe(SHOT_MESSAGES.tooSoon)
  })

  it('maps the other refusals, and nothing else', () => {
    expect(shotRefusal(new BackendError(409, 'ROUND_CLOSED', 'x'))).toBe(SHOT_MESSAGES.closed)
    expect(shotRefusal(new BackendError(502, 'UNREACHABLE', 'x'))).toBeNull()
  })
})
