import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readSlip, saveSlip, SLIP_BOOK_COOKIE } from '~/lotto/slip-store.server'
import { encodeSlip, MAX_SLIP_LINES, type SlipLine } from '~/lotto/slip'
import { sealedCookie } from '~/server/sealed-cookie.server'
import { Jar } from '../../tests/support/cookie-jar'

const fullSlip: SlipLine[] = Array.from({ length: MAX_SLIP_LINES }, (_, i) => ({
  kind: 'threeTote',
  number: String(i).padStart(3, '0'),
  amount: 99_999,
}))
const TYPES = ['thai', 'lao', 'hanoi', 'nikkei', 'yeekee', 'dowjones', 'hangseng', 'gsb']

describe('the bet slips', () => {
  it('keeps a slip per lotto type off the cookie: one small sealed cookie names them', async () => {
    const jar = new Jar()
    const line: SlipLine = { kind: 'twoBottom', number: '09', amount: 20 }
    jar.apply(await saveSlip(jar.request(), 'hanoi', { drawId: 'hanoi-20261124', lines: [line] }))
    expect([...jar.cookies.keys()]).toEqual([SLIP_BOOK_COOKIE])
    const header = jar.request().headers.get('Cookie') ?? ''
    expect(header).not.toContain(encodeSlip([line]))
    expect(header).not.toContain('hanoi')
    expect(await readSlip(jar.request(), 'hanoi')).toEqual({
      drawId: 'hanoi-20261124',
      lines: [line],
    })
    expect(await readSlip(jar.request(), 'lao')).toBeNull()
    // Another browser (no cookie) sees nothing.
    expect(await readSlip(new Jar().request(), 'hanoi')).toBeNull()
  })

  it(`full slips of ${MAX_SLIP_LINES} lines on ${TYPES.length} types: one cookie of about 100 bytes`, async () => {
    const jar = new Jar()
    for (const type of TYPES) {
      jar.apply(
        await saveSlip(jar.request(), type, { drawId: `${type}-20261201`, lines: fullSlip }),
      )
    }
    expect(jar.cookies.size).toBe(1)
    expect((jar.request().headers.get('Cookie') ?? '').length).toBeLessThan(200)
    for (const type of TYPES) expect((await readSlip(jar.request(), type))?.lines).toEqual(fullSlip)
  })

  it('forgets an empty slip and ignores a tampered book', async () => {
    const jar = new Jar()
    jar.apply(await saveSlip(jar.request(), 'thai', { drawId: 'thai-20261201', lines: fullSlip }))
    jar.apply(await saveSlip(jar.request(), 'thai', { drawId: 'thai-20261201', lines: [] }))
    expect(await readSlip(jar.request(), 'thai')).toBeNull()

    jar.apply(await saveSlip(jar.request(), 'lao', { drawId: 'lao-20261201', lines: fullSlip }))
    const value = jar.cookies.get(SLIP_BOOK_COOKIE) ?? ''
    jar.cookies.set(SLIP_BOOK_COOKIE, (value[0] === 'A' ? 'B' : 'A') + value.slice(1))
    expect(await readSlip(jar.request(), 'lao')).toBeNull()
  })

  it('reads a per-type cookie of decision 0055, moves every one to the store and removes them', async () => {
    const legacy = (lottoId: string) =>
      sealedCookie({
        name: `lotto.slip.${lottoId}`,
        maxAgeSeconds: 86_400,
        purpose: 'lotto slip',
        schema: z.object({ drawId: z.string(), lines: z.string() }),
      })
    const jar = new Jar().apply([
      legacy('thai').serialize({ drawId: 'thai-20261201', lines: encodeSlip(fullSlip) }),
      legacy('lao').serialize({ drawId: 'lao-20261201', lines: encodeSlip(fullSlip.slice(0, 2)) }),
    ])
    expect((await readSlip(jar.request(), 'thai'))?.lines).toEqual(fullSlip)

    jar.apply(await saveSlip(jar.request(), 'thai', { drawId: 'thai-20261201', lines: [] }))
    expect([...jar.cookies.keys()]).toEqual([SLIP_BOOK_COOKIE])
    expect((await readSlip(jar.request(), 'lao'))?.lines).toEqual(fullSlip.slice(0, 2))
  })
})
