import { describe, expect, it } from 'vitest'
import { yeekeeRoundResponseSchema } from '../../app/backend/yeekee.schemas'
import { yeekeeWorking } from '../../app/lotto/yeekee'
import { SseReader, type SseMessage } from '../../app/lib/sse'
import { expectError, useBackend } from './helpers'
import { PAUSE_SECONDS, SHOT_LIMIT } from './yeekee'

const { client } = useBackend()

async function openRound(token: string): Promise<string> {
  const res = await client().get<{ data: { id: string; nextDraw: { id: string } }[] }>(
    '/lotto/types',
    token,
  )
  return res.body.data.find((t) => t.id === 'yeekee')!.nextDraw.id
}

const shoot = (drawId: string, number: string, token: string, key = crypto.randomUUID()) =>
  client().post(`/lotto/yeekee/rounds/${drawId}/shots`, { number, idempotencyKey: key }, token)

describe('yeekee shooting', () => {
  it('takes a member shot, shows it first with a masked name, and holds the next for the pause', async () => {
    await client().post('/__mock/yeekee/bots', { enabled: false })
    const { accessToken } = await client().login('demo')
    const drawId = await openRound(accessToken)
    const first = await shoot(drawId, '12345', accessToken)
    expect(first.status).toBe(200)
    const soon = await shoot(drawId, '54321', accessToken)
    expectError(soon, 429, 'SHOT_TOO_SOON')
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(PAUSE_SECONDS)
    expectError(await shoot(drawId, '1234', accessToken), 400, 'BAD_REQUEST')
    const round = yeekeeRoundResponseSchema.parse(
      (await client().get(`/lotto/yeekee/rounds/${drawId}`, accessToken)).body,
    ).data
    expect(round).toMatchObject({ status: 'open', shotCount: 1, myShots: 1, shotLimit: SHOT_LIMIT })
    expect(round.shots[0]).toMatchObject({ seq: 1, number: '12345', by: 'สมชาย ใ***' })
    expect(round.nextShotAt).not.toBeNull()
  })

  it('closes with the system filling 16 shots, and is drawn by the rule: its stakes settle', async () => {
    await client().post('/__mock/yeekee/bots', { enabled: false })
    const { accessToken } = await client().login('demo')
    const drawId = await openRound(accessToken)
    const shots = Array.from({ length: 20 }, (_, i) => ({ number: String(10000 + i) }))
    await client().post('/__mock/yeekee/shots', { drawId, shots })
    const placed = await client().post(
      '/lotto/stakes',
      {
        drawId,
        idempotencyKey: 'yeekee-test-1',
        lines: [{ kind: 'threeTop', number: '175', amount: 10 }],
      },
      accessToken,
    )
    expect(placed.status).toBe(200)
    const settled = await client().post<{
      data: { result: { threeTop: string; yeekee: unknown } }
    }>('/__mock/lotto/settle', { drawId })
    expect(settled.status).toBe(200)
    // 10000..10019: sum 200190, the 16th 10015, difference 190175.
    expect(settled.body.data.result.yeekee).toEqual(yeekeeWorking(shots.map((s) => s.number)))
    expect(settled.body.data.result.threeTop).toBe('175')
    const stakes = await client().get<{ data: { status: string }[] }>('/lotto/stakes', accessToken)
    expect(stakes.body.data[0]?.status).toBe('won')
    expectError(await shoot(drawId, '11111', accessToken), 409, 'ROUND_CLOSED')
  })

  it('streams the round: shots as they come, and what a reconnect missed', async () => {
    await client().post('/__mock/yeekee/bots', { enabled: false })
    const { accessToken } = await client().login('demo')
    const drawId = await openRound(accessToken)
    const controller = new AbortController()
    const res = await fetch(`${client().url}/lotto/yeekee/rounds/${drawId}/events`, {
      headers: { Authorization: `Bearer ${accessToken}`, 'Last-Event-ID': '0' },
      signal: controller.signal,
    })
    const messages: SseMessage[] = []
    const reader = new SseReader((m) => messages.push(m))
    const reading = (async () => {
      const decoder = new TextDecoder()
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
          reader.feed(decoder.decode(chunk, { stream: true }))
      } catch {
        // aborted
      }
    })()
    await shoot(drawId, '00001', accessToken)
    await client().post('/__mock/yeekee/shots', { drawId, shots: [{ number: '00002' }] })
    while (messages.length < 2) await new Promise((r) => setTimeout(r, 10))
    controller.abort()
    await reading
    expect(messages.map((m) => JSON.parse(m.data).shot.number)).toEqual(['00001', '00002'])
    // Ids grow, and never start over (not even at a reset: an app following the round kept its place).
    const [first, second] = messages.map((m) => Number(m.id))
    expect(second).toBe(first! + 1)
  })
})
