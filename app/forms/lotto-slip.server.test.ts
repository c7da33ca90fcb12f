import { describe, expect, it } from 'vitest'
import { readSlip, slipCookie } from '~/forms/lotto-slip.server'
import { encodeSlip, MAX_SLIP_LINES, type SlipLine } from '~/lib/lotto-slip'

function requestWith(setCookie: string): Request {
  const name = setCookie.slice(0, setCookie.indexOf('='))
  const value = setCookie.slice(setCookie.indexOf('=') + 1, setCookie.indexOf(';'))
  return new Request('http://app.test/lotto/stake', { headers: { Cookie: `${name}=${value}` } })
}

const fullSlip: SlipLine[] = Array.from({ length: MAX_SLIP_LINES }, (_, i) => ({
  kind: 'threeTote',
  number: String(i).padStart(3, '0'),
  amount: 99_999,
}))

describe('the slip cookie', () => {
  it('keeps a slip per lotto type, sealed and httpOnly', () => {
    const header = slipCookie('hanoi', {
      drawId: 'hanoi-20261124',
      lines: [{ kind: 'twoBottom', number: '09', amount: 20 }],
    })
    expect(header).toMatch(/^lotto\.slip\.hanoi=/)
    expect(header).toMatch(/HttpOnly/i)
    // Sealed: neither the lines nor the draw read in clear.
    expect(header).not.toContain(encodeSlip([{ kind: 'twoBottom', number: '09', amount: 20 }]))
    expect(header).not.toContain('hanoi-2026')
    expect(readSlip(requestWith(header), 'hanoi')).toEqual({
      drawId: 'hanoi-20261124',
      lines: [{ kind: 'twoBottom', number: '09', amount: 20 }],
    })
    // Another type's slip is another cookie.
    expect(readSlip(requestWith(header), 'lao')).toBeNull()
  })

  it(`holds ${MAX_SLIP_LINES} lines inside a browser's 4 KB cookie`, () => {
    const header = slipCookie('thai', { drawId: 'thai-20261201', lines: fullSlip })
    expect(header.length).toBeLessThan(4096)
    expect(readSlip(requestWith(header), 'thai')?.lines).toEqual(fullSlip)
  })

  it('clears the cookie for an empty slip and ignores a tampered one', () => {
    expect(slipCookie('thai', { drawId: 'thai-20261201', lines: [] })).toMatch(/Max-Age=0/i)
    const header = slipCookie('thai', { drawId: 'thai-20261201', lines: fullSlip.slice(0, 3) })
    const tampered = header.replace(/=(.)/, (_, c: string) => `=${c === 'A' ? 'B' : 'A'}`)
    expect(readSlip(requestWith(tampered), 'thai')).toBeNull()
  })
})
