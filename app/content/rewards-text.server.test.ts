import { describe, expect, it } from 'vitest'
import { cashbackPeriodLabel, thaiLongDay, thaiMoment } from '~/content/rewards-text.server'

describe('cashbackPeriodLabel', () => {
  it('writes a week inside one month, across months and across years, its dash held to both dates', () => {
    expect(
      cashbackPeriodLabel({ kind: 'week', startsOn: '2026-11-16', endsOn: '2026-11-22' }),
    ).toBe('สัปดาห์ 16\u2060–\u206022\u00a0พ.ย.\u00a02569')
    expect(
      cashbackPeriodLabel({ kind: 'week', startsOn: '2026-11-30', endsOn: '2026-12-06' }),
    ).toBe('สัปดาห์ 30\u00a0พ.ย.\u2060–\u20606\u00a0ธ.ค.\u00a02569')
    expect(
      cashbackPeriodLabel({ kind: 'week', startsOn: '2026-12-28', endsOn: '2027-01-03' }),
    ).toBe('สัปดาห์ 28\u00a0ธ.ค.\u00a02569\u2060–\u20603\u00a0ม.ค.\u00a02570')
  })

  it('writes a month', () => {
    expect(
      cashbackPeriodLabel({ kind: 'month', startsOn: '2026-11-01', endsOn: '2026-11-30' }),
    ).toBe('เดือนพฤศจิกายน\u00a02569')
  })
})

describe('thaiMoment / thaiLongDay', () => {
  it('use Bangkok time whatever the server zone', () => {
    expect(thaiMoment('2026-11-23T07:05:00Z')).toBe('23\u00a0พ.ย.\u00a02569\u00a014:05 น.')
    expect(thaiLongDay('2026-11-23T20:00:00+00:00')).toBe('24\u00a0พฤศจิกายน\u00a02569')
  })
})
