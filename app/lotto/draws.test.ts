import { describe, expect, it } from 'vitest'
import type { LottoType } from '~/backend/lotto.schemas'
import { closingDraws, drawLabel, drawLabelLong } from '~/lotto/draws'

function type(id: string, closesAt: string | null, status: 'open' | 'closed' = 'open'): LottoType {
  return {
    id,
    name: `หวย ${id}`,
    group: id === 'yeekee' ? 'yeekee' : 'foreign',
    schedule: '',
    image: `/img/providers/lotto-${id}.svg`,
    status,
    nextDraw: closesAt
      ? {
          id: id === 'yeekee' ? `${id}-20261123-49` : `${id}-20261201`,
          lottoId: id,
          drawDate: id === 'yeekee' ? '2026-11-23' : '2026-12-01',
          round: id === 'yeekee' ? 49 : null,
          opensAt: '2026-11-20T00:00:00+07:00',
          closesAt,
          drawsAt: closesAt,
        }
      : null,
  }
}

describe('drawLabel', () => {
  it('reads a draw date in the Buddhist era, a round by its number', () => {
    expect(drawLabel({ drawDate: '2026-12-01', round: null })).toBe('งวด 1\u00a0ธ.ค.\u00a069')
    expect(drawLabel({ drawDate: '2026-11-23', round: 49 })).toBe('ยี่กี รอบที่ 49')
    expect(drawLabelLong({ drawDate: '2026-11-23', round: 49 })).toBe(
      'รอบที่ 49 · 23\u00a0พ.ย.\u00a069',
    )
  })
})

describe('closingDraws', () => {
  const types = [
    type('thai', '2026-12-01T15:00:00+07:00'),
    type('yeekee', '2026-11-23T12:15:00+07:00'),
    type('lao', '2026-11-23T20:00:00+07:00'),
    type('hanoi', '2026-11-23T11:00:00+07:00', 'closed'),
    type('nikkei', null),
  ]

  it('lists the open draws closing soonest first, up to the limit', () => {
    expect(closingDraws(types, 2)).toEqual([
      {
        lottoId: 'yeekee',
        lottoName: 'หวย yeekee',
        drawId: 'yeekee-20261123-49',
        closesAt: Date.parse('2026-11-23T12:15:00+07:00'),
        drawLabel: 'ยี่กี รอบที่ 49',
      },
      {
        lottoId: 'lao',
        lottoName: 'หวย lao',
        drawId: 'lao-20261201',
        closesAt: Date.parse('2026-11-23T20:00:00+07:00'),
        drawLabel: 'งวด 1\u00a0ธ.ค.\u00a069',
      },
    ])
  })

  it('leaves out closed types and types with no draw', () => {
    expect(closingDraws(types, 10).map((d) => d.lottoId)).toEqual(['yeekee', 'lao', 'thai'])
    expect(closingDraws(types, 0)).toEqual([])
  })
})
