import { describe, expect, it } from 'vitest'
import {
  drawResultSchema,
  lottoTypesResponseSchema,
  stakeSetResponseSchema,
} from '../../app/backend/lotto.schemas'
import { useBackend } from './helpers'
import {
  bangkokIso,
  drawnNumbers,
  drawTimesById,
  LottoCalendar,
  lottoSeed,
  nextDrawTimes,
  pastDrawTimes,
} from './lotto-catalog'

/** 2026-11-23 12:00 in Bangkok (a Monday). */
const MON_NOON = Date.UTC(2026, 10, 23, 5, 0)
const seed = (id: string) => {
  const found = lottoSeed(id)
  if (!found) throw new Error(id)
  return found
}

function must(id: string) {
  const times = drawTimesById(id)
  if (!times) throw new Error(id)
  return times
}

describe('the lotto calendar', () => {
  it('draws the Thai lottery on the 1st and the 16th, closing at 15:00 Bangkok time', () => {
    const next = nextDrawTimes(seed('thai'), MON_NOON)
    expect(next?.id).toBe('thai-20261201')
    expect(bangkokIso(next?.closesAt ?? 0)).toBe('2026-12-01T15:00:00+07:00')
    expect(bangkokIso(next?.drawsAt ?? 0)).toBe('2026-12-01T16:00:00+07:00')
    expect(pastDrawTimes(seed('thai'), MON_NOON, 2).map((d) => d.id)).toEqual([
      'thai-20261116',
      'thai-20261101',
    ])
  })

  it('moves on to the next draw once one closes', () => {
    const closing = Date.UTC(2026, 11, 1, 8, 0) // 15:00 Bangkok, 1 Dec
    expect(nextDrawTimes(seed('thai'), closing - 1)?.id).toBe('thai-20261201')
    expect(nextDrawTimes(seed('thai'), closing)?.id).toBe('thai-20261216')
  })

  it('runs ยี่กี rounds every 15 minutes, 96 a day', () => {
    const next = nextDrawTimes(seed('yeekee'), MON_NOON + 60_000)
    expect(next?.id).toBe('yeekee-20261123-49')
    expect(next?.round).toBe(49)
    expect(bangkokIso(next?.closesAt ?? 0)).toBe('2026-11-23T12:15:00+07:00')
  })

  it('draws Lao on Monday, Wednesday and Friday, the stock lotto on weekdays only', () => {
    expect(nextDrawTimes(seed('lao'), MON_NOON)?.id).toBe('lao-20261123')
    const saturday = Date.UTC(2026, 10, 28, 5, 0)
    expect(nextDrawTimes(seed('nikkei'), saturday)?.id).toBe('nikkei-20261130')
  })

  it('opens each draw when the one before it closes: every type takes stakes at any hour', () => {
    const calendar = new LottoCalendar()
    // Two weeks from a Thai draw day, every 20 minutes, weekends included.
    const start = Date.UTC(2026, 10, 30, 17, 0)
    for (let now = start; now < start + 14 * 24 * 3_600_000; now += 20 * 60_000) {
      for (const id of ['thai', 'lao', 'hanoi', 'nikkei', 'yeekee']) {
        const draw = calendar.openDraw(seed(id), now)
        expect(draw && calendar.isTakingStakes(draw, now), `${id} at ${bangkokIso(now)}`).toBe(true)
      }
    }
    expect(bangkokIso(must('thai-20261216').opensAt)).toBe('2026-12-01T15:00:00+07:00')
    expect(bangkokIso(must('nikkei-20261130').opensAt)).toBe('2026-11-27T10:00:00+07:00')
    expect(bangkokIso(must('yeekee-20261123-1').opensAt)).toBe('2026-11-23T00:00:00+07:00')
  })

  it('finds a draw by its id, and no draw for an id the calendar lacks', () => {
    expect(drawTimesById('thai-20261116')?.drawDate).toBe('2026-11-16')
    expect(drawTimesById('yeekee-20261123-96')?.round).toBe(96)
    expect(drawTimesById('thai-20261117')).toBeUndefined()
    expect(drawTimesById('yeekee-20261123-97')).toBeUndefined()
    expect(drawTimesById('nope-20261123')).toBeUndefined()
    expect(drawTimesById('thai-2026111')).toBeUndefined()
  })

  it('gives each type its own result fields, the same every time', () => {
    const thai = drawnNumbers(must('thai-20261116'))
    expect(thai.prizes.map((p) => p.key)).toEqual([
      'firstPrize',
      'threeFront',
      'threeBack',
      'twoBottom',
    ])
    expect(thai.threeTop).toBe(thai.prizes[0]?.numbers[0]?.slice(-3))
    expect(drawnNumbers(must('thai-20261116'))).toEqual(thai)
    const lao = drawnNumbers(must('lao-20261120'))
    expect(lao.prizes[0]?.key).toBe('fourTop')
    expect(drawResultSchema.omit({ drawnAt: true }).parse(lao)).toEqual(lao)
  })

  it('settles a draw with given numbers, which then is its result', () => {
    const calendar = new LottoCalendar()
    const draw = nextDrawTimes(seed('thai'), MON_NOON)
    if (!draw) throw new Error('no draw')
    expect(calendar.resultOf(draw, MON_NOON)).toBeUndefined()
    const result = calendar.settle(draw, MON_NOON, { threeTop: '123', twoBottom: '45' })
    expect(result).toMatchObject({ threeTop: '123', twoTop: '23', twoBottom: '45' })
    expect(result.prizes[0]?.numbers[0]).toMatch(/^\d{3}123$/)
    expect(calendar.resultOf(draw, MON_NOON)).toEqual(result)
    expect(calendar.isTakingStakes(draw, MON_NOON)).toBe(false)
    calendar.reset()
    expect(calendar.resultOf(draw, MON_NOON)).toBeUndefined()
  })
})

describe('GET /lotto/types', () => {
  const backend = useBackend()
  it('lists every type with its next draw', async () => {
    const res = await backend.client().get('/lotto/types')
    expect(res.status).toBe(200)
    const types = lottoTypesResponseSchema.parse(res.body).data
    expect(types.map((t) => t.id)).toEqual(['thai', 'lao', 'hanoi', 'nikkei', 'yeekee'])
    for (const type of types) {
      expect(type.status).toBe('open')
      expect(Date.parse(type.nextDraw?.closesAt ?? '')).toBeGreaterThan(Date.now())
    }
  })
})

describe('GET /lotto/stake-sets/:id', () => {
  const backend = useBackend()
  it('gives the member their own set, and a 404 for another member’s', async () => {
    const client = backend.client()
    const demo = await client.login('demo', 'demo1234')
    const mine = await client.get('/lotto/stake-sets/1', demo.accessToken)
    expect(mine.status).toBe(200)
    expect(stakeSetResponseSchema.parse(mine.body).data.name).toBe('เลขเด็ดงวดนี้')
    const somsri = await client.login('somsri', 'somsri1234')
    expect((await client.get('/lotto/stake-sets/1', somsri.accessToken)).status).toBe(404)
    expect((await client.get('/lotto/stake-sets/abc', demo.accessToken)).status).toBe(404)
    expect((await client.get('/lotto/stake-sets/%E0%A4', demo.accessToken)).status).toBe(404)
    expect((await client.get('/lotto/stake-sets/1')).status).toBe(401)
  })
})
