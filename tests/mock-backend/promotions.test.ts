import { describe, expect, it } from 'vitest'
import {
  memberPromotionsResponseSchema,
  promotionAcceptResponseSchema,
} from '../../app/backend/rewards.schemas'
import { promotionsResponseSchema } from '../../app/backend/content.schemas'
import { expectError, useBackend, type Client } from './helpers'

const backend = useBackend()

let keys = 0
const accept = (client: Client, token: string, id: string) =>
  client.post(`/promotions/${id}/accept`, { idempotencyKey: `promo-key-${++keys}` }, token)

const mine = async (client: Client, token: string) =>
  memberPromotionsResponseSchema.parse((await client.get('/promotions/mine', token)).body).data

describe('promotions', () => {
  it('lists terms and whether members accept each one', async () => {
    const res = await backend.client().get('/content/promotions')
    const { data } = promotionsResponseSchema.parse(res.body)
    for (const promotion of data) expect(promotion.terms.length).toBeGreaterThan(0)
    expect(data.filter((p) => p.acceptable).map((p) => p.id)).toEqual([
      'welcome-100',
      'daily-deposit',
      'lotto-weekly',
    ])
  })

  it('accepts one, follows its turnover, and refuses with the contract codes', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    expect(await mine(client, accessToken)).toEqual([])
    const res = await accept(client, accessToken, 'lotto-weekly')
    expect(promotionAcceptResponseSchema.parse(res.body).data).toMatchObject({
      promotionId: 'lotto-weekly',
      status: 'active',
      turnoverRequired: 1000,
      turnoverDone: 0,
    })
    expectError(await accept(client, accessToken, 'lotto-weekly'), 409, 'ALREADY_ACCEPTED')
    expectError(await accept(client, accessToken, 'daily-deposit'), 409, 'ONE_ACTIVE_ONLY')
    expectError(await accept(client, accessToken, 'welcome-100'), 403, 'PROMOTION_NOT_ELIGIBLE')
    expectError(await accept(client, accessToken, 'cashback-weekly'), 403, 'PROMOTION_NOT_ELIGIBLE')
    expectError(await accept(client, accessToken, 'no-such'), 404, 'NOT_FOUND')
    expect((await mine(client, accessToken)).map((p) => p.promotionId)).toEqual(['lotto-weekly'])
  })

  it('seeds สมศรี with a promotion under way', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('somsri')
    expect(await mine(client, accessToken)).toMatchObject([
      { promotionId: 'daily-deposit', turnoverDone: 1250, turnoverRequired: 3000 },
    ])
  })
})
