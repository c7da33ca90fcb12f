import { describe, expect, it } from 'vitest'
import { profileResponseSchema } from '../../app/backend/schemas'
import {
  cashbackClaimResponseSchema,
  cashbackResponseSchema,
} from '../../app/backend/rewards.schemas'
import { weekLabel, weekStart } from './cashback'
import { expectError, useBackend, type Client } from './helpers'

const backend = useBackend()

const balance = async (client: Client, token: string) =>
  profileResponseSchema.parse((await client.get('/user/profile', token)).body).data?.balance

const overview = async (client: Client, token: string) =>
  cashbackResponseSchema.parse((await client.get('/rewards/cashback', token)).body).data

describe('cashback periods', () => {
  it('lists weeks newest first: open, claimable, claimed, none, expired', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const { periods, claims } = await overview(client, accessToken)
    expect(periods.map((p) => p.status)).toEqual([
      'open',
      'claimable',
      'claimed',
      'none',
      'expired',
    ])
    expect(periods[1]).toMatchObject({ loss: 3250, rate: 5, amount: 162.5, kind: 'week' })
    expect(periods[1]?.claimableUntil).toMatch(/\+07:00$/)
    expect(claims).toHaveLength(1)
    expect(claims[0]).toMatchObject({ periodId: periods[2]?.id, amount: 95 })
  })

  it('needs a bearer', async () => {
    expectError(await backend.client().get('/rewards/cashback'), 401, 'INVALID_TOKEN')
  })

  it('weeks start on Monday in Bangkok', () => {
    // Sunday 23:30 in Bangkok is still the week of Monday the 16th.
    const sunday = Date.parse('2026-11-22T16:30:00Z')
    expect(new Date(weekStart(sunday, 0)).toISOString().slice(0, 10)).toBe('2026-11-16')
    expect(new Date(weekStart(sunday + 3_600_000, 0)).toISOString().slice(0, 10)).toBe('2026-11-23')
    expect(weekLabel(weekStart(sunday, 0))).toBe('16–22 พ.ย. 2569')
    expect(weekLabel(Date.parse('2026-11-30T00:00:00Z'))).toBe('30 พ.ย.–6 ธ.ค. 2569')
  })
})

describe('POST /rewards/cashback/claim', () => {
  it('pays a claimable period once through the ledger; the same key replays', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const before = await balance(client, accessToken)
    const periodId = (await overview(client, accessToken)).periods[1]?.id
    const body = { periodId, idempotencyKey: 'claim-key-0001' }
    const first = await client.post('/rewards/cashback/claim', body, accessToken)
    expect(first.status).toBe(200)
    const paid = cashbackClaimResponseSchema.parse(first.body).data
    expect(paid.claim.amount).toBe(162.5)
    expect(paid.balance).toBe((before ?? 0) + 162.5)
    const again = await client.post('/rewards/cashback/claim', body, accessToken)
    expect(cashbackClaimResponseSchema.parse(again.body).data.claim.id).toBe(paid.claim.id)
    expect(await balance(client, accessToken)).toBe((before ?? 0) + 162.5)
    // A new key for the same period: already claimed.
    expectError(
      await client.post(
        '/rewards/cashback/claim',
        { periodId, idempotencyKey: 'claim-key-0002' },
        accessToken,
      ),
      409,
      'CASHBACK_ALREADY_CLAIMED',
    )
    const { periods, claims } = await overview(client, accessToken)
    expect(periods[1]?.status).toBe('claimed')
    expect(claims[0]?.id).toBe(paid.claim.id)
  })

  it('refuses the open week, a week without loss and an expired one', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const { periods } = await overview(client, accessToken)
    for (const index of [0, 3, 4]) {
      const res = await client.post(
        '/rewards/cashback/claim',
        { periodId: periods[index]?.id, idempotencyKey: `claim-key-10${index}` },
        accessToken,
      )
      expectError(res, 409, 'CASHBACK_NOT_CLAIMABLE')
    }
    expectError(
      await client.post(
        '/rewards/cashback/claim',
        { periodId: 'week-1999-01-04', idempotencyKey: 'claim-key-2000' },
        accessToken,
      ),
      404,
      'NOT_FOUND',
    )
  })
})
