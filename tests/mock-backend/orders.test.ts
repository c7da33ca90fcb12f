import { describe, expect, it } from 'vitest'
import { orderResponseSchema, ordersResponseSchema } from '../../app/backend/orders.schemas'
import { profileResponseSchema } from '../../app/backend/schemas'
import { expectError, useBackend } from './helpers'
import { ORDER_TTL_MS, SERVICE_PROMPTPAY_ID } from './orders'

const setup = useBackend()
const api = () => setup.client()

const KEY = 'key-00000001'

async function balance(token: string) {
  const res = await api().get('/user/profile', token)
  return profileResponseSchema.parse(res.body).data?.balance
}

async function deposit(token: string, body: Record<string, unknown>) {
  const res = await api().post('/wallet/deposits', { idempotencyKey: KEY, ...body }, token)
  return res
}

async function orders(token: string) {
  const res = await api().get('/wallet/orders', token)
  expect(res.status).toBe(200)
  return ordersResponseSchema.parse(res.body).data
}

describe('POST /wallet/deposits', () => {
  it('makes a pending PromptPay order to the service, expiring in 15 minutes', async () => {
    const { accessToken } = await api().login('demo')
    const res = await deposit(accessToken, { amount: 500, method: 'promptpay' })
    expect(res.status).toBe(201)
    const order = orderResponseSchema.parse(res.body).data
    expect(order).toMatchObject({ amount: 500, method: 'promptpay', status: 'pending' })
    expect(order.payTo.promptPayId).toBe(SERVICE_PROMPTPAY_ID)
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(ORDER_TTL_MS)
    // Nothing moves until the money arrives.
    expect(await balance(accessToken)).toBe(1520.5)
  })

  it('gives a bank order the service account', async () => {
    const { accessToken } = await api().login('demo')
    const res = await deposit(accessToken, { amount: 1000, method: 'bank' })
    const order = orderResponseSchema.parse(res.body).data
    expect(order.payTo).toMatchObject({ bankCode: '014', accountNumber: '4071234567' })
    expect(order.payTo.promptPayId).toBeUndefined()
  })

  it('makes one order per key: the same post again gives the same order', async () => {
    const { accessToken } = await api().login('demo')
    const first = await deposit(accessToken, { amount: 500, method: 'promptpay' })
    const second = await deposit(accessToken, { amount: 500, method: 'promptpay' })
    expect(second.body).toEqual(first.body)
    expect(await orders(accessToken)).toHaveLength(1)
    // The same key for another request is refused.
    expectError(
      await deposit(accessToken, { amount: 600, method: 'promptpay' }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    )
  })

  it('refuses amounts outside the configured limits, and remembers no refusal', async () => {
    const { accessToken } = await api().login('demo')
    expectError(
      await deposit(accessToken, { amount: 99, method: 'bank' }),
      400,
      'DEPOSIT_AMOUNT_TOO_LOW',
    )
    expectError(
      await deposit(accessToken, { amount: 50_001, method: 'bank' }),
      400,
      'DEPOSIT_AMOUNT_TOO_HIGH',
    )
    await api().post('/__mock/app-config', { limits: { deposit: { min: 20, max: 100 } } })
    expect((await deposit(accessToken, { amount: 99, method: 'bank' })).status).toBe(201)
  })

  it('refuses a malformed request and no token', async () => {
    const { accessToken } = await api().login('demo')
    expectError(await deposit(accessToken, { amount: 10.5, method: 'bank' }), 400, 'BAD_REQUEST')
    expectError(await deposit(accessToken, { amount: 100, method: 'cash' }), 400, 'BAD_REQUEST')
    expectError(
      await api().post(
        '/wallet/deposits',
        { amount: 100, method: 'bank', idempotencyKey: 'x' },
        accessToken,
      ),
      400,
      'BAD_REQUEST',
    )
    expect((await deposit('', { amount: 100, method: 'bank' })).status).toBe(401)
  })
})

describe('orders', () => {
  it('are the member’s own: another member gets a 404', async () => {
    const demo = await api().login('demo')
    const order = orderResponseSchema.parse(
      (await deposit(demo.accessToken, { amount: 500, method: 'promptpay' })).body,
    ).data
    const somsri = await api().login('somsri')
    expectError(await api().get(`/wallet/orders/${order.id}`, somsri.accessToken), 404, 'NOT_FOUND')
    expect(await orders(somsri.accessToken)).toEqual([])
    expect((await api().get(`/wallet/orders/${order.id}`, demo.accessToken)).status).toBe(200)
    expectError(await api().get('/wallet/orders/abc', demo.accessToken), 404, 'NOT_FOUND')
  })

  it('paid through /__mock credits the balance once through the ledger', async () => {
    const { accessToken } = await api().login('demo')
    const order = orderResponseSchema.parse(
      (await deposit(accessToken, { amount: 500, method: 'promptpay' })).body,
    ).data
    const paid = await api().post(`/__mock/orders/${order.id}/paid`)
    expect(orderResponseSchema.parse(paid.body).data.status).toBe('paid')
    expect(await balance(accessToken)).toBe(2020.5)
    expectError(await api().post(`/__mock/orders/${order.id}/paid`), 409, 'CONFLICT')
    expect(await balance(accessToken)).toBe(2020.5)
    expect((await orders(accessToken))[0]?.paidAt).not.toBeNull()
  })

  it('expire after 15 minutes on the backend clock, and can no longer be paid', async () => {
    const { accessToken } = await api().login('demo')
    const order = orderResponseSchema.parse(
      (await deposit(accessToken, { amount: 500, method: 'bank' })).body,
    ).data
    await api().post('/__mock/clock', { aheadMs: ORDER_TTL_MS + 1000 })
    const { accessToken: fresh } = await api().login('demo')
    const res = await api().get(`/wallet/orders/${order.id}`, fresh)
    expect(orderResponseSchema.parse(res.body).data.status).toBe('expired')
    expectError(await api().post(`/__mock/orders/${order.id}/paid`), 409, 'CONFLICT')
    expect(await balance(fresh)).toBe(1520.5)
  })

  it('expire at once through /__mock/orders/:id/expire', async () => {
    const { accessToken } = await api().login('demo')
    const order = orderResponseSchema.parse(
      (await deposit(accessToken, { amount: 500, method: 'bank' })).body,
    ).data
    const res = await api().post(`/__mock/orders/${order.id}/expire`)
    expect(orderResponseSchema.parse(res.body).data.status).toBe('expired')
    const list = (await api().get('/__mock/orders')).body as { data: { memberId: number }[] }
    expect(list.data).toMatchObject([{ memberId: 1001, status: 'expired' }])
  })

  it('are limited to five unpaid at once', async () => {
    const { accessToken } = await api().login('demo')
    for (let i = 0; i < 5; i++) {
      const res = await api().post(
        '/wallet/deposits',
        { amount: 100, method: 'bank', idempotencyKey: `key-many-${i}` },
        accessToken,
      )
      expect(res.status).toBe(201)
    }
    expectError(
      await api().post(
        '/wallet/deposits',
        { amount: 100, method: 'bank', idempotencyKey: 'key-many-5' },
        accessToken,
      ),
      409,
      'TOO_MANY_PENDING_ORDERS',
    )
  })
})
