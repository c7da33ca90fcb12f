import { describe, expect, it } from 'vitest'
import {
  formatThaiDate,
  formatThaiDateTime,
  formatThaiShortDate,
  toBuddhistYear,
} from '~/lib/thai-date'

describe('Buddhist-era year', () => {
  it.each([
    [2026, 2569],
    [2000, 2543],
    [1957, 2500],
  ])('%i -> %i', (gregorian, buddhist) => {
    expect(toBuddhistYear(gregorian)).toBe(buddhist)
  })
})

describe('formatThaiDate', () => {
  const date = new Date(2026, 10, 22, 20, 55) // 22 Nov 2026, local time

  it('uses Thai month names and the Buddhist-era year by default', () => {
    expect(formatThaiDate(date)).toBe('22 พฤศจิกายน 2569')
  })
  it('short form has the abbreviated month and two-digit BE year', () => {
    expect(formatThaiShortDate(date)).toBe('22 พ.ย. 69')
  })
  it('date and time', () => {
    expect(formatThaiDateTime(date)).toBe('22 พ.ย. 2569 20:55')
  })
  it('accepts a timestamp and a pattern with literal text', () => {
    expect(formatThaiDate(date.getTime(), "'ปี' BBBB")).toBe('ปี 2569')
  })
  it('the year turns at the Gregorian new year', () => {
    expect(formatThaiDate(new Date(2025, 11, 31), 'BBBB')).toBe('2568')
    expect(formatThaiDate(new Date(2026, 0, 1), 'BBBB')).toBe('2569')
  })
})
