import { describe, expect, it } from 'vitest'
import { SseReader, type SseMessage } from '../../app/lib/sse'
import { memberEventSchema } from '../../app/backend/events.schemas'
import { KEPT_PER_MEMBER } from './events'
import { useBackend } from './helpers'

const { client } = useBackend()

interface Stream {
  status: number
  messages: SseMessage[]
  /** Resolves once the stream has this many events. */
  until(count: number): Promise<void>
  ended: Promise<void>
  close(): void
}

async function open(token: string, lastEventId?: string): Promise<Stream> {
  const controller = new AbortController()
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId
  const res = await fetch(`${client().url}/member/events`, { headers, signal: controller.signal })
  const messages: SseMessage[] = []
  const waiters: (() => void)[] = []
  const reader = new SseReader((m) => {
    messages.push(m)
    for (const wake of waiters.splice(0)) wake()
  })
  const ended = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        reader.feed(decoder.decode(chunk, { stream: true }))
      }
    } catch {
      // closed by the test
    }
  })()
  return {
    status: res.status,
    messages,
    ended,
    close: () => controller.abort(),
    async until(count) {
      while (messages.length < count) await new Promise<void>((wake) => waiters.push(wake))
    },
  }
}

const raise = (username: string, event: Record<string, unknown>) =>
  client().post('/__mock/events', { username, event })

describe('GET /member/events', () => {
  it('refuses a request without a valid token', async () => {
    const res = await client().get('/member/events', 'nope')
    expect(res.status).toBe(401)
  })

  it('sends a raised event to every open stream of the member, and none to another member', async () => {
    const { accessToken } = await client().login('demo')
    const other = await client().login('somsri')
    const [a, b, c] = await Promise.all([
      open(accessToken),
      open(accessToken),
      open(other.accessToken),
    ])
    expect(a.status).toBe(200)
    const streams = await client().get<{ data: { byMember: Record<string, number> } }>(
      '/__mock/events/streams',
    )
    expect(streams.body.data.byMember).toEqual({ demo: 2, somsri: 1 })
    await raise('demo', { type: 'cashback', amount: 42.5 })
    await Promise.all([a.until(1), b.until(1)])
    expect(memberEventSchema.parse(JSON.parse(a.messages[0]!.data))).toMatchObject({
      type: 'cashback',
      amount: 42.5,
    })
    expect(a.messages[0]!.event).toBe('member')
    expect(c.messages).toEqual([])
    for (const s of [a, b, c]) s.close()
  })

  it('replays what a reconnecting stream missed after Last-Event-ID, in order', async () => {
    const { accessToken } = await client().login('demo')
    const first = await open(accessToken)
    await raise('demo', { type: 'balance', balance: 100 })
    await first.until(1)
    first.close()
    const lastId = first.messages[0]!.id
    await raise('demo', { type: 'balance', balance: 200 })
    await raise('demo', { type: 'balance', balance: 300 })
    const again = await open(accessToken, lastId)
    await again.until(2)
    expect(again.messages.map((m) => JSON.parse(m.data).balance)).toEqual([200, 300])
    expect(Number(again.messages[1]!.id)).toBeGreaterThan(Number(again.messages[0]!.id))
    again.close()
  })

  it('says reset when what was missed is no longer kept', async () => {
    const { accessToken } = await client().login('demo')
    const first = await open(accessToken)
    await raise('demo', { type: 'balance', balance: 1 })
    await first.until(1)
    first.close()
    for (let i = 0; i <= KEPT_PER_MEMBER; i++) await raise('demo', { type: 'cashback', amount: i })
    const again = await open(accessToken, first.messages[0]!.id)
    await again.until(1)
    expect(again.messages[0]!.event).toBe('reset')
    again.close()
    // 501 round trips take seconds on a busy machine: past the default 5 s, the test failed
    // and its loop went on raising into the next tests' streams and notifications.
  }, 30_000)

  it('records the books own events: a paid deposit moves the balance and ends the order', async () => {
    const { accessToken } = await client().login('demo')
    const stream = await open(accessToken)
    const created = await client().post<{ data: { id: number } }>(
      '/wallet/deposits',
      { idempotencyKey: 'events-test-0001', amount: 300, method: 'promptpay' },
      accessToken,
    )
    expect(created.status).toBe(201)
    await client().post(`/__mock/orders/${created.body.data.id}/paid`)
    await stream.until(2)
    const events = stream.messages.map((m) => memberEventSchema.parse(JSON.parse(m.data)))
    expect(events).toMatchObject([
      { type: 'balance', balance: 1820.5 },
      { type: 'order', orderId: created.body.data.id, status: 'paid', amount: 300 },
    ])
    stream.close()
  })

  it('ends when its access token expires, and when the login is revoked', async () => {
    const short = await client().post<{ data: { accessToken: string } }>('/__mock/tokens', {
      username: 'demo',
      accessTtlSeconds: 1,
    })
    const stream = await open(short.body.data.accessToken)
    const started = Date.now()
    await stream.ended
    expect(Date.now() - started).toBeLessThan(3000)

    await client().post('/__mock/events/settings', { heartbeatMs: 50 })
    const { accessToken } = await client().login('demo')
    const revoked = await open(accessToken)
    await client().post('/__mock/expire', { username: 'demo' })
    await revoked.ended
  })
})

describe('notifications', () => {
  it('lists the events but the balance, newest first, and keeps what was read', async () => {
    const { accessToken } = await client().login('demo')
    await raise('demo', { type: 'balance', balance: 10 })
    const first = await raise('demo', { type: 'cashback', amount: 5 })
    await raise('demo', { type: 'promotion', promotionId: 'p1', title: 'โปร', progress: 50 })
    type List = {
      data: { unread: number; items: { id: number; read: boolean; event: { type: string } }[] }
    }
    const list = await client().get<List>('/member/notifications', accessToken)
    expect(list.body.data.unread).toBe(2)
    expect(list.body.data.items.map((i) => i.event.type)).toEqual(['promotion', 'cashback'])
    const profile = await client().get<{ data: { unreadNotifications: number } }>(
      '/user/profile',
      accessToken,
    )
    expect(profile.body.data.unreadNotifications).toBe(2)
    const firstId = (first.body as { data: { id: number } }).data.id
    const read = await client().post<List>(
      '/member/notifications/read',
      { upTo: firstId },
      accessToken,
    )
    expect(read.body.data.unread).toBe(1)
    expect(read.body.data.items.map((i) => i.read)).toEqual([false, true])
  })
})
