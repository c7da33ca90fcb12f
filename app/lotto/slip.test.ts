import { describe, expect, it } from 'vitest'
import type { BetRule, LimitedNumber } from '~/backend/lotto.schemas'
import {
  MAX_SLIP_LINES,
  addToSlip,
  amountProblem,
  decodeSlip,
  encodeSlip,
  entryAmountProblem,
  entryPairs,
  entryProblem,
  lineRate,
  lineAmount,
  slipAmountProblems,
  slipTotals,
  type SlipLine,
} from '~/lotto/slip'

const limited: LimitedNumber[] = [
  { kind: 'threeTop', number: '123', rate: null },
  { kind: 'threeTop', number: '321', rate: 450 },
]
const rules: BetRule[] = [
  { kind: 'threeTop', rate: 900, minAmount: 1, maxAmount: 2000 },
  { kind: 'threeTote', rate: 150, minAmount: 1, maxAmount: 5000 },
  { kind: 'twoBottom', rate: 90, minAmount: 1, maxAmount: 5000 },
]

describe('entryPairs', () => {
  it('plays a number as each chosen kind of its length', () => {
    expect(entryPairs(['threeTop', 'twoTop', 'threeTote'], '847', 'add')).toEqual([
      { kind: 'threeTop', number: '847' },
      { kind: 'threeTote', number: '847' },
    ])
  })

  it('กลับเลข: 3 ตัวโต๊ด once, since it wins on any ordering', () => {
    const pairs = entryPairs(['threeTop', 'threeTote'], '321', 'reverse')
    expect(pairs.filter((p) => p.kind === 'threeTop')).toHaveLength(6)
    expect(pairs.filter((p) => p.kind === 'threeTote')).toEqual([
      { kind: 'threeTote', number: '321' },
    ])
  })

  it('กลับเลข: every permutation, as each kind', () => {
    const pairs = entryPairs(['threeTop'], '112', 'reverse')
    expect(pairs.map((p) => p.number)).toEqual(['112', '121', '211'])
    expect(entryPairs(['twoBottom'], '45', 'reverse').map((p) => p.number)).toEqual(['45', '54'])
  })

  it('19 ประตู: a digit into the chosen 2-digit kinds only', () => {
    const pairs = entryPairs(['twoTop', 'threeTop'], '7', 'doors')
    expect(pairs).toHaveLength(19)
    expect(pairs.every((p) => p.kind === 'twoTop' && p.number.includes('7'))).toBe(true)
  })
})

describe('entryProblem', () => {
  it('names what is wrong in Thai', () => {
    expect(entryProblem([], '12', 'add')).toBe('เลือกประเภทการแทงอย่างน้อย 1 ประเภท')
    expect(entryProblem(['threeTop'], '12', 'add')).toBe('เลข 2 หลักใช้ไม่ได้กับประเภทที่เลือก')
    expect(entryProblem(['threeTop'], '1a', 'add')).toBe('กรอกเลข 1-3 หลัก')
    expect(entryProblem(['twoTop'], '12', 'doors')).toBe('19 ประตู ใช้เลขหลักเดียว (0-9)')
    expect(entryProblem(['threeTop'], '1', 'doors')).toBe('19 ประตู ใช้กับ 2 ตัวบน หรือ 2 ตัวล่าง')
    expect(entryProblem(['twoTop'], '05', 'add')).toBeNull()
  })
})

describe('addToSlip', () => {
  it('refuses closed numbers, replaces the amount of a line already there', () => {
    const start: SlipLine[] = [{ kind: 'threeTop', number: '555', amount: 5 }]
    const pairs = entryPairs(['threeTop'], '123', 'reverse').concat({
      kind: 'threeTop',
      number: '555',
    })
    const { lines, refused, full } = addToSlip(start, pairs, 20, limited)
    expect(refused).toEqual(['123 (3 ตัวบน) เป็นเลขปิดรับ แทงไม่ได้'])
    expect(lines).toHaveLength(6)
    expect(lines[0]).toEqual({ kind: 'threeTop', number: '555', amount: 20 })
    expect(full).toBe(false)
    expect(start[0]?.amount).toBe(5)
  })

  it(`stops at ${MAX_SLIP_LINES} lines`, () => {
    const pairs = Array.from({ length: 120 }, (_, i) => ({
      kind: 'threeTote' as const,
      number: String(i).padStart(3, '0'),
    }))
    const { lines, full } = addToSlip([], pairs, 1, limited)
    expect(lines).toHaveLength(MAX_SLIP_LINES)
    expect(full).toBe(true)
  })
})

