import { describe, expect, it } from 'vitest'
import {
  placeStakeResponseSchema,
  stakeRulesResponseSchema,
  stakesResponseSchema,
} from '../../app/backend/lotto.schemas'
import { profileResponseSchema } from '../../app/backend/schemas'
import { expectError, useBackend } from './helpers'

const setup = useBackend()
const api = () => setup.client()

async function openDraw(token: string, lotto = 'hanoi') {
  const res = await api().get(`/lotto/types/${lotto}/stake-rules`, token)
  expect(res.status).toBe(200)
  const { data } = stakeRulesResponseSchema.parse(res.body)
  if (!data.draw) throw new Error('no open draw')
  return data
}

async function balance(token: string) {
  const res = await api().get('/user/profile', token)
  return profileResponseSchema.parse(res.body).data?.balance
}

const place = (token: string, body: unknown) =>
  api()
    .post('/lotto/stakes', body, token)
    .then((res) => ({ status: res.status, body: res.body }))

describe('GET /lotto/types/:id/stake-rules', () => {
  it('gives the open draw, a rate and amounts per kind, and เลขอั้น', async () => {
    const { accessToken } = await api().login('demo')
    const rules = await openDraw(accessToken, 'thai')
    expect(rules.rules.map((r) => [r.kind, r.rate])).toEqual([
      ['threeTop', 900],
      ['threeTote', 150],
      ['twoTop', 90],
      ['twoBottom', 90],
      ['runTop', 3.2],
      ['runBottom', 4.2],
    ])
    expect(rules.limited).toContainEqual({ kind: 'threeTop', number: '123', rate: null })
    expect(rules.limited).toContainEqual({ kind: 'threeTop', number: '321', rate: 450 })
    expect(rules.maxLines).toBe(100)
  })

  it('needs a bearer and a known type', async () => {
    expectError(await api().get('/lotto/types/hanoi/stake-rules'), 401, 'INVALID_TOKEN')
    const { accessToken } = await api().login('demo')
    expectError(await api().get('/lotto/types/nope/stake-rules', accessToken), 404, 'NOT_FOUND')
  })

  it('gives no draw for a closed type', async () => {
    const { accessToken } = await api().login('demo')
    await api().post('/__mock/lotto/close', { lottoId: 'hanoi' })
    const res = await api().get('/lotto/types/hanoi/stake-rules', accessToken)
    const { data } = stakeRulesResponseSchema.parse(res.body)
    expect(data.draw).toBeNull()
    expect(data.lotto.status).toBe('closed')
  })
})

