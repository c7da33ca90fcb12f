import { historyResponseSchema } from '../../app/backend/wallet.schemas'
import { describe, expect, it } from 'vitest'
import {
  affiliateResponseSchema,
  commissionWithdrawResponseSchema,
} from '../../app/backend/member.schemas'
import { profileResponseSchema } from '../../app/backend/schemas'
import { expectError, useBackend } from './helpers'
import { monthBefore } from './affiliate'

const backend = useBackend()

describe('affiliate', () => {
  it('gives the code, referred members and commission by month', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const { data } = affiliateResponseSchema.parse(
      (await client.get('/affiliate', accessToken)).body,
    )
    expect(data.code).toBe('DEMO88')
    expect(data.referred).toHaveLength(4)
    expect(data.periods.map((p) => p.commission)).toEqual([42.75, 88, 125.4])
    expect(data.withdrawn).toBe(125.4)
    expect(data.available).toBe(130.75)
  })

  it('withdraws the available commission once per key, through the ledger', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const balance = async () =>
      profileResponseSchema.parse((await client.get('/user/profile', accessToken)).body).data
        ?.balance
    const key = { idempotencyKey: 'key-12345678' }
    const first = await client.post('/affiliate/withdraw', key, accessToken)
    const again = await client.post('/affiliate/withdraw', key, accessToken)
    const answer = commissionWithdrawResponseSchema.parse(first.body).data
    expect(answer).toMatchObject({ amount: 130.75, balance: 1651.25 })
    expect(again.body).toEqual(first.body)
    expect(await balance()).toBe(1651.25)
    const history = await client.get('/wallet/transactions?kind=commission', accessToken)
    const lines = historyResponseSchema.parse(history.body).data.items
    // The newest commission line is this one, once (the seed has older ones).
    expect(lines[0]).toMatchObject({ kind: 'commission', amount: 130.75, balanceAfter: 1651.25 })
    expect(lines.filter((line) => line.balanceAfter === 1651.25)).toHaveLength(1)
    const none = await client.post(
      '/affiliate/withdraw',
      { idempotencyKey: 'key-87654321' },
      accessToken,
    )
    expectError(none, 409, 'NO_COMMISSION')
  })

  it('counts a new member registered with the code', async () => {
    const client = backend.client()
    const res = await client.post('/auth/register', {
      username: 'newfriend',
      password: 'newfriend1',
      phone: '0611112222',
      referralCode: 'demo88',
      bankCode: '004',
      accountNumber: '1112223330',
      accountName: 'เพื่อน ใหม่',
    })
    expect(res.status).toBeLessThan(300)
    const { accessToken } = await client.login('demo')
    const { data } = affiliateResponseSchema.parse(
      (await client.get('/affiliate', accessToken)).body,
    )
    expect(data.referred.map((r) => r.name)).toContain('เพื่อน ใหม่')
  })

  it('names months in Bangkok time', () => {
    expect(monthBefore(Date.parse('2026-01-31T18:00:00Z'), 0)).toBe('2026-02')
    expect(monthBefore(Date.parse('2026-01-15T00:00:00Z'), 1)).toBe('2025-12')
  })
})
