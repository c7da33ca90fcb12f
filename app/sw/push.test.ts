import { describe, expect, it, vi } from 'vitest'
import {
  appPath,
  FALLBACK,
  installPush,
  NOTIFICATION_ICON,
  PUSH_ACTION_PATH,
  readPush,
  resubscribe,
} from './push'

const ORIGIN = 'https://member.example'

describe('the push handler’s reading', () => {
  it.each([
    ['/lotto?tab=history', '/lotto?tab=history'],
    ['/order/12#top', '/order/12#top'],
    ['https://evil.example/x', FALLBACK.url],
    ['//evil.example/x', FALLBACK.url],
    ['/\\evil.example', FALLBACK.url],
    ['javascript:alert(1)', FALLBACK.url],
    [42, FALLBACK.url],
    [undefined, FALLBACK.url],
  ])('leads %j to %j (same-origin paths only)', (url, path) => {
    expect(appPath(url, ORIGIN)).toBe(path)
  })

  it('reads the backend’s payload, and falls back on anything else', () => {
    const payload = {
      title: 'ถูกรางวัลหวยฮานอย',
      body: 'โพย #7 ได้รับ ฿920.00',
      url: '/lotto?tab=history',
      tag: 'stake-won-7',
      kind: 'win',
    }
    expect(readPush(JSON.stringify(payload), ORIGIN)).toEqual({
      title: payload.title,
      body: payload.body,
      url: payload.url,
      tag: payload.tag,
    })
    for (const text of [null, '', '{', '[]', '"x"', JSON.stringify({ body: 'no title' })]) {
      expect(readPush(text, ORIGIN)).toEqual({ ...FALLBACK })
    }
    expect(readPush(JSON.stringify({ ...payload, url: 'https://evil.example' }), ORIGIN).url).toBe(
      FALLBACK.url,
    )
  })
})

type Listener = (event: unknown) => void

function fakeWorker(
  windows: {
    url: string
    focus: () => Promise<unknown>
    navigate: (url: string) => Promise<unknown>
  }[],
) {
  const listeners = new Map<string, Listener>()
  const sw = {
    location: { origin: ORIGIN },
    addEventListener: (name: string, listener: Listener) => listeners.set(name, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  }
  installPush(sw as unknown as ServiceWorkerGlobalScope)
  const fire = async (name: string, event: Record<string, unknown>) => {
    const waited: Promise<unknown>[] = []
    listeners.get(name)?.({ ...event, waitUntil: (p: Promise<unknown>) => waited.push(p) })
    await Promise.all(waited)
  }
  return { sw, fire }
}

describe('installPush', () => {
  it('shows the push as a Thai notification with its tag, link and the app’s icon', async () => {
    const { sw, fire } = fakeWorker([])
    const payload = {
      title: 'ฝากเงินสำเร็จ',
      body: 'ยอด ฿300.00 เข้ากระเป๋าแล้ว (รายการ #12)',
      url: '/order/12',
      tag: 'order-paid-12',
      kind: 'deposit',
    }
    await fire('push', { data: { text: () => JSON.stringify(payload) } })
    expect(sw.registration.showNotification).toHaveBeenCalledWith('ฝากเงินสำเร็จ', {
      body: payload.body,
      tag: 'order-paid-12',
      data: { url: '/order/12' },
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      lang: 'th',
    })
  })

  it('a tap focuses an open window of the app and sends it to the page', async () => {
    const navigate = vi.fn(async () => ({}))
    const focus = vi.fn(async () => ({}))
    const { sw, fire } = fakeWorker([
      { url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn() },
      { url: `${ORIGIN}/`, focus, navigate },
    ])
    const close = vi.fn()
    await fire('notificationclick', { notification: { close, data: { url: '/order/12' } } })
    expect(close).toHaveBeenCalled()
    expect(focus).toHaveBeenCalled()
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/order/12`)
    expect(sw.clients.openWindow).not.toHaveBeenCalled()
  })

  it('a tap opens a window when none of the app is open, and never another origin', async () => {
    const { sw, fire } = fakeWorker([])
    await fire('notificationclick', {
      notification: { close: vi.fn(), data: { url: 'https://evil.example/' } },
    })
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/notifications`)
  })
})

describe('a subscription the browser replaced', () => {
  const subscription = (endpoint: string) =>
    ({
      endpoint,
      options: { applicationServerKey: new Uint8Array([4, 1, 2]).buffer },
      toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    }) as unknown as PushSubscription

  it('tells the page’s action: the old endpoint off, the new subscription on', async () => {
    const posts: [string, Record<string, string>][] = []
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      posts.push([url.href, Object.fromEntries(init.body as URLSearchParams)])
      return new Response('{}')
    })
    const sw = { location: { origin: ORIGIN } } as unknown as ServiceWorkerGlobalScope
    await resubscribe(
      sw,
      subscription('https://push.example/old'),
      subscription('https://push.example/new'),
    )
    vi.unstubAllGlobals()
    expect(posts).toEqual([
      [
        `${ORIGIN}${PUSH_ACTION_PATH}`,
        { intent: 'push-off', endpoint: 'https://push.example/old' },
      ],
      [
        `${ORIGIN}${PUSH_ACTION_PATH}`,
        {
          intent: 'push-on',
          subscription: JSON.stringify({
            endpoint: 'https://push.example/new',
            keys: { p256dh: 'p', auth: 'a' },
          }),
        },
      ],
    ])
  })

  it('subscribes again with the old key when the browser gave no new subscription', async () => {
    const posts: Record<string, string>[] = []
    vi.stubGlobal('fetch', async (_url: URL, init: RequestInit) => {
      posts.push(Object.fromEntries(init.body as URLSearchParams))
      return new Response('{}')
    })
    const subscribe = vi.fn(async () => subscription('https://push.example/again'))
    const sw = {
      location: { origin: ORIGIN },
      registration: { pushManager: { subscribe } },
    } as unknown as ServiceWorkerGlobalScope
    await resubscribe(sw, subscription('https://push.example/old'), null)
    vi.unstubAllGlobals()
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(ArrayBuffer),
    })
    expect(posts.map((p) => p.intent)).toEqual(['push-off', 'push-on'])
  })
})
