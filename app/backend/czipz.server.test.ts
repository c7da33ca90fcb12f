import { describe, expect, it } from 'vitest'
import { BackendError } from '~/backend/client.server'
import { CZIPZ_MESSAGES, czipzErrorMessage } from '~/backend/czipz.server'

describe('czipzErrorMessage', () => {
  it('maps the reward games refusals to Thai', () => {
    expect(czipzErrorMessage(new BackendError(409, 'NO_TICKETS', 'x'))).toBe(
      CZIPZ_MESSAGES.noTickets,
    )
    expect(czipzErrorMessage(new BackendError(400, 'ENVELOPE_INVALID', 'x'))).toBe(
      CZIPZ_MESSAGES.envelopeInvalid,
    )
    expect(czipzErrorMessage(new BackendError(409, 'IDEMPOTENCY_KEY_REUSED', 'x'))).toBe(
      CZIPZ_MESSAGES.keyReused,
    )
  })

  it('leaves everything else to the error page', () => {
    expect(czipzErrorMessage(new BackendError(500, 'INTERNAL', 'x'))).toBeNull()
    expect(czipzErrorMessage(new Error('boom'))).toBeNull()
  })
})
