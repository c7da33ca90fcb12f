import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { stakeRulesResponseSchema } from '../../app/backend/lotto.schemas'
import {
  isPushEndpoint,
  pushPayloadSchema,
  vapidKeyResponseSchema,
} from '../../app/backend/push.schemas'
import { startPushService, type PushService } from '../support/push-service'
import { expectError, useBackend } from './helpers'
import { MAX_SUBSCRIPTIONS_PER_MEMBER, vapidKeysOf } from './push'

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
    ['no keys', { endpoint: 'https://push.example/abc' }],
    [
      'an http endpoint elsewhere',
      {
        endpoint: 'http://push.example/abc',
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      },
    ],
    [
      'not a URL',
      { endpoint: 'javascript:alert(1)', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
    ],
    [
      'a short key',
      { endpoint: 'https://push.example/abc', keys: { p256dh: 'B', auth: 'a'.repeat(22) } },
    ],
  ])('refuses a subscription with %s (400)', async (_name, body) => {
    const { accessToken } = await api().login('demo')
    const res = await api().post('/member/push/subscriptions', body, accessToken)
    expectError(res, 400, 'BAD_REQUEST')
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

describe('which endpoints are taken', () => {
  it.each([
    'http://127.0.0.1:9/x',
    'http://localhost/x',
    'http://[::1]/x',
    'https://10.0.0.1/x',
    'https://192.168.1.1/x',
    'https://172.16.0.1/x',
    'https://169.254.169.254/latest',
    'https://127.0.0.1/x',
    'https://0x7f.1/x',
    'https://2130706433/x',
    'https://localhost/x',
    'https://push.localhost/x',
    'https://[::1]/x',
    'https://[fd00::1]/x',
    'https://intranet/x',
    'https://user:pw@fcm.googleapis.com/x',
    'http://fcm.googleapis.com/fcm/send/abc',
    'ftp://fcm.googleapis.com/x',
  ])('refuses %s', (endpoint) => {
    expect(isPushEndpoint(endpoint)).toBe(false)
  })

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('takes %s', (endpoint) => {
    expect(isPushEndpoint(endpoint)).toBe(true)
  })

  it('takes a push service on this machine only with the test setting', () => {
    for (const local of ['http://127.0.0.1:9/x', 'http://localhost:9/x', 'https://[::1]:9/x']) {
      expect(isPushEndpoint(local)).toBe(false)
      expect(isPushEndpoint(local, true)).toBe(true)
    }
    // Still never another host of the network, nor http elsewhere.
    expect(isPushEndpoint('http://10.0.0.1/x', true)).toBe(false)
    expect(isPushEndpoint('https://192.168.1.1/x', true)).toBe(false)
    expect(isPushEndpoint('http://fcm.googleapis.com/x', true)).toBe(false)
  })
})

describe('a demo backend started without the test setting', () => {
  const plain = useBackend()

  it('refuses the local push service’s endpoint (400), takes a public one', async () => {
    const { accessToken } = await plain.client().login('demo')
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
    const local = await plain
      .client()
      .post('/member/push/subscriptions', { endpoint: 'http://127.0.0.1:9/x', keys }, accessToken)
    expectError(local, 400, 'BAD_REQUEST')
    const internal = await plain
      .client()
      .post('/member/push/subscriptions', { endpoint: 'https://10.0.0.1/x', keys }, accessToken)
    expectError(internal, 400, 'BAD_REQUEST')
    const pub = await plain
      .client()
      .post(
        '/member/push/subscriptions',
        { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
        accessToken,
      )
    expect(pub.status).toBe(200)
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
