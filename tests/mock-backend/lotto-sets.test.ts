import { describe, expect, it } from 'vitest'
import {
  STAKE_SET_LIMITS,
  stakeSetResponseSchema,
  stakeSetsResponseSchema,
} from '../../app/backend/lotto.schemas'
import { expectError, useBackend, type Client } from './helpers'

const backend = useBackend()

const json = (client: Client, method: string, path: string, token: string, body?: unknown) =>
  client.send(path, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

const line = { kind: 'threeTop', number: '123', amount: 10 }

describe('saved sets', () => {
  it('lists, creates, renames, replaces lines and deletes, per member', async () => {
    const client = backend.client()
    const { accessToken: demo } = await client.login('demo')
    const { accessToken: somsri } = await client.login('somsri')
    const list = async (token: string) =>
      stakeSetsResponseSchema.parse((await client.get('/lotto/stake-sets', token)).body).data
    expect((await list(demo)).map((set) => set.name)).toHaveLength(2)
    expect(await list(somsri)).toEqual([])

    const created = await client.post('/lotto/stake-sets', { name: ' ชุดใหม่ ', lines: [line] }, demo)
    expect(created.status).toBe(201)
    const set = stakeSetResponseSchema.parse(created.body).data
    expect(set.name).toBe('ชุดใหม่')
    expect((await list(demo))[0]?.id).toBe(set.id)

    const renamed = await json(client, 'PUT', `/lotto/stake-sets/${set.id}`, demo, {
      name: 'ชื่อใหม่',
    })
    expect(stakeSetResponseSchema.parse(renamed.body).data).toMatchObject({
      name: 'ชื่อใหม่',
      lines: [line],
    })
    const relined = await json(client, 'PUT', `/lotto/stake-sets/${set.id}`, demo, {
      lines: [{ kind: 'twoBottom', number: '07', amount: 5 }],
    })
    expect(stakeSetResponseSchema.parse(relined.body).data.lines).toEqual([
      { kind: 'twoBottom', number: '07', amount: 5 },
    ])

    // Another member's set does not exist for them.
    expectError(
      await json(client, 'PUT', `/lotto/stake-sets/${set.id}`, somsri, { name: 'x' }),
      404,
      'NOT_FOUND',
    )
    expectError(
      await json(client, 'DELETE', `/lotto/stake-sets/${set.id}`, somsri),
      404,
      'NOT_FOUND',
    )

    expect((await json(client, 'DELETE', `/lotto/stake-sets/${set.id}`, demo)).status).toBe(200)
    expectError(await client.get(`/lotto/stake-sets/${set.id}`, demo), 404, 'NOT_FOUND')
    expect(await list(demo)).toHaveLength(2)
  })

  it('needs a bearer', async () => {
    const res = await backend.client().get('/lotto/stake-sets')
    expect(res.status).toBe(401)
  })

  it('refuses names, lines and amounts outside the limits', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const bad = [
      { name: '', lines: [] },
      { name: '   ', lines: [] },
      { name: 'x'.repeat(STAKE_SET_LIMITS.nameMax + 1), lines: [] },
      { name: 'a', lines: [{ kind: 'threeTop', number: '12', amount: 10 }] },
      { name: 'a', lines: [{ kind: 'twoTop', number: '12', amount: 0 }] },
      { name: 'a', lines: [{ kind: 'twoTop', number: '12', amount: 1.5 }] },
      {
        name: 'a',
        lines: [{ kind: 'twoTop', number: '12', amount: STAKE_SET_LIMITS.maxAmount + 1 }],
      },
      { name: 'a', lines: Array.from({ length: STAKE_SET_LIMITS.maxLines + 1 }, () => line) },
      { name: 'a', lines: [], extra: true },
    ]
    for (const body of bad) {
      expectError(await client.post('/lotto/stake-sets', body, accessToken), 400, 'BAD_REQUEST')
    }
  })

  it(`refuses a set beyond ${STAKE_SET_LIMITS.maxSets} with 409 CONFLICT`, async () => {
    const client = backend.client()
    const { accessToken } = await client.login('somsri')
    for (let i = 0; i < STAKE_SET_LIMITS.maxSets; i++) {
      const res = await client.post(
        '/lotto/stake-sets',
        { name: `ชุด ${i}`, lines: [] },
        accessToken,
      )
      expect(res.status).toBe(201)
    }
    const over = await client.post('/lotto/stake-sets', { name: 'เกิน', lines: [] }, accessToken)
    expectError(over, 409, 'CONFLICT')
  })
})
