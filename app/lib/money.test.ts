import { describe, expect, it, vi } from 'vitest'
import {
  formatBaht,
  formatCount,
  formatWholeBaht,
  isBlankAmount,
  parseWholeBaht,
} from '~/lib/money'

describe('formatBaht', () => {
  it('writes baht with satang and thousands separators', () => {
    expect(formatBaht(1520.5)).toBe('฿1,520.50')
    expect(formatBaht(0)).toBe('฿0.00')
  })
  it('writes whole-baht limits without satang', () => {
    expect(formatWholeBaht(99_999)).toBe('฿99,999')
    expect(formatWholeBaht(1)).toBe('฿1')
  })
})

describe('parseWholeBaht', () => {
  it('reads whole baht with or without thousands separators', () => {
    expect(parseWholeBaht(' 1,500 ')).toBe(1500)
    expect(parseWholeBaht('300')).toBe(300)
    expect(parseWholeBaht('1,000,000')).toBe(1_000_000)
    expect(parseWholeBaht('025')).toBe(25)
  })
  it('refuses decimals, signs, letters, bad grouping and non-strings', () => {
    for (const bad of ['12.5', '-300', '+3', '1e3', 'abc', '', '1,5', '15,00', '9999999999']) {
      expect(parseWholeBaht(bad), bad).toBeNull()
    }
    expect(parseWholeBaht(null)).toBeNull()
    expect(parseWholeBaht(25)).toBeNull()
  })
  it('keeps the range it is given (default from 1)', () => {
    expect(parseWholeBaht('0')).toBeNull()
    expect(parseWholeBaht('0', { min: 0 })).toBe(0)
    expect(parseWholeBaht('99999', { max: 99_999 })).toBe(99_999)
    expect(parseWholeBaht('100000', { max: 99_999 })).toBeNull()
  })
  it('tells an empty field apart', () => {
    expect(isBlankAmount('  ')).toBe(true)
    expect(isBlankAmount(null)).toBe(true)
    expect(isBlankAmount('0')).toBe(false)
  })
})

describe('formatBaht, formatWholeBaht and formatCount write what Intl.NumberFormat th-TH writes', () => {
  const intl = (digits: number) =>
    new Intl.NumberFormat('th-TH', {
      style: 'currency',
      currency: 'THB',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
  const edges = [
    0,
    -0,
    1,
    -1,
    0.5,
    0.004,
    0.005,
    -0.005,
    0.995,
    1.005,
    2.675,
    9.995,
    99.5,
    999.5,
    1000,
    1520.5,
    -1520.5,
    999_999.995,
    123_456_789.125,
    999_999_999,
    1e20,
    1e21,
    1e-7,
    5e-7,
    NaN,
    Infinity,
    -Infinity,
    Number.MAX_SAFE_INTEGER,
    0.1 + 0.2,
    10.5,
    1000.1,
    0.0004,
    -0.0004,
    0.0005,
    12.3456,
  ]
  it('on rounding edges, signs, large and odd numbers', () => {
    for (const count of [0, 7, 999, 1000, 12_345, 1_234_567, 2 ** 53, 1e21]) {
      expect(formatCount(count), String(count)).toBe(count.toLocaleString('th-TH'))
    }
    for (const value of edges) {
      expect(formatBaht(value), String(value)).toBe(intl(2).format(value))
      expect(formatWholeBaht(value), String(value)).toBe(intl(0).format(value))
    }
  })
  it('on many amounts with satang', () => {
    const [two, none] = [intl(2), intl(0)]
    const plain = new Intl.NumberFormat('th-TH')
    let seed = 7
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    for (let i = 0; i < 5000; i++) {
      const magnitude = 10 ** Math.floor(next() * 10)
      const value = Math.round((next() - 0.3) * magnitude * 1000) / 1000
      expect(formatBaht(value), String(value)).toBe(two.format(value))
      expect(formatWholeBaht(value), String(value)).toBe(none.format(value))
      const count = Math.round(Math.abs(value))
      expect(formatCount(count), String(count)).toBe(plain.format(count))
    }
  })
  it('without Intl.NumberFormat for finite amounts (no locale data loaded at startup)', async () => {
    vi.resetModules()
    const spy = vi.spyOn(Intl, 'NumberFormat')
    try {
      const money = await import('~/lib/money')
      expect(money.formatBaht(-1520.5)).toBe('-฿1,520.50')
      expect(money.formatWholeBaht(99_999)).toBe('฿99,999')
      expect(money.formatCount(1_234_567)).toBe('1,234,567')
      expect(spy).not.toHaveBeenCalled()
    } finally {
      spy.mockRestore()
    }
  })
})
