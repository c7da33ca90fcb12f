import { describe, expect, it } from 'vitest'
import { formatBaht, formatWholeBaht, isBlankAmount, parseWholeBaht } from '~/lib/money'

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
