import { describe, expect, it } from 'vitest'
import { ledgerAmount, signedBaht } from './history-labels'

describe('ledgerAmount', () => {
  it('signs what moved the balance', () => {
    expect(signedBaht(-350)).toBe('−฿350.00')
    expect(signedBaht(1000)).toBe('+฿1,000.00')
    expect(ledgerAmount({ amount: -350, status: 'success' })).toEqual({
      text: '−฿350.00',
      flow: 'out',
      note: null,
    })
    // A pending withdrawal is held already: taken until it fails.
    expect(ledgerAmount({ amount: -1000, status: 'pending' })).toMatchObject({ text: '−฿1,000.00' })
    expect(ledgerAmount({ amount: 500, status: 'success' })).toMatchObject({ flow: 'in' })
  })

  it('shows a failed or cancelled withdrawal as given back, not taken', () => {
    for (const status of ['failed', 'cancelled'] as const) {
      expect(ledgerAmount({ amount: -1000, status })).toEqual({
        text: '฿1,000.00',
        flow: 'none',
        note: 'คืนเงินแล้ว',
      })
    }
    expect(ledgerAmount({ amount: 500, status: 'cancelled' })).toEqual({
      text: '฿500.00',
      flow: 'none',
      note: 'ไม่ได้เข้ายอดเงิน',
    })
  })
})
