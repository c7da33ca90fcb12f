import { describe, expect, it } from 'vitest'
import {
  rewardGamesResponseSchema,
  rewardResultResponseSchema,
} from '../../app/backend/czipz.schemas'
import { DAILY_TICKETS, DEMO_PRIZES, bangkokDate } from './czipz'
import { expectError, useBackend, type Client } from './helpers'

const backend = useBackend()

const games = async (client: Client, token: string) =>
  rewardGamesResponseSchema.parse((await client.get('/rewards/games', token)).body).data
const balanceOf = async (client: Client, token: string) =>
  ((await client.get('/user/profile', token)).body as { data: { balance: number } }).data.balance
const spin = (client: Client, token: string, key: string) =>
  client.post('/rewards/wheel/spin', { idempotencyKey: key }, token)
const REDEEM_PATH = '/rewards/coupons/redeem'
const wheelIndex = (id: string) => DEMO_PRIZES.findIndex((prize) => prize.id === id)

describe('reward games', () => {
  it('gives each member the daily tickets, the slices and an empty history', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const data = await games(client, accessToken)
    expect(data.wheel.tickets).toBe(DAILY_TICKETS.wheel)
    expect(data.angpao.tickets).toBe(DAILY_TICKETS.angpao)
    expect(data.wheel.slices.map((slice) => slice.label)).toContain('ลองใหม่อีกครั้ง')
    expect(data.history).toEqual([])
    expect(data.ticketsResetAt).toMatch(/T00:00:00\+07:00$/)
  })

  it('a forced winning spin credits the balance through the ledger, once per key', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const before = await balanceOf(client, accessToken)
    const index = wheelIndex('cash-100')
    await client.post('/__mock/czipz/next', { prize: index })
    const first = await spin(client, accessToken, 'key-aaaa-0001')
    expect(first.status).toBe(200)
    const result = rewardResultResponseSchema.parse(first.body).data
    expect(result).toMatchObject({ index, ticketsLeft: 2, balance: before + 100 })
    expect(result.play.prize).toEqual({ id: 'cash-100', label: '฿100', amount: 100 })

    // The same key: the same answer, no second ticket, no second credit.
    const again = await spin(client, accessToken, 'key-aaaa-0001')
    expect(again.body).toEqual(first.body)
    expect(await balanceOf(client, accessToken)).toBe(before + 100)
    const after = await games(client, accessToken)
    expect(after.wheel.tickets).toBe(2)
    expect(after.history).toHaveLength(1)
  })

  it('refuses a spin without tickets with 409 NO_TICKETS and credits nothing', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    await client.post('/__mock/czipz/tickets', { username: 'demo', wheel: 1 })
    await client.post('/__mock/czipz/next', { prize: wheelIndex('try-again') })
    const first = rewardResultResponseSchema.parse(
      (await spin(client, accessToken, 'key-bbbb-0001')).body,
    ).data
    expect(first.ticketsLeft).toBe(0)
    expect(first.play.prize.amount).toBe(0)
    const before = await balanceOf(client, accessToken)
    expectError(await spin(client, accessToken, 'key-bbbb-0002'), 409, 'NO_TICKETS')
    expect(await balanceOf(client, accessToken)).toBe(before)
    // A refusal is not remembered: with a ticket again the same key plays.
    await client.post('/__mock/czipz/tickets', { username: 'demo', wheel: 1 })
    expect((await spin(client, accessToken, 'key-bbbb-0002')).status).toBe(200)
  })

  it("a coupon's wheel tickets come on top of the day's and are used after them", async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    await client.post('/__mock/czipz/tickets', { username: 'demo', wheel: 1 })
    const redeemed = await client.post(
      REDEEM_PATH,
      { code: 'SPIN3', idempotencyKey: 'key-spin3-0001' },
      accessToken,
    )
    expect(redeemed.status).toBe(200)
    expect((await games(client, accessToken)).wheel.tickets).toBe(4)
    for (let i = 0; i < 4; i++) {
      const played = await spin(client, accessToken, `key-cccc-000${i}`)
      expect(rewardResultResponseSchema.parse(played.body).data.ticketsLeft).toBe(3 - i)
    }
    expectError(await spin(client, accessToken, 'key-cccc-0009'), 409, 'NO_TICKETS')
    // Angpao tickets are the day's only.
    expect((await games(client, accessToken)).angpao.tickets).toBe(DAILY_TICKETS.angpao)
  })

  it('concurrent spins with different keys never share a ticket', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => spin(client, accessToken, `key-cccc-000${i}`)),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(DAILY_TICKETS.wheel)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6 - DAILY_TICKETS.wheel)
    expect((await games(client, accessToken)).wheel.tickets).toBe(0)
  })

  it('angpao: the picked envelope holds the forced prize; tickets are per game', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('somsri')
    await client.post('/__mock/czipz/next', { prize: wheelIndex('cash-50'), game: 'angpao' })
    const res = await client.post(
      '/rewards/angpao/pick',
      { envelope: 4, idempotencyKey: 'key-dddd-0001' },
      accessToken,
    )
    const result = rewardResultResponseSchema.parse(res.body).data
    expect(result).toMatchObject({ index: 4, ticketsLeft: 0, balance: 300 })
    expect(result.play).toMatchObject({ game: 'angpao', prize: { amount: 50 } })
    const after = await games(client, accessToken)
    expect(after).toMatchObject({ angpao: { tickets: 0 }, wheel: { tickets: 3 } })
    expectError(
      await client.post(
        '/rewards/angpao/pick',
        { envelope: 1, idempotencyKey: 'key-dddd-0002' },
        accessToken,
      ),
      409,
      'NO_TICKETS',
    )
    // The same key for a different envelope is another request.
    expectError(
      await client.post(
        '/rewards/angpao/pick',
        { envelope: 2, idempotencyKey: 'key-dddd-0001' },
        accessToken,
      ),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    )
  })

  it('refuses bad bodies, unknown envelopes and missing bearers', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    for (const body of [{}, { idempotencyKey: 'short' }, { idempotencyKey: 'k'.repeat(65) }]) {
      expectError(await client.post('/rewards/wheel/spin', body, accessToken), 400, 'BAD_REQUEST')
    }
    expectError(
      await client.post(
        '/rewards/angpao/pick',
        { envelope: 6, idempotencyKey: 'key-eeee-0001' },
        accessToken,
      ),
      400,
      'ENVELOPE_INVALID',
    )
    expectError(
      await client.post(
        '/rewards/angpao/pick',
        { envelope: -1, idempotencyKey: 'key-eeee-0002' },
        accessToken,
      ),
      400,
      'BAD_REQUEST',
    )
    expect((await client.get('/rewards/games')).status).toBe(401)
    expect(
      (await client.post('/rewards/wheel/spin', { idempotencyKey: 'key-eeee-0003' })).status,
    ).toBe(401)
  })

  it('reset restores the tickets and forgets plays', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    await client.post('/__mock/czipz/tickets', { username: 'demo', wheel: 0, angpao: 5 })
    expect(await games(client, accessToken)).toMatchObject({
      wheel: { tickets: 0 },
      angpao: { tickets: 5 },
    })
    await client.post('/__mock/reset')
    const { accessToken: fresh } = await client.login('demo')
    expect(await games(client, fresh)).toMatchObject({
      wheel: { tickets: 3 },
      angpao: { tickets: 1 },
    })
  })
})

describe('bangkokDate', () => {
  it('is the calendar day in Bangkok (UTC+7)', () => {
    expect(bangkokDate(Date.parse('2026-11-23T16:59:59Z'))).toBe('2026-11-23')
    expect(bangkokDate(Date.parse('2026-11-23T17:00:00Z'))).toBe('2026-11-24')
  })
})
