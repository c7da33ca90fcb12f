import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RouteContext } from '~/session/guard'
import { MALFORMED_FORM_MESSAGE } from '~/server/form-data.server'

const marked = vi.hoisted(() => ({ calls: [] as number[] }))
vi.mock('~/backend/notifications.server', () => ({
  notifications: vi.fn(async () => ({
    unread: 1,
    items: [3, 2, 1].map((id) => ({
      id,
      read: id < 3,
      event: { type: 'cashback', at: '2026-11-27T08:28:00+00:00', amount: 12 },
    })),
  })),
  markNotificationsRead: vi.fn(async (_ctx: unknown, upTo: number) => {
    marked.calls.push(upTo)
    return { unread: 0, items: [] }
  }),
}))

const { NOTIFICATIONS_READ_LIMIT, loadPage, parseUpTo, submit } = await import('./page.server')

/** The read post of member `mid` with this form body. */
function post(mid: number, body: string): RouteContext {
  const request = new Request('http://app.example/notifications', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  })
  return {
    request,
    url: new URL(request.url),
    params: {},
    session: { payload: { mid } },
    member: { call: vi.fn() },
    cookies: {},
  } as unknown as RouteContext
}

async function refusal(ctx: RouteContext): Promise<Response> {
  const thrown: unknown = await submit(ctx).then(
    () => null,
    (error: unknown) => error,
  )
  expect(thrown).toBeInstanceOf(Response)
  return thrown as Response
}

afterEach(() => {
  marked.calls = []
})

describe('the notifications read post', () => {
  it.each(['0', '7', '9007199254740991'])('takes upTo=%j', (value) => {
    expect(parseUpTo(value)).toBe(Number(value))
  })

  it.each(['', ' 1', '1 ', '0x10', '1e3', '-1', '+1', '01', '1.0', '9007199254740992'])(
    'refuses upTo=%j with a Thai 400',
    async (value) => {
      expect(parseUpTo(value)).toBeNull()
      const answer = await refusal(post(1, `upTo=${encodeURIComponent(value)}`))
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({ message: MALFORMED_FORM_MESSAGE })
      expect(marked.calls).toEqual([])
    },
  )

  it('refuses a post without upTo', async () => {
    expect((await refusal(post(1, ''))).status).toBe(400)
  })

  it('is limited per member: past the limit a Thai 429 with Retry-After, another member goes on', async () => {
    for (let i = 0; i < NOTIFICATIONS_READ_LIMIT.limit; i++) await submit(post(42, 'upTo=5'))
    expect(marked.calls).toHaveLength(NOTIFICATIONS_READ_LIMIT.limit)
    const answer = await refusal(post(42, 'upTo=5'))
    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(((await answer.json()) as { message: string }).message).toMatch(/^ส่งคำขอบ่อยเกินไป/)
    expect(marked.calls).toHaveLength(NOTIFICATIONS_READ_LIMIT.limit)
    await submit(post(43, 'upTo=5'))
    expect(marked.calls).toHaveLength(NOTIFICATIONS_READ_LIMIT.limit + 1)
  })
})

describe('the rows new on this visit', () => {
  const load = (query: string) =>
    loadPage({
      url: new URL(`http://app.example/notifications${query}`),
    } as unknown as RouteContext)
  const fresh = async (query: string) =>
    (await load(query)).rows.map((row) => [row.id, row.fresh] as const)

  it('marks what is unread new, and what the read form says was new (?new=) after it is read', async () => {
    expect(await fresh('')).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ])
    expect(await fresh('?new=2')).toEqual([
      [3, true],
      [2, true],
      [1, false],
    ])
  })

  it('ignores a ?new= it cannot read', async () => {
    for (const query of ['?new=x', '?new=-1', '?new=0x2', '?new='])
      expect((await fresh(query)).filter(([, isNew]) => isNew)).toEqual([[3, true]])
  })
})
