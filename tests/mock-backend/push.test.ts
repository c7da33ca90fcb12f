import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import webpush from 'web-push'
import { stakeRulesResponseSchema } from '../../app/backend/lotto.schemas'
import { pushPayloadSchema, vapidKeyResponseSchema } from '../../app/backend/push.schemas'
import { startPushService, type PushService } from '../support/push-service'
import { expectError, useBackend } from './helpers'
import { MAX_SUBSCRIPTIONS_PER_MEMBER, vapidKeysOf } from './push'
import type { ResolvedAddress } from './push-target'

// The local push service (http on 127.0.0.1) is taken only when asked for.
const setup = useBackend({ allowLocalPushService: true })
const api = () => setup.client()

let service: PushService
beforeAll(async () => {
  service = await startPushService()
})
afterAll(async () => {
  await service.close()
})

const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }

interface Sent {
  endpoint: string
  payload: Record<string, unknown>
  status: number
  removed: boolean
}

async function publicKey(token: string): Promise<string> {
  const res = await api().get('/member/push/key', token)
  expect(res.status).toBe(200)
  return vapidKeyResponseSchema.parse(res.body).data.publicKey
}

/** A subscription of the local push service for the backend's key, saved for the member. */
async function subscribe(token: string) {
  const subscription = await service.subscribe(await publicKey(token))
  const { clientHash, ...json } = subscription
  const saved = await api().post('/member/push/subscriptions', json, token)
  expect(saved.status).toBe(200)
  return { clientHash, endpoint: json.endpoint, keys: json.keys }
}

const raise = (username: string, event: Record<string, unknown>) =>
  api().post('/__mock/events', { username, event })

async function sent(username: string): Promise<Sent[]> {
  const res = await api().get<{ data: { items: Sent[] } }>(`/__mock/push/sent?username=${username}`)
  return res.body.data.items
}

async function saved(username: string) {
  const res = await api().get<{ data: { kinds: unknown; items: { endpoint: string }[] } }>(
    `/__mock/push/subscriptions?username=${username}`,
  )
  return res.body.data
}

/** What the device received, decrypted and parsed. */
async function received(clientHash: string) {
  return (await service.messages(clientHash)).map((text) => JSON.parse(text) as unknown)
}

describe('push subscriptions', () => {
  it('saves, lists and removes a member’s subscriptions; each member sees only theirs', async () => {
    const demo = await api().login('demo')
    const somsri = await api().login('somsri')
    const mine = await subscribe(demo.accessToken)
    await subscribe(somsri.accessToken)
    const list = await api().get<{ data: { items: { id: string; endpoint: string }[] } }>(
      '/member/push/subscriptions',
      demo.accessToken,
    )
    expect(list.body.data.items.map((item) => item.endpoint)).toEqual([mine.endpoint])
    // The same endpoint again: still one.
    await api().post(
      '/member/push/subscriptions',
      { endpoint: mine.endpoint, keys: mine.keys },
      demo.accessToken,
    )
    expect((await saved('demo')).items).toHaveLength(1)

    const removed = await api().post(
      '/member/push/subscriptions/remove',
      { endpoint: mine.endpoint },
      demo.accessToken,
    )
    expect(removed.body).toEqual({ data: { removed: true } })
    expect((await saved('demo')).items).toEqual([])
    expect((await saved('somsri')).items).toHaveLength(1)
    const again = await api().post(
      '/member/push/subscriptions/remove',
      { endpoint: mine.endpoint },
      demo.accessToken,
    )
    expect(again.body).toEqual({ data: { removed: false } })
  })

  it.each([
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, 'BAD_REQUEST'],
    [
      'an http endpoint elsewhere',
      { endpoint: 'http://fcm.googleapis.com/fcm/send/abc', keys: KEYS },
      'PUSH_ENDPOINT_REFUSED',
    ],
    [
      'not a push service',
      { endpoint: 'https://push.example/abc', keys: KEYS },
      'PUSH_ENDPOINT_REFUSED',
    ],
    ['not a URL', { endpoint: 'javascript:alert(1)', keys: KEYS }, 'PUSH_ENDPOINT_REFUSED'],
    [
      'a short key',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...KEYS, p256dh: 'B' } },
      'BAD_REQUEST',
    ],
  ])('refuses a subscription with %s (400)', async (_name, body, code) => {
    const { accessToken } = await api().login('demo')
    const res = await api().post('/member/push/subscriptions', body, accessToken)
    expectError(res, 400, code)
  })

  it('asks for a token', async () => {
    expect((await api().get('/member/push/key')).status).toBe(401)
    expect((await api().post('/member/push/subscriptions', {})).status).toBe(401)
  })

  it('keeps at most MAX_SUBSCRIPTIONS_PER_MEMBER, dropping the oldest', async () => {
    const { accessToken } = await api().login('demo')
    const first = await subscribe(accessToken)
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_MEMBER; i++) await subscribe(accessToken)
    const items = (await saved('demo')).items
    expect(items).toHaveLength(MAX_SUBSCRIPTIONS_PER_MEMBER)
    expect(items.map((item) => item.endpoint)).not.toContain(first.endpoint)
  })

  it('keeps the member’s kinds: all on by default, changed by PUT', async () => {
    const { accessToken } = await api().login('demo')
    const all = { win: true, deposit: true, withdrawal: true, cashback: true }
    expect((await api().get('/member/push/kinds', accessToken)).body).toEqual({ data: all })
    const chosen = { ...all, deposit: false }
    const put = await api().send('/member/push/kinds', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(chosen),
    })
    expect(put.body).toEqual({ data: chosen })
    expect((await api().get('/member/push/kinds', accessToken)).body).toEqual({ data: chosen })
    const partial = await api().send('/member/push/kinds', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ win: false }),
    })
    expectError(partial, 400, 'BAD_REQUEST')
  })
})

