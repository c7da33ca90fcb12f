import { describe, expect, it } from 'vitest'
import { prizeKeys } from '~/backend/lotto.schemas'
import { parseResultQuery, prizeLabel, RESULT_MESSAGES } from '~/lotto/results'

const IDS = ['thai', 'lao', 'yeekee']
const TODAY = '2026-11-23'
const parse = (query: string) => parseResultQuery(new URLSearchParams(query), IDS, TODAY)

describe('prizeLabel', () => {
  it('gives every prize key a Thai label', () => {
    const labels = prizeKeys.map((key) => prizeLabel(key, 'foreign'))
    expect(labels).toEqual([
      'รางวัลที่ 1',
      'เลขหน้า 3 ตัว',
      'เลขท้าย 3 ตัว',
      'เลข 4 ตัว',
      'รางวัลพิเศษ',
      '3 ตัวบน',
      '2 ตัวบน',
      '2 ตัวล่าง',
    ])
  })

  it('calls the Thai draw’s 2-digit prize เลขท้าย 2 ตัว', () => {
    expect(prizeLabel('twoBottom', 'government')).toBe('เลขท้าย 2 ตัว')
    expect(prizeLabel('twoBottom', 'yeekee')).toBe('2 ตัวล่าง')
  })
})

describe('parseResultQuery', () => {
  it('defaults to the first type and its latest draw', () => {
    expect(parse('')).toEqual({ ok: true, lottoId: 'thai', date: null })
    expect(parse('lotto=lao')).toEqual({ ok: true, lottoId: 'lao', date: null })
    expect(parse('lotto=lao&date=')).toEqual({ ok: true, lottoId: 'lao', date: null })
  })

  it('takes a past or today’s date', () => {
    expect(parse('lotto=thai&date=2026-11-16')).toEqual({
      ok: true,
      lottoId: 'thai',
      date: '2026-11-16',
    })
    expect(parse(`lotto=yeekee&date=${TODAY}`)).toMatchObject({ ok: true, date: TODAY })
    // The date choice's parts: day, month, Buddhist-era year.
    expect(parse('lotto=thai&dateDay=16&dateMonth=11&dateYear=2569')).toMatchObject({
      ok: true,
      date: '2026-11-16',
    })
  })

  it('refuses an unknown type with a 404, keeping the first type for the page', () => {
    expect(parse('lotto=THAI')).toEqual({
      ok: false,
      lottoId: 'thai',
      status: 404,
      message: RESULT_MESSAGES.unknownLotto,
    })
    expect(parse('lotto=../x')).toMatchObject({ ok: false, status: 404 })
  })

  it('refuses malformed and future dates with a 400', () => {
    for (const date of [
      '2026-02-30',
      '2026-1-5',
      '16/11/2569',
      'x',
      '1999-01-01',
      '&dateDay=30&dateMonth=2&dateYear=2569',
      '&dateDay=1&dateMonth=&dateYear=2569',
    ]) {
      expect(parse(`lotto=thai&date=${date}`), date).toMatchObject({
        ok: false,
        lottoId: 'thai',
        status: 400,
        message: RESULT_MESSAGES.badDate,
      })
    }
    expect(parse('lotto=thai&date=2026-11-24')).toMatchObject({
      status: 400,
      message: RESULT_MESSAGES.futureDate,
    })
  })
})
