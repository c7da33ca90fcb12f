import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RouteContext } from '~/security/guard'
import { MALFORMED_FORM_MESSAGE } from '~/server/form-data.server'
import { BackendError } from '~/backend/client.server'

const marked = vi.hoisted(() => ({ calls: [] as number[] }))
const pushCalls = vi.hoisted(() => ({ calls: [] as [string, unknown][] }))
vi.mock('~/backend/push.server', () => ({
  vapidPublicKey: vi.fn(),
  pushKinds: vi.fn(),
  pushSubscriptions: vi.fn(async () => []),
  savePushSubscription: vi.fn(async (_ctx: unknown, subscription: unknown) => {
    pushCalls.calls.push(['save', subscription])
    return { id: 'ps-1', endpoint: 'x', createdAt: '2026-11-28T10:00:00+07:00' }
  }),
  removePushSubscription: vi.fn(async (_ctx: unknown, endpoint: string) => {
    pushCalls.calls.push(['remove', endpoint])
    return true
  }),
  savePushKinds: vi.fn(async (_ctx: unknown, kinds: unknown) => {
    pushCalls.calls.push(['kinds', kinds])
    return kinds
  }),
}))
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

const { NOTIFICATIONS_READ_LIMIT, PUSH_MESSAGES, loadPage, parseUpTo, submit } =
  await import('./page.server')

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
  pushCalls.calls = []
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

const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: KEYS,
}

async function answer(ctx: RouteContext) {
  const result = (await submit(ctx)) as unknown as {
    data: unknown
    init: { status?: number } | null
  }
  return { body: result.data, status: result.init?.status ?? 200 }
}

describe('the push posts', () => {
  it('saves the device’s subscription', async () => {
    const sent = new URLSearchParams({
      intent: 'push-on',
      subscription: JSON.stringify(SUBSCRIPTION),
    })
    expect(await answer(post(1, sent.toString()))).toEqual({
      body: { push: { ok: PUSH_MESSAGES.on } },
      status: 200,
    })
    expect(pushCalls.calls).toEqual([['save', SUBSCRIPTION]])
  })

  it.each([
    ['not JSON', '{'],
    ['no keys', JSON.stringify({ endpoint: SUBSCRIPTION.endpoint })],
    [
      'a key that is no base64url',
      JSON.stringify({ ...SUBSCRIPTION, keys: { ...KEYS, auth: '<script>'.repeat(3) } }),
    ],
    ['an array', '[]'],
  ])(
    'answers a tampered subscription (%s) in Thai with a 400, and saves nothing',
    async (_name, text) => {
      const sent = new URLSearchParams({ intent: 'push-on', subscription: text })
      expect(await answer(post(1, sent.toString()))).toEqual({
        body: { push: { error: PUSH_MESSAGES.badSubscription } },
        status: 400,
      })
      expect(pushCalls.calls).toEqual([])
    },
  )

  it.each([
    'javascript:alert(1)',
    'http://10.0.0.1/x',
    'http://127.0.0.1:9/x',
    'https://10.0.0.1/x',
    'https://localhost/x',
    'https://push.example/send/abc',
    'https://127.0.0.1.nip.io:3409/ssrf',
    'https://x.sslip.io/',
    'https://kubernetes.default.svc/',
    'https://backend.corp/',
    'https://fcm.googleapis.com:22/',
    'https://fcm.googleapis.com:6379/',
  ])(
    'answers an endpoint of no push service taken (%s) in Thai with a 400, and saves nothing',
    async (endpoint) => {
      const subscription = JSON.stringify({ ...SUBSCRIPTION, endpoint })
      const sent = new URLSearchParams({ intent: 'push-on', subscription })
      expect(await answer(post(1, sent.toString()))).toEqual({
        body: { push: { error: PUSH_MESSAGES.refusedService } },
        status: 400,
      })
      expect(pushCalls.calls).toEqual([])
    },
  )

  it('takes the push services of PUSH_SERVICE_HOSTS instead of the default ones', async () => {
    const own = { ...SUBSCRIPTION, endpoint: 'https://push.example.net/s/1' }
    const post1 = (subscription: unknown) =>
      post(
        1,
        new URLSearchParams({
          intent: 'push-on',
          subscription: JSON.stringify(subscription),
        }).toString(),
      )
    vi.stubEnv('PUSH_SERVICE_HOSTS', 'push.example.net')
    try {
      expect((await answer(post1(own))).status).toBe(200)
      expect((await answer(post1(SUBSCRIPTION))).body).toEqual({
        push: { error: PUSH_MESSAGES.refusedService },
      })
    } finally {
      vi.unstubAllEnvs()
    }
    expect(pushCalls.calls).toEqual([['save', own]])
  })

  it('tells the member in Thai when the backend refuses the push service (PUSH_ENDPOINT_REFUSED)', async () => {
    const { savePushSubscription } = await import('~/backend/push.server')
    vi.mocked(savePushSubscription).mockRejectedValueOnce(
      new BackendError(400, 'PUSH_ENDPOINT_REFUSED', 'refused'),
    )
    vi.mocked(savePushSubscription).mockRejectedValueOnce(
      new BackendError(400, 'BAD_REQUEST', 'wrong shape'),
    )
    const sent = new URLSearchParams({
      intent: 'push-on',
      subscription: JSON.stringify(SUBSCRIPTION),
    }).toString()
    expect(await answer(post(1, sent))).toEqual({
      body: { push: { error: PUSH_MESSAGES.refusedService } },
      status: 400,
    })
    expect(await answer(post(1, sent))).toEqual({
      body: { push: { error: PUSH_MESSAGES.badSubscription } },
      status: 400,
    })
  })

  it('takes a push service on this machine only with PUSH_ALLOW_LOCAL_SERVICE=1 (tests)', async () => {
    const local = { ...SUBSCRIPTION, endpoint: 'http://127.0.0.1:9/x' }
    const sent = new URLSearchParams({ intent: 'push-on', subscription: JSON.stringify(local) })
    vi.stubEnv('PUSH_ALLOW_LOCAL_SERVICE', '1')
    try {
      expect((await answer(post(1, sent.toString()))).status).toBe(200)
    } finally {
      vi.unstubAllEnvs()
    }
    expect(pushCalls.calls).toEqual([['save', local]])
  })

  it('answers an unknown intent or a missing field in Thai with a 400', async () => {
    for (const body of ['intent=push-everything', 'intent=push-on', 'intent=push-off']) {
      expect(await answer(post(1, body))).toEqual({
        body: { push: { error: MALFORMED_FORM_MESSAGE } },
        status: 400,
      })
    }
    expect(pushCalls.calls).toEqual([])
  })

  it('removes the device’s subscription by its endpoint', async () => {
    const sent = new URLSearchParams({ intent: 'push-off', endpoint: SUBSCRIPTION.endpoint })
    expect((await answer(post(1, sent.toString()))).body).toEqual({
      push: { ok: PUSH_MESSAGES.off },
    })
    expect(pushCalls.calls).toEqual([['remove', SUBSCRIPTION.endpoint]])
  })

  it('saves the kinds from the checkboxes: a box not sent is off', async () => {
    await answer(post(1, 'intent=push-kinds&win=on&cashback=on'))
    expect(pushCalls.calls).toEqual([
      ['kinds', { win: true, deposit: false, withdrawal: false, cashback: true }],
    ])
    expect((await answer(post(1, 'intent=push-kinds&win=yes'))).status).toBe(400)
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
