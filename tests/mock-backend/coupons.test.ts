import { describe, expect, it } from 'vitest'
import { profileResponseSchema } from '../../app/backend/schemas'
import {
  couponRedeemResponseSchema,
  couponsResponseSchema,
} from '../../app/backend/rewards.schemas'
import { expectError, useBackend, type Client } from './helpers'

const backend = useBackend()

const balance = async (client: Client, token: string) =>
  profileResponseSchema.parse((await client.get('/user/profile', token)).body).data?.balance

let keys = 0
const redeem = (
  client: Client,
  token: string,
  code: string,
  idempotencyKey = `coupon-key-${++keys}`,
) => client.post('/rewards/coupons/redeem', { code, idempotencyKey }, token)

describe('coupons', () => {
  it('WELCOME100 credits ฿100 once; the same key replays, another key is COUPON_USED', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const before = (await balance(client, accessToken)) ?? 0
    const first = await redeem(client, accessToken, 'WELCOME100', 'welcome-key-1')
    expect(first.status).toBe(200)
    const { redemption, balance: after } = couponRedeemResponseSchema.parse(first.body).data
    expect(redemption.reward).toEqual({ credit: 100, bonus: 0, spinTickets: 0 })
    expect(after).toBe(before + 100)
    const again = await redeem(client, accessToken, 'WELCOME100', 'welcome-key-1')
    expect(couponRedeemResponseSchema.parse(again.body).data.redemption.id).toBe(redemption.id)
    expect(await balance(client, accessToken)).toBe(before + 100)
    expectError(await redeem(client, accessToken, 'WELCOME100'), 409, 'COUPON_USED')
    const history = couponsResponseSchema.parse(
      (await client.get('/rewards/coupons', accessToken)).body,
    ).data
    expect(history.map((r) => r.code)).toEqual(['WELCOME100', 'USED20'])
  })

  it('answers each refusal with its code', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('somsri')
    expectError(await redeem(client, accessToken, 'NOSUCH1'), 404, 'COUPON_UNKNOWN')
    expectError(await redeem(client, accessToken, 'EXPIRED50'), 410, 'COUPON_EXPIRED')
    expectError(await redeem(client, accessToken, 'USED20'), 409, 'COUPON_USED')
    expectError(await redeem(client, accessToken, 'VIPONLY'), 403, 'COUPON_NOT_ELIGIBLE')
    expectError(await redeem(client, accessToken, 'bad code'), 400, 'BAD_REQUEST')
  })

  it('SPIN3 gives 3 tickets (state.couponTickets), BONUS50 a bonus', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const spin = couponRedeemResponseSchema.parse(
      (await redeem(client, accessToken, 'SPIN3')).body,
    ).data
    expect(spin.redemption.reward.spinTickets).toBe(3)
    const before = (await balance(client, accessToken)) ?? 0
    expect(spin.balance).toBe(before)
    const bonus = couponRedeemResponseSchema.parse(
      (await redeem(client, accessToken, 'BONUS50')).body,
    ).data
    expect(bonus.balance).toBe(before + 50)
  })
})
