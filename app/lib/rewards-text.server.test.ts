import { describe, expect, it } from 'vitest'
import { cashbackPeriodLabel, thaiLongDay, thaiMoment } from '~/lib/rewards-text.server'

describe('cashbackPeriodLabel', () => {
  it('writes a week inside one month, across months and across years', () => {
    expect(
      cashbackPeriodLabel({ kind: 'week', startsOn: '2026-11-16', endsOn: '2026-11-22' }),
    ).toBe('สัปดาห์ 16–22 พ.ย. 2569')
    expect(
      cashbackPeriodLabel({ kind: 'week', startsOn: '2026-11-30', endsOn: '2026-12-06' }),
    ).toBe('สัปดาห์ 30 พ.ย.–6 ธ.ค. 2569')
    expect(
      cashbackPeriodLabel({ kind: 'week', startsOn: '2026-12-28', endsOn: '2027-01-03' }),
    ).toBe('สัปดาห์ 28 ธ.ค. 2569–3 ม.ค. 2570')
  })

  it('writes a month', () => {
    expect(
      cashbackPeriodLabel({ kind: 'month', startsOn: '2026-11-01', endsOn: '2026-11-30' }),
    ).toBe('เดือนพฤศจิกายน 2569')
  })
})

describe('thaiMoment / thaiLongDay', () => {
  it('use Bangkok time whatever the server zone', () => {
    expect(thaiMoment('2026-11-23T07:05:00Z')).toBe('23 พ.ย. 2569 14:05 น.')
    expect(thaiLongDay('2026-11-23T20:00:00+00:00')).toBe('24 พฤศจิกายน 2569')
  })
})