describe('a subscription lives as long as the login that saved it', () => {
  const endpointsOf = async (username: string) =>
    (await saved(username)).items.map((item) => item.endpoint)

  it('POST /auth/logout drops the subscriptions that login saved, not the member’s other devices', async () => {
    const phone = await api().login('demo')
    const laptop = await api().login('demo')
    const shared = await subscribe(phone.accessToken)
    const own = await subscribe(laptop.accessToken)
    expect(await endpointsOf('demo')).toEqual([shared.endpoint, own.endpoint])

    const out = await api().post('/auth/logout', { refreshToken: phone.refreshToken })
    expect(out.status).toBe(200)
    expect(await endpointsOf('demo')).toEqual([own.endpoint])

    // A deposit after the logout reaches only the device still logged in.
    await raise('demo', { type: 'order', orderId: 41, status: 'paid', amount: 500 })
    expect((await sent('demo')).map((s) => s.endpoint)).toEqual([own.endpoint])
    expect(await received(shared.clientHash)).toEqual([])
  })

  for (const [name, end] of [
    [
      'a password change',
      (token: string) =>
        api().post(
          '/user/password',
          { currentPassword: 'demo1234', newPassword: 'newpass123' },
          token,
        ),
    ],
    [
      'POST /auth/logout-others',
      (token: string) => api().post('/auth/logout-others', undefined, token),
    ],
  ] as const) {
    it(`${name} drops the subscriptions of every other login of the member, keeps the caller’s and other members’`, async () => {
      const here = await api().login('demo')
      const elsewhere = await api().login('demo')
      const somsri = await api().login('somsri')
      const mine = await subscribe(here.accessToken)
      await subscribe(elsewhere.accessToken)
      const theirs = await subscribe(somsri.accessToken)
      expect(await endpointsOf('demo')).toHaveLength(2)

      expect((await end(here.accessToken)).status).toBe(200)
      expect(await endpointsOf('demo')).toEqual([mine.endpoint])
      expect(await endpointsOf('somsri')).toEqual([theirs.endpoint])
      const list = await api().get<{ data: { items: { endpoint: string }[] } }>(
        '/member/push/subscriptions',
        here.accessToken,
      )
      expect(list.body.data.items.map((item) => item.endpoint)).toEqual([mine.endpoint])
    })
  }
})

describe('a demo backend started without the test setting', () => {
  const plain = useBackend()
  const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }

  it.each([
    'http://127.0.0.1:9/x',
    'https://10.0.0.1/x',
    'https://127.0.0.1.nip.io:3409/ssrf',
    'https://x.sslip.io/',
    'https://kubernetes.default.svc/',
    'https://backend.corp/',
    'https://fcm.googleapis.com:22/',
    'https://fcm.googleapis.com:6379/',
    'https://fcm.googleapis.com.evil.com/fcm/send/abc',
    'https://evil-fcm.googleapis.com/fcm/send/abc',
  ])('refuses %s (400 PUSH_ENDPOINT_REFUSED), saves nothing', async (endpoint) => {
    const { accessToken } = await plain.client().login('demo')
    const res = await plain
      .client()
      .post('/member/push/subscriptions', { endpoint, keys }, accessToken)
    expectError(res, 400, 'PUSH_ENDPOINT_REFUSED')
    const list = await plain
      .client()
      .get<{ data: { items: unknown[] } }>('/member/push/subscriptions', accessToken)
    expect(list.body.data.items).toEqual([])
  })

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:443/wp/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('takes %s', async (endpoint) => {
    const { accessToken } = await plain.client().login('demo')
    const res = await plain
      .client()
      .post('/member/push/subscriptions', { endpoint, keys }, accessToken)
    expect(res.status).toBe(200)
  })

  it('a body of the wrong shape is still 400 BAD_REQUEST', async () => {
    const { accessToken } = await plain.client().login('demo')
    const res = await plain
      .client()
      .post(
        '/member/push/subscriptions',
        { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
        accessToken,
      )
    expectError(res, 400, 'BAD_REQUEST')
  })
})

