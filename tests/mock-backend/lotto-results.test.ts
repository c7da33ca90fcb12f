import { describe, expect, it } from 'vitest'
import {
  dayResultsResponseSchema,
  drawResultResponseSchema,
  pastDrawsResponseSchema,
} from '../../app/backend/lotto.schemas'
import { expectError, useBackend } from './helpers'

const backend = useBackend()
const api = () => backend.client()

describe('GET /lotto/results/:lottoId/draws', () => {
  it('lists drawn draws, the most recent first, no bearer needed', async () => {
    const res = await api().get('/lotto/results/thai/draws?limit=4')
    expect(res.status).toBe(200)
    const draws = pastDrawsResponseSchema.parse(res.body).data
    expect(draws).toHaveLength(4)
    for (const draw of draws) {
      expect(Date.parse(draw.drawsAt)).toBeLessThanOrEqual(Date.now())
      expect(['01', '16']).toContain(draw.drawDate.slice(8))
    }
    const dates = draws.map((draw) => draw.drawDate)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('refuses a bad limit and an unknown type', async () => {
    for (const limit of ['0', '101', 'ten', '-1']) {
      expectError(await api().get(`/lotto/results/thai/draws?limit=${limit}`), 400, 'BAD_REQUEST')
    }
    expectError(await api().get('/lotto/results/nope/draws'), 404, 'NOT_FOUND')
  })
})

describe('GET /lotto/results/:lottoId', () => {
  it('gives the latest drawn day by default, with its prizes', async () => {
    const res = await api().get('/lotto/results/thai')
    const day = dayResultsResponseSchema.parse(res.body).data
    expect(day.draws).toHaveLength(1)
    const result = day.draws[0]?.result
    expect(result?.prizes.map((prize) => prize.key)).toEqual([
      'firstPrize',
      'threeFront',
      'threeBack',
      'twoBottom',
    ])
    expect(result?.prizes[0]?.numbers[0]?.slice(-3)).toBe(result?.threeTop)
  })

  it('gives every round of a yeekee day, those not drawn yet without a result', async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)
    const res = await api().get(`/lotto/results/yeekee?date=${today}`)
    const day = dayResultsResponseSchema.parse(res.body).data
    expect(day.draws).toHaveLength(96)
    expect(day.draws.at(-1)?.result).toBeNull()
    for (const { draw, result } of day.draws) {
      expect(result === null).toBe(Date.parse(draw.drawsAt) > Date.now())
    }
  })

  it('answers 404 for a day without a draw or an unknown type, 400 for a malformed date', async () => {
    expectError(await api().get('/lotto/results/thai?date=2026-01-17'), 404, 'NOT_FOUND')
    expectError(await api().get('/lotto/results/thai?date=2026-02-30'), 404, 'NOT_FOUND')
    expectError(await api().get('/lotto/results/nope?date=2026-01-16'), 404, 'NOT_FOUND')
    expectError(await api().get('/lotto/results/thai?date=16-01-2026'), 400, 'BAD_REQUEST')
  })
})

describe('GET /lotto/draws/:drawId and POST /__mock/lotto/result', () => {
  it('shows a recorded result instead of the derived one', async () => {
    const before = drawResultResponseSchema.parse(
      (await api().get('/lotto/draws/thai-20261016')).body,
    ).data
    expect(before.result).not.toBeNull()
    const res = await api().post('/__mock/lotto/result', {
      drawId: 'thai-20261016',
      threeTop: '999',
      twoBottom: '00',
    })
    expect(res.status).toBe(200)
    const after = drawResultResponseSchema.parse(
      (await api().get('/lotto/draws/thai-20261016')).body,
    ).data
    expect(after.result?.threeTop).toBe('999')
    expect(after.result?.twoBottom).toBe('00')
    expect(after.result?.prizes[0]?.numbers[0]).toMatch(/^\d{3}999$/)
    const day = dayResultsResponseSchema.parse(
      (await api().get('/lotto/results/thai?date=2026-10-16')).body,
    ).data
    expect(day.draws[0]?.result?.threeTop).toBe('999')
  })

  it('refuses an unknown draw and a malformed body', async () => {
    expectError(await api().get('/lotto/draws/thai-20261017'), 404, 'NOT_FOUND')
    const unknown = { drawId: 'thai-20261017', threeTop: '123', twoBottom: '45' }
    expectError(await api().post('/__mock/lotto/result', unknown), 404, 'NOT_FOUND')
    const bad = { drawId: 'thai-20261016', threeTop: '12', twoBottom: '45' }
    expectError(await api().post('/__mock/lotto/result', bad), 400, 'BAD_REQUEST')
  })
})
