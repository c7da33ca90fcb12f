/**
 * Thai dates are made once per moment and pattern, and the home page's
 * closing draws label only the draws it shows: date-fns' `format` is counted.
 */
import type * as dateFns from 'date-fns'
import { format } from 'date-fns'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LottoType } from '~/backend/lotto.schemas'
import { closingDraws } from '~/lotto/draws'
import {
  bangkokDate,
  formatThaiDate,
  formatThaiDay,
  formatThaiShortDate,
} from '~/lib/thai-date-format'

vi.mock('date-fns', async (importOriginal) => {
  const original = await importOriginal<typeof dateFns>()
  return { ...original, format: vi.fn(original.format) }
})

const formatCalls = () => vi.mocked(format).mock.calls.length

beforeEach(() => {
  vi.mocked(format).mockClear()
})

describe('formatThaiDate made once per moment and pattern', () => {
  it('formats a moment again without date-fns, with the same text', () => {
    const moment = bangkokDate('2031-03-04T10:00:00+07:00')
    const first = formatThaiShortDate(moment)
    expect(first).toBe('4\u00a0มี.ค.\u00a074')
    expect(formatCalls()).toBe(1)
    expect(formatThaiShortDate(new Date(moment.getTime()))).toBe(first)
    expect(formatThaiShortDate(moment.getTime())).toBe(first)
    expect(formatCalls()).toBe(1)
  })

  it('keeps patterns and moments apart', () => {
    const moment = bangkokDate('2031-05-06T20:55:00+07:00')
    expect(formatThaiDate(moment, 'd MMM BB')).toBe('6\u00a0พ.ค.\u00a074')
    expect(formatThaiDate(moment, 'd MMMM BBBB')).toBe('6\u00a0พฤษภาคม\u00a02574')
    expect(formatThaiDate(moment, 'd MMM BBBB HH:mm')).toBe('6\u00a0พ.ค.\u00a02574\u00a020:55')
    expect(formatThaiDate(moment.getTime() + 60_000, 'd MMM BBBB HH:mm')).toBe(
      '6\u00a0พ.ค.\u00a02574\u00a020:56',
    )
    expect(formatThaiDay('2031-05-07', 'd MMM BB')).toBe('7\u00a0พ.ค.\u00a074')
    expect(formatCalls()).toBe(5)
  })
})

function type(id: string, drawDate: string, closesAt: string): LottoType {
  return {
    id,
    name: `หวย ${id}`,
    group: 'foreign',
    schedule: '',
    image: `/img/providers/lotto-${id}.svg`,
    status: 'open',
    nextDraw: {
      id: `${id}-${drawDate}`,
      lottoId: id,
      drawDate,
      round: null,
      opensAt: '2032-01-01T00:00:00+07:00',
      closesAt,
      drawsAt: closesAt,
    },
  }
}

describe('closingDraws', () => {
  it('labels only the draws it keeps', () => {
    const types = [
      type('a', '2032-01-15', '2032-01-15T15:00:00+07:00'),
      type('b', '2032-01-11', '2032-01-11T15:00:00+07:00'),
      type('c', '2032-01-14', '2032-01-14T15:00:00+07:00'),
      type('d', '2032-01-12', '2032-01-12T15:00:00+07:00'),
      type('e', '2032-01-13', '2032-01-13T15:00:00+07:00'),
    ]
    const shown = closingDraws(types, 2)
    expect(shown.map((d) => [d.lottoId, d.drawLabel])).toEqual([
      ['b', 'งวด 11\u00a0ม.ค.\u00a075'],
      ['d', 'งวด 12\u00a0ม.ค.\u00a075'],
    ])
    expect(formatCalls()).toBe(2)
  })
})