describe('the name of a push service is resolved before each push', () => {
  /** The names asked, and the addresses each name answers (a test changes them). */
  const dns = { asked: [] as string[], answers: new Map<string, ResolvedAddress[]>() }
  const resolvePushHost = async (hostname: string) => {
    dns.asked.push(hostname)
    const answer = dns.answers.get(hostname)
    if (!answer) throw new Error(`ENOTFOUND ${hostname}`)
    return answer
  }
  const local = useBackend({
    allowLocalPushService: true,
    pushServiceHosts: ['push.example.net'],
    resolvePushHost,
  })
  beforeEach(() => {
    dns.asked = []
    dns.answers.clear()
  })

  async function subscribeLocal(token: string) {
    const key = vapidKeyResponseSchema.parse(
      (await local.client().get('/member/push/key', token)).body,
    ).data.publicKey
    const { clientHash, ...json } = await service.subscribe(key)
    expect((await local.client().post('/member/push/subscriptions', json, token)).status).toBe(200)
    return { clientHash, endpoint: json.endpoint }
  }

  const sentTo = async (username: string) =>
    (
      await local
        .client()
        .get<{ data: { items: Sent[] } }>(`/__mock/push/sent?username=${username}`)
    ).body.data.items

  it('an allowed name that resolves to a private address gets no request', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { accessToken } = await local.client().login('demo')
    const endpoint = 'https://push.example.net/send/abc'
    const saved = await local
      .client()
      .post('/member/push/subscriptions', { endpoint, keys: KEYS }, accessToken)
    expect(saved.status).toBe(200)
    for (const address of ['10.0.0.7', '169.254.169.254', '127.0.0.1', 'fd00:ec2::254']) {
      dns.answers.set('push.example.net', [{ address, family: address.includes(':') ? 6 : 4 }])
      await local.client().post('/__mock/events', {
        username: 'demo',
        event: { type: 'cashback', amount: 10 },
      })
      await sentTo('demo')
      expect(errors).toHaveBeenLastCalledWith(
        '[mock-backend] push not sent:',
        `push.example.net resolves to ${address}, not a public address`,
      )
    }
    // A public address beside a private one is refused too.
    dns.answers.set('push.example.net', [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ])
    await local
      .client()
      .post('/__mock/events', { username: 'demo', event: { type: 'cashback', amount: 10 } })
    expect((await sentTo('demo')).map((s) => [s.status, s.removed])).toEqual(
      Array.from({ length: 5 }, () => [0, false]),
    )
    expect(errors).toHaveBeenLastCalledWith(
      '[mock-backend] push not sent:',
      'push.example.net resolves to 10.0.0.7, not a public address',
    )
    expect(dns.asked).toEqual(Array.from({ length: 5 }, () => 'push.example.net'))
  })

  it('the local push service (test setting) is reached only on a loopback address', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { accessToken } = await local.client().login('demo')
    const device = await subscribeLocal(accessToken)
    const host = new URL(device.endpoint).hostname
    // Its name now leads into the network: nothing reaches the push service.
    dns.answers.set(host, [{ address: '10.0.0.7', family: 4 }])
    await local
      .client()
      .post('/__mock/events', { username: 'demo', event: { type: 'cashback', amount: 10 } })
    expect((await sentTo('demo')).map((s) => s.status)).toEqual([0])
    expect(errors).toHaveBeenLastCalledWith(
      '[mock-backend] push not sent:',
      `${host} resolves to 10.0.0.7, not a public address`,
    )
    expect(await received(device.clientHash)).toEqual([])

    dns.answers.set(host, [{ address: '127.0.0.1', family: 4 }])
    await local
      .client()
      .post('/__mock/events', { username: 'demo', event: { type: 'cashback', amount: 11 } })
    expect((await sentTo('demo')).map((s) => s.status)).toEqual([0, 201])
    expect(await received(device.clientHash)).toEqual([
      expect.objectContaining({ kind: 'cashback' }),
    ])
    expect(dns.asked).toEqual([host, host])
  })
})