describe('rates and totals', () => {
  it('pays a เลขอั้น at its reduced rate', () => {
    expect(lineRate(rules, limited, { kind: 'threeTop', number: '321' })).toBe(450)
    expect(lineRate(rules, limited, { kind: 'threeTop', number: '322' })).toBe(900)
  })

  it('adds stakes and potential payouts', () => {
    const lines: SlipLine[] = [
      { kind: 'threeTop', number: '321', amount: 10 },
      { kind: 'twoBottom', number: '45', amount: 20 },
    ]
    expect(slipTotals(rules, limited, lines)).toEqual({ total: 30, payout: 4500 + 1800 })
  })

  it('checks a line against the kind’s min and max', () => {
    expect(amountProblem(rules, { kind: 'threeTop', amount: 2001 })).toBe(
      '3 ตัวบน แทงได้สูงสุด ฿2,000 ต่อเลข',
    )
    expect(amountProblem(rules, { kind: 'threeTop', amount: 2000 })).toBeNull()
  })

  it('refuses an entry whose amount is above the maximum of a kind it adds to, naming it', () => {
    const pairs = entryPairs(['threeTop', 'threeTote'], '123', 'add')
    expect(entryAmountProblem(rules, pairs, 5000)).toBe('3 ตัวบน แทงได้สูงสุด ฿2,000 ต่อเลข')
    expect(entryAmountProblem(rules, pairs, 2000)).toBeNull()
    // A kind the number does not fit adds nothing, so its limit does not matter.
    expect(entryAmountProblem(rules, entryPairs(['threeTop', 'twoTop'], '12', 'add'), 5000)).toBe(
      null,
    )
  })

  it('marks each slip line outside its kind’s limits', () => {
    const lines: SlipLine[] = [
      { kind: 'threeTop', number: '321', amount: 5000 },
      { kind: 'twoBottom', number: '45', amount: 20 },
    ]
    expect(slipAmountProblems(rules, lines)).toEqual(['3 ตัวบน แทงได้สูงสุด ฿2,000 ต่อเลข', null])
    expect(slipAmountProblems(rules, [lines[1]!])).toBeNull()
  })

  it('takes whole baht only', () => {
    expect(lineAmount(' 25 ')).toBe(25)
    expect(lineAmount('99,999')).toBe(99_999)
    for (const bad of ['0', '1.5', '-3', '', 'abc', '100000']) expect(lineAmount(bad)).toBeNull()
  })
})

describe('the slip codec', () => {
  it('round-trips lines, leading zeros kept', () => {
    const lines: SlipLine[] = [
      { kind: 'threeTop', number: '007', amount: 10 },
      { kind: 'twoBottom', number: '09', amount: 99999 },
      { kind: 'runBottom', number: '0', amount: 1 },
    ]
    const text = encodeSlip(lines)
    expect(text).toBe('a007.10,d09.99999,f0.1')
    expect(decodeSlip(text)).toEqual(lines)
    expect(decodeSlip('')).toEqual([])
  })

  it('keeps 100 lines small enough for a cookie', () => {
    const lines = Array.from({ length: MAX_SLIP_LINES }, (_, i) => ({
      kind: 'threeTote' as const,
      number: String(i).padStart(3, '0'),
      amount: 99_999,
    }))
    expect(encodeSlip(lines).length).toBeLessThanOrEqual(1_300)
  })

  it('refuses anything that is not a valid slip', () => {
    for (const bad of ['x12.1', 'a12.1', 'a123.0', 'a123.1.5', 'a123.10,', 'c1.5']) {
      expect(decodeSlip(bad), bad).toBeNull()
    }
    expect(decodeSlip(Array.from({ length: 101 }, () => 'e1.1').join(','))).toBeNull()
  })
})
