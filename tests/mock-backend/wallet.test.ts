import { describe, expect, it } from 'vitest'
import {
  historyResponseSchema,
  withdrawInfoResponseSchema,
  withdrawResponseSchema,
} from '../../app/backend/wallet.schemas'
import { profileResponseSchema } from '../../app/backend/schemas'
import { expectError, useBackend } from './helpers'
import { resolveOptions } from './options'
import { MockState } from './state'
import { bangkokDay, placeWithdrawal, SEED_HISTORY } from './wallet'

const setup = useBackend()
const api = () => setup.client()

async function balance(token: string) {
  const res = await api().get('/user/profile', token)
  return profileResponseSchema.parse(res.body).data?.balance
}

async function info(token: string) {
  const res = await api().get('/wallet/withdraw-info', token)
  expect(res.status).toBe(200)
  return withdrawInfoResponseSchema.parse(res.body).data
}

async function history(token: string, query = '') {
  const res = await api().get(`/wallet/transactions${query}`, token)
  expect(res.status).toBe(200)
  return historyResponseSchema.parse(res.body).data
}

let keys = 0
const withdraw = (token: string, amount: number, idempotencyKey = `key-${++keys}-abcdef`) =>
  api().post('/wallet/withdrawals', { amount, idempotencyKey }, token)

describe('GET /wallet/withdraw-info', () => {
  it("gives the registered account, the balance and today's limit", async () => {
    const { accessToken } = await api().login('demo')
    expect(await info(accessToken)).toEqual({
      account: {
        bankCode: '004',
        bankName: 'ธนาคารกสิกรไทย',
        accountNumber: '1234567890',
        accountName: 'สมชาย ใจดี',
      },
      balance: 1520.5,
      dailyLimit: 50_000,
      dailyLeft: 50_000,
    })
  })

  it('needs a bearer', async () => {
    expectError(await api().get('/wallet/withdraw-info'), 401, 'INVALID_TOKEN')
  })
})

describe('POST /wallet/withdrawals', () => {
  it('holds the money at once and leaves a pending withdraw line', async () => {
    const { accessToken } = await api().login('demo')
    const res = await withdraw(accessToken, 500)
    expect(res.status).toBe(201)
    const { data } = withdrawResponseSchema.parse(res.body)
    expect(data.balance).toBe(1020.5)
    expect(data.withdrawal).toMatchObject({ kind: 'withdraw', status: 'pending', amount: -500 })
    expect(await balance(accessToken)).toBe(1020.5)
    expect((await info(accessToken)).dailyLeft).toBe(49_500)
    const { items } = await history(accessToken)
    expect(items[0]).toEqual(data.withdrawal)
  })

  it('makes one withdrawal for one key, and refuses the key for another amount', async () => {
    const { accessToken } = await api().login('demo')
    const first = await withdraw(accessToken, 400, 'same-key-123')
    const again = await withdraw(accessToken, 400, 'same-key-123')
    expect(again.body).toEqual(first.body)
    expect(await balance(accessToken)).toBe(1120.5)
    expectError(await withdraw(accessToken, 500, 'same-key-123'), 409, 'IDEMPOTENCY_KEY_REUSED')
  })

  it('refuses by rule with a code, and a refused key may be used again', async () => {
    const { accessToken } = await api().login('demo')
    expectError(await withdraw(accessToken, 299, 'retry-key-1'), 422, 'AMOUNT_TOO_LOW')
    expectError(await withdraw(accessToken, 30_001), 422, 'AMOUNT_TOO_HIGH')
    expectError(await withdraw(accessToken, 1521), 422, 'BALANCE_LOW')
    expectError(await withdraw(accessToken, 350.5), 422, 'BAD_AMOUNT')
    await api().post('/__mock/wallet/daily-limit', { amount: 800 })
    expect(await withdraw(accessToken, 500)).toMatchObject({ status: 201 })
    expectError(await withdraw(accessToken, 301), 422, 'DAILY_LIMIT')
    expect((await info(accessToken)).dailyLeft).toBe(300)
    expect((await withdraw(accessToken, 300, 'retry-key-1')).status).toBe(201)
    expect(await balance(accessToken)).toBe(720.5)
  })

  it('refuses a member with no bank account', () => {
    const state = new MockState(resolveOptions({}))
    state.bankAccounts.delete(1001)
    const member = state.members.get(1001)
    if (!member) throw new Error('no demo member')
    expect(() => placeWithdrawal(state, member, 500, Date.now())).toThrow(
      expect.objectContaining({ status: 422, code: 'NO_BANK_ACCOUNT' }),
    )
    expect(member.balance).toBe(1520.5)
  })

  it('is paid or rejected through /__mock/ (a rejection gives the money back)', async () => {
    const { accessToken } = await api().login('demo')
    const paid = withdrawResponseSchema.parse((await withdraw(accessToken, 300)).body).data
    const rejected = withdrawResponseSchema.parse((await withdraw(accessToken, 400)).body).data
    expect(await balance(accessToken)).toBe(820.5)
    expect((await api().post(`/__mock/withdrawals/${paid.withdrawal.id}/paid`)).status).toBe(200)
    const back = await api().post(`/__mock/withdrawals/${rejected.withdrawal.id}/rejected`)
    expect(back.status).toBe(200)
    expect(await balance(accessToken)).toBe(1220.5)
    expect((await info(accessToken)).dailyLeft).toBe(49_700)
    const { items } = await history(accessToken, '?kind=withdraw')
    expect(items.slice(0, 2).map((line) => line.status)).toEqual(['failed', 'success'])
    expectError(await api().post(`/__mock/withdrawals/${paid.withdrawal.id}/paid`), 409, 'CONFLICT')
    expectError(await api().post('/__mock/withdrawals/T999999/paid'), 404, 'NOT_FOUND')
  })
})

describe('GET /wallet/transactions', () => {
  it("pages the seed's past, newest first, ending on the seed balance", async () => {
    const { accessToken } = await api().login('demo')
    const seeded = SEED_HISTORY.get(1001)?.length ?? 0
    const first = await history(accessToken)
    expect(first.total).toBe(seeded)
    expect(first.items).toHaveLength(20)
    expect(first.items[0]?.balanceAfter).toBe(1520.5)
    const second = await history(accessToken, '?page=2')
    expect(second.items).toHaveLength(seeded - 20)
    const times = [...first.items, ...second.items].map((line) => line.at)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('filters by kind, status and Bangkok days', async () => {
    const { accessToken } = await api().login('demo')
    const deposits = await history(accessToken, '?kind=deposit')
    expect(deposits.items.every((line) => line.kind === 'deposit')).toBe(true)
    expect(deposits.total).toBeGreaterThan(0)
    const failed = await history(accessToken, '?status=failed')
    expect(failed.items.map((line) => line.kind)).toEqual(['withdraw'])
    const yesterday = bangkokDay(Date.now() - 86_400_000)
    const day = await history(accessToken, `?from=${yesterday}&to=${yesterday}`)
    expect(day.items.map((line) => line.amount)).toEqual([-350])
    const none = await history(accessToken, '?from=2030-01-01')
    expect(none).toMatchObject({ items: [], total: 0 })
  })

  it('refuses a bad query with 400', async () => {
    const { accessToken } = await api().login('demo')
    for (const query of ['?kind=nope', '?status=x', '?from=2026-1-1', '?page=0', '?perPage=500']) {
      expectError(await api().get(`/wallet/transactions${query}`, accessToken), 400, 'BAD_REQUEST')
    }
  })
})