describe('pushes of the member’s events (through a local push service)', () => {
  it('a settled win reaches every device of the member, decrypted: Thai text, link, no token or member id', async () => {
    const { accessToken } = await api().login('demo')
    const phone = await subscribe(accessToken)
    const tablet = await subscribe(accessToken)
    const other = await subscribe((await api().login('somsri')).accessToken)
    const rules = stakeRulesResponseSchema.parse(
      (await api().get('/lotto/types/hanoi/stake-rules', accessToken)).body,
    ).data
    const placed = await api().post(
      '/lotto/stakes',
      {
        drawId: rules.draw?.id,
        idempotencyKey: 'push-win',
        lines: [{ kind: 'threeTop', number: '321', amount: 10 }],
      },
      accessToken,
    )
    expect(placed.status).toBe(200)
    await api().post('/__mock/lotto/settle', {
      drawId: rules.draw?.id,
      threeTop: '321',
      twoBottom: '77',
    })

    expect((await sent('demo')).map((s) => s.status)).toEqual([201, 201])
    for (const device of [phone, tablet]) {
      const [message, ...more] = await received(device.clientHash)
      expect(more).toEqual([])
      const payload = pushPayloadSchema.strict().parse(message)
      expect(payload).toMatchObject({
        title: expect.stringMatching(/^ถูกรางวัล/),
        body: expect.stringMatching(/^โพย #\d+ ได้รับ ฿4,250\.00$/),
        url: '/lotto?tab=history',
        kind: 'win',
        tag: expect.stringMatching(/^stake-won-\d+$/),
      })
      const text = JSON.stringify(message)
      expect(text).not.toContain(accessToken)
      expect(text).not.toContain('1001')
      expect(text).not.toMatch(/balance|token|member/i)
    }
    expect(await received(other.clientHash)).toEqual([])
  })

  it.each([
    [
      { type: 'order', orderId: 12, status: 'paid', amount: 300 },
      'deposit',
      'ฝากเงินสำเร็จ',
      '/order/12',
    ],
    [
      { type: 'withdrawal', withdrawalId: 'W7', status: 'paid', amount: 500 },
      'withdrawal',
      'ถอนเงินสำเร็จ',
      '/transaction?tab=history',
    ],
    [
      { type: 'withdrawal', withdrawalId: 'W8', status: 'rejected', amount: 500 },
      'withdrawal',
      'รายการถอนไม่สำเร็จ',
      '/transaction?tab=history',
    ],
    [{ type: 'cashback', amount: 42.5 }, 'cashback', 'มียอดคืนยอดเสียให้รับ', '/cashback'],
  ])('pushes %j as %s', async (event, kind, title, url) => {
    const { accessToken } = await api().login('demo')
    const device = await subscribe(accessToken)
    await raise('demo', event)
    await sent('demo')
    expect(await received(device.clientHash)).toEqual([
      expect.objectContaining({ kind, title, url }),
    ])
  })

  it('pushes nothing for a balance change, a lost slip, an expired order or promotion progress', async () => {
    const { accessToken } = await api().login('demo')
    const device = await subscribe(accessToken)
    await raise('demo', { type: 'balance', balance: 10 })
    await raise('demo', {
      type: 'stake',
      stakeId: 3,
      lottoName: 'ฮานอย',
      status: 'lost',
      winnings: 0,
    })
    await raise('demo', { type: 'order', orderId: 4, status: 'expired', amount: 100 })
    await raise('demo', { type: 'promotion', promotionId: 'p', title: 'โปร', progress: 50 })
    expect(await sent('demo')).toEqual([])
    expect(await received(device.clientHash)).toEqual([])
  })

  it('pushes only the kinds the member chose', async () => {
    const { accessToken } = await api().login('demo')
    const device = await subscribe(accessToken)
    await api().send('/member/push/kinds', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ win: true, deposit: false, withdrawal: true, cashback: true }),
    })
    await raise('demo', { type: 'order', orderId: 12, status: 'paid', amount: 300 })
    await raise('demo', { type: 'cashback', amount: 10 })
    await sent('demo')
    expect(await received(device.clientHash)).toEqual([
      expect.objectContaining({ kind: 'cashback' }),
    ])
  })

  it('removes a subscription the push service answers 410 for, and keeps the others', async () => {
    const { accessToken } = await api().login('demo')
    const gone = await subscribe(accessToken)
    const kept = await subscribe(accessToken)
    await service.expire(gone.clientHash)
    await raise('demo', { type: 'cashback', amount: 10 })
    const answers = await sent('demo')
    expect(answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ endpoint: gone.endpoint, status: 410, removed: true }),
        expect.objectContaining({ endpoint: kept.endpoint, status: 201, removed: false }),
      ]),
    )
    expect((await saved('demo')).items.map((item) => item.endpoint)).toEqual([kept.endpoint])
  })
})

describe('VAPID keys', () => {
  it('takes keys given in full, makes a pair without them, refuses half a pair', () => {
    const given = webpush.generateVAPIDKeys()
    expect(vapidKeysOf({ ...given, subject: 'mailto:ops@example.com' })).toEqual({
      ...given,
      subject: 'mailto:ops@example.com',
    })
    const made = vapidKeysOf()
    expect(made.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(made.subject).toMatch(/^mailto:/)
    expect(() => vapidKeysOf({ publicKey: given.publicKey })).toThrow(/both/)
  })
})