describe('POST /lotto/stakes', () => {
  it('accepts a slip, debits the balance, answers the rate of each line (reduced for เลขอั้น)', async () => {
    const { accessToken } = await api().login('demo')
    const { draw } = await openDraw(accessToken)
    const res = await place(accessToken, {
      drawId: draw?.id,
      idempotencyKey: 'key-00000001',
      lines: [
        { kind: 'threeTop', number: '321', amount: 10 },
        { kind: 'twoBottom', number: '45', amount: 20 },
      ],
    })
    expect(res.status).toBe(200)
    const { data } = placeStakeResponseSchema.parse(res.body)
    if (data.outcome !== 'accepted') throw new Error('refused')
    expect(data.stake.lines.map((l) => l.rate)).toEqual([425, 92])
    expect(data.stake.total).toBe(30)
    expect(data.balance).toBe(1490.5)
    expect(await balance(accessToken)).toBe(1490.5)
  })

  it('stakes once for a retried post with the same key', async () => {
    const { accessToken } = await api().login('demo')
    const { draw } = await openDraw(accessToken)
    const body = {
      drawId: draw?.id,
      idempotencyKey: 'key-retried',
      lines: [{ kind: 'runTop', number: '7', amount: 100 }],
    }
    const first = placeStakeResponseSchema.parse((await place(accessToken, body)).body)
    const second = placeStakeResponseSchema.parse((await place(accessToken, body)).body)
    expect(second).toEqual(first)
    expect(await balance(accessToken)).toBe(1420.5)
    const list = stakesResponseSchema.parse((await api().get('/lotto/stakes', accessToken)).body)
    expect(list.data).toHaveLength(1)
  })

  it('refuses line by line: closed number, amounts, bad number, duplicate; stakes nothing', async () => {
    const { accessToken } = await api().login('demo')
    const { draw } = await openDraw(accessToken)
    const res = await place(accessToken, {
      drawId: draw?.id,
      idempotencyKey: 'key-refused',
      lines: [
        { kind: 'threeTop', number: '555', amount: 10 },
        { kind: 'threeTop', number: '123', amount: 10 },
        { kind: 'threeTop', number: '556', amount: 5000 },
        { kind: 'twoTop', number: '5', amount: 10 },
        { kind: 'twoTop', number: '12', amount: 1.5 },
        { kind: 'threeTop', number: '555', amount: 10 },
      ],
    })
    const { data } = placeStakeResponseSchema.parse(res.body)
    expect(data).toEqual({
      outcome: 'refused',
      errors: [
        { line: 1, code: 'NUMBER_CLOSED' },
        { line: 2, code: 'AMOUNT_TOO_HIGH' },
        { line: 3, code: 'BAD_NUMBER' },
        { line: 4, code: 'BAD_AMOUNT' },
        { line: 5, code: 'DUPLICATE_LINE' },
      ],
    })
    expect(await balance(accessToken)).toBe(1520.5)
  })

  it('refuses a slip over the balance as a whole', async () => {
    const { accessToken } = await api().login('somsri')
    const { draw } = await openDraw(accessToken)
    const res = await place(accessToken, {
      drawId: draw?.id,
      idempotencyKey: 'key-too-much',
      lines: [{ kind: 'runTop', number: '1', amount: 300 }],
    })
    expect(placeStakeResponseSchema.parse(res.body).data).toEqual({
      outcome: 'refused',
      errors: [{ line: null, code: 'BALANCE_LOW' }],
    })
  })

  it('answers 409 DRAW_CLOSED once the draw closed', async () => {
    const { accessToken } = await api().login('demo')
    const { draw } = await openDraw(accessToken)
    await api().post('/__mock/lotto/close', { drawId: draw?.id })
    const res = await api().post(
      '/lotto/stakes',
      {
        drawId: draw?.id,
        idempotencyKey: 'key-closed',
        lines: [{ kind: 'runTop', number: '1', amount: 10 }],
      },
      accessToken,
    )
    expectError(res, 409, 'DRAW_CLOSED')
  })

  it('answers 400 for a malformed slip', async () => {
    const { accessToken } = await api().login('demo')
    const res = await api().post('/lotto/stakes', { drawId: 'x', lines: [] }, accessToken)
    expectError(res, 400, 'BAD_REQUEST')
  })
})

describe('settlement (/__mock/lotto/settle)', () => {
  it('marks the draw’s stakes won or lost and credits the winnings', async () => {
    const { accessToken } = await api().login('demo')
    const { draw } = await openDraw(accessToken)
    for (const [key, lines] of [
      [
        'key-winner',
        [
          { kind: 'threeTop', number: '321', amount: 10 },
          { kind: 'threeTote', number: '213', amount: 10 },
          { kind: 'twoBottom', number: '45', amount: 10 },
        ],
      ],
      ['key-loser', [{ kind: 'twoTop', number: '00', amount: 10 }]],
    ] as const) {
      await place(accessToken, { drawId: draw?.id, idempotencyKey: key, lines })
    }
    expect(await balance(accessToken)).toBe(1480.5)
    const settled = await api().post('/__mock/lotto/settle', {
      drawId: draw?.id,
      threeTop: '321',
      twoBottom: '77',
    })
    expect(settled.status).toBe(200)
    const list = stakesResponseSchema.parse((await api().get('/lotto/stakes', accessToken)).body)
    const [lose, win] = list.data
    expect(lose?.status).toBe('lost')
    expect(win?.status).toBe('won')
    // 321 at the half rate (425) + โต๊ด 213 at 120; 45 ล่าง lost.
    expect(win?.winnings).toBe(4250 + 1200)
    expect(win?.lines.map((l) => l.status)).toEqual(['won', 'won', 'lost'])
    expect(win?.result).toEqual({ threeTop: '321', twoTop: '21', twoBottom: '77' })
    expect(await balance(accessToken)).toBe(1480.5 + 5450)
  })

  it('adds a เลขอั้น through /__mock/lotto/limit', async () => {
    const { accessToken } = await api().login('demo')
    await api().post('/__mock/lotto/limit', {
      lottoId: 'hanoi',
      kind: 'twoTop',
      number: '42',
      rate: null,
    })
    const rules = await openDraw(accessToken)
    expect(rules.limited).toContainEqual({ kind: 'twoTop', number: '42', rate: null })
  })
})
