import { describe, expect, it } from 'vitest'
import {
  bangkokDate,
  bangkokDay,
  bangkokTime,
  calendarDate,
  choiceYears,
  dateChoiceParts,
  formatThaiDate,
  formatThaiDateTime,
  formatThaiDay,
  formatThaiMoment,
  formatThaiShortDay,
  formatThaiShortDate,
  isIsoDate,
  readDateChoice,
  toBuddhistYear,
  withIsoDates,
} from '~/lib/thai-date-format'

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
    expect(formatThaiDate(date)).toBe('22\u00a0พฤศจิกายน\u00a02569')
  })
  it('short form has the abbreviated month and two-digit BE year', () => {
    expect(formatThaiShortDate(date)).toBe('22\u00a0พ.ย.\u00a069')
  })
  it('date and time', () => {
    expect(formatThaiDateTime(date)).toBe('22\u00a0พ.ย.\u00a02569\u00a020:55')
  })
  it('accepts a timestamp and a pattern with literal text', () => {
    expect(formatThaiDate(date.getTime(), "'ปี' BBBB")).toBe('ปี\u00a02569')
  })
  it('the year turns at the Gregorian new year', () => {
    expect(formatThaiDate(new Date(2025, 11, 31), 'BBBB')).toBe('2568')
    expect(formatThaiDate(new Date(2026, 0, 1), 'BBBB')).toBe('2569')
  })
})

describe('Bangkok time', () => {
  it('reads Bangkok days and times whatever the server’s zone', () => {
    // 17:30 UTC is 00:30 the next day in Bangkok.
    expect(bangkokDay(Date.UTC(2026, 10, 23, 17, 30))).toBe('2026-11-24')
    expect(bangkokDay('2026-11-23T17:30:00Z')).toBe('2026-11-24')
    expect(bangkokTime('2026-11-16T16:00:00+07:00')).toBe('16:00')
    expect(bangkokTime('2026-11-16T09:00:00Z')).toBe('16:00')
  })
  it('gives a Date whose local fields are the Bangkok wall clock', () => {
    const d = bangkokDate('2026-12-01T08:00:00Z')
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2026, 11, 1, 15, 0,
    ])
    expect(formatThaiDateTime(bangkokDate('2026-11-30T23:59:00+07:00'))).toBe(
      '30\u00a0พ.ย.\u00a02569\u00a023:59',
    )
  })
  it("writes a backend moment (ISO or ms) at Bangkok's wall clock", () => {
    expect(formatThaiMoment('2026-11-30T16:59:00Z')).toBe('30\u00a0พ.ย.\u00a02569\u00a023:59')
    expect(formatThaiMoment(Date.parse('2026-11-30T17:00:00Z'))).toBe(
      '1\u00a0ธ.ค.\u00a02569\u00a000:00',
    )
  })
})

describe('calendar days', () => {
  it('knows real days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-13-01')).toBe(false)
    expect(isIsoDate('16/11/2026')).toBe(false)
  })
  it('writes a day or a month in Thai with the Buddhist-era year', () => {
    expect(formatThaiDay('2026-11-16')).toBe('16\u00a0พฤศจิกายน\u00a02569')
    expect(formatThaiDay('2026-11-16', 'd MMM BB')).toBe('16\u00a0พ.ย.\u00a069')
    expect(formatThaiShortDay('2026-11-16')).toBe('16\u00a0พ.ย.\u00a069')
    expect(formatThaiShortDay('2025-01-05')).toBe('5\u00a0ม.ค.\u00a068')
    expect(formatThaiDay('2026-11', 'MMMM BBBB')).toBe('พฤศจิกายน\u00a02569')
    expect(formatThaiDay('2025-01', 'MMMM BBBB')).toBe('มกราคม\u00a02568')
    expect(calendarDate('2026-11-16').getDate()).toBe(16)
  })
})

describe('the date choice', () => {
  const params = (query: string) => new URLSearchParams(query)

  it('reads day, Thai month and Buddhist-era year as an ISO day', () => {
    expect(readDateChoice(params('dateDay=16&dateMonth=11&dateYear=2569'), 'date')).toBe(
      '2026-11-16',
    )
    expect(readDateChoice(params('fromDay=1&fromMonth=2&fromYear=2567'), 'from')).toBe('2024-02-01')
  })
  it('reads the ISO day of a link, and nothing chosen as null', () => {
    expect(readDateChoice(params('date=2026-11-16'), 'date')).toBe('2026-11-16')
    expect(readDateChoice(params(''), 'date')).toBeNull()
    expect(readDateChoice(params('dateDay=&dateMonth=&dateYear='), 'date')).toBeNull()
  })
  it('refuses incomplete choices, days that do not exist and tampered values', () => {
    for (const query of [
      'dateDay=16&dateMonth=&dateYear=2569',
      'dateDay=31&dateMonth=2&dateYear=2569',
      'dateDay=1&dateMonth=13&dateYear=2569',
      'dateDay=x&dateMonth=1&dateYear=2569',
      'dateDay=1&dateMonth=1&dateYear=69',
      'date=2026-13-45',
      'date=11/16/2026',
    ]) {
      expect(readDateChoice(params(query), 'date'), query).toBe('invalid')
    }
  })
  it('shows an ISO day as its parts, the year in the Buddhist era', () => {
    expect(dateChoiceParts('2026-11-16')).toEqual({ day: '16', month: '11', year: '2569' })
    expect(dateChoiceParts(null)).toEqual({ day: '', month: '', year: '' })
    expect(dateChoiceParts('2026-02-30')).toEqual({ day: '', month: '', year: '' })
    expect(choiceYears('2026-11-16', 3)).toEqual([2569, 2568, 2567])
  })
  it('rewrites a form’s parts into the short, shareable address', () => {
    const url = (q: string) => new URL(`http://x/lotto/result?${q}`)
    expect(withIsoDates(url('lotto=lao&dateDay=16&dateMonth=11&dateYear=2569'), ['date'])).toBe(
      '/lotto/result?lotto=lao&date=2026-11-16',
    )
    expect(withIsoDates(url('lotto=lao&dateDay=&dateMonth=&dateYear='), ['date'])).toBe(
      '/lotto/result?lotto=lao',
    )
    expect(withIsoDates(url('lotto=lao&date=2026-11-16'), ['date'])).toBeNull()
    expect(withIsoDates(url('dateDay=31&dateMonth=2&dateYear=2569'), ['date'])).toBeNull()
    expect(
      withIsoDates(
        url('tab=history&fromDay=1&fromMonth=11&fromYear=2569&toDay=&toMonth=&toYear='),
        ['from', 'to'],
      ),
    ).toBe('/lotto/result?tab=history&from=2026-11-01')
  })
})
