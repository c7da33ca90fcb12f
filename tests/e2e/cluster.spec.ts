/**
 * Several instances behind nginx with no stickiness, sharing Redis
 * (`npm run start:cluster`, docs/decisions/0088): the session rules hold
 * across instances, when one dies, when Redis restarts, and when an
 * instance is stopped for a deploy; nginx reads every answer the app sends
 * and answers in Thai itself (docs/decisions/0131); the cluster stops even
 * after its output pipe has closed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import { STORM_USERNAME, stormPaths } from '../../scripts/bench/storm-rules.mjs'
import { APP_HEADER_MAX } from '../../scripts/lib/nginx-conf.mjs'
import { MOCK_URL } from '../../playwright.config'
import { CLUSTER_PORT, clusterRedis, startCluster, type Cluster } from './support/cluster'
import { mock } from './support/mock'
import { loginAs, sessionCookieHeader } from './support/session'
import { outcomeOf, type Outcome } from './support/storm'

const LOGIN_LIMIT = 3

let cluster: Cluster

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  cluster = await startCluster({ LOGIN_LIMIT_PER_USERNAME: String(LOGIN_LIMIT) })
})
test.afterAll(async () => {
  await cluster?.stop()
})
test.beforeEach(async () => {
  await mock.reset()
})

async function refreshCalls() {
  return (await mock.calls('/auth/refresh')).filter((c) => c.method === 'POST')
}

/** 50 parallel requests through nginx with one cookie; a request that fails outright is null. */
async function storm(request: APIRequestContext, cookie: string) {
  const paths = stormPaths()
  return Promise.all(
    paths.map((path) =>
      request
        .get(`${cluster.url}${path}`, { headers: { cookie }, maxRedirects: 0 })
        .then(async (r) => ({
          ...(await outcomeOf(path, r)),
          instance: r.headers()['x-cluster-instance'],
        }))
        .catch(() => null),
    ),
  )
}

type Answer = (Outcome & { instance?: string }) | null

/** The session cookie a response sets, as the Cookie header a browser would send back. */
function cookieOf(headers: { name: string; value: string }[]): string {
  return headers
    .filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('auth.session'))
    .map((h) => h.value.split(';')[0])
    .join('; ')
}

const successes = (answers: Answer[]) => answers.filter((a) => a?.success)
const logouts = (answers: Answer[]) => answers.filter((a) => a?.logout)
const serverErrors = (answers: Answer[]) => answers.filter((a) => a === null || a.status >= 500)

test('a refresh storm spread over three instances makes ONE backend refresh; nobody is logged out', async ({
  request,
}) => {
  const { cookie } = await sessionCookieHeader(STORM_USERNAME, { accessTtlSeconds: -60 })
  await mock.clearCalls()
  const answers = await storm(request, cookie)
  expect(await refreshCalls()).toHaveLength(1)
  expect(successes(answers)).toHaveLength(50)
  expect(logouts(answers)).toEqual([])
  // Round-robin: every instance took part.
  expect(new Set(answers.map((a) => a?.instance)).size).toBe(3)
})

test('the instance refreshing is killed mid-call, then Redis restarts: nobody is logged out, no 500', async ({
  request,
}) => {
  test.setTimeout(60_000)
  const redis = clusterRedis()
  try {
    // The refresh takes 1.5 s at the backend: time to find and kill its instance.
    await mock.latency(1500, '/auth/refresh')
    const member = await sessionCookieHeader(STORM_USERNAME, { accessTtlSeconds: -60 })
    await mock.clearCalls()
    const lockKey = `member-app:refresh-lock:${createHash('sha256').update(member.refreshToken).digest('base64url')}`
    const running = storm(request, member.cookie)
    let holder = ''
    await expect.poll(async () => (holder = (await redis.get(lockKey)) ?? '')).not.toBe('')
    const holderPid = Number(holder.split(':')[0])
    const victim = cluster.instances().find((i) => i.pid === holderPid)
    expect(victim, `the lock holder ${holder} is an instance`).toBeDefined()
    process.kill(holderPid, 'SIGKILL')
    const answers = await running
    // Its lock expired, another instance refreshed: the backend answered the
    // reused token within its grace with the same tokens. No logout.
    expect(logouts(answers)).toEqual([])
    expect(serverErrors(answers)).toEqual([])
    expect(successes(answers)).toHaveLength(50)
    expect((await refreshCalls()).length).toBeLessThanOrEqual(2)

    // Redis restarts (SIGTERM: its append-only file is kept) while members keep coming.
    await mock.latency(0, '/auth/refresh')
    await cluster.whole()
    const second = await sessionCookieHeader(STORM_USERNAME, { accessTtlSeconds: -60 })
    await mock.clearCalls()
    const redisLost = cluster.log().split('[redis] unavailable').length
    process.kill(cluster.redisPid(), 'SIGTERM')
    // The instances notice at once (the connection closes) and serve from memory.
    await expect
      .poll(() => cluster.log().split('[redis] unavailable').length)
      .toBeGreaterThan(redisLost)
    const duringRestart = await storm(request, second.cookie)
    expect(logouts(duringRestart)).toEqual([])
    expect(serverErrors(duringRestart)).toEqual([])
    expect(successes(duringRestart)).toHaveLength(50)
    // At most one refresh per instance while they cannot share.
    expect((await refreshCalls()).length).toBeLessThanOrEqual(3)

    // Back together: one refresh for the whole cluster again.
    await cluster.whole()
    const third = await sessionCookieHeader(STORM_USERNAME, { accessTtlSeconds: -60 })
    await mock.clearCalls()
    const after = await storm(request, third.cookie)
    expect(successes(after)).toHaveLength(50)
    expect(await refreshCalls()).toHaveLength(1)
  } finally {
    redis.disconnect()
  }
})

test('logout on one instance; the old cookie replayed on the others is logged out', async ({
  request,
}) => {
  await cluster.whole()
  const { cookie } = await sessionCookieHeader('demo')
  const [a, b, c] = cluster.instances()
  const before = await request.get(`${b!.url}/profile`, { headers: { cookie }, maxRedirects: 0 })
  expect(before.status()).toBe(200)

  const out = await request.post(`${a!.url}/logout`, {
    form: { from: '/profile' },
    headers: { cookie },
    maxRedirects: 0,
  })
  expect(out.status()).toBe(302)

  for (const other of [b!, c!]) {
    const replayed = await request.get(`${other.url}/profile`, {
      headers: { cookie },
      maxRedirects: 0,
    })
    expect(replayed.status()).toBe(302)
    expect(replayed.headers()['location']).toBe('/login?redirectTo=%2Fprofile')
    expect(replayed.headers()['set-cookie'] ?? '').toMatch(/auth\.session=;/)
  }
})

/**
 * Logs a copy of a session out through nginx, does `toRedis` to Redis at
 * once (the probe killed it 0.1 s later), and replays the copy on /profile
 * on every instance: each must answer the login page, never the profile.
 */
async function logoutThenReplay(
  request: APIRequestContext,
  toRedis: () => Promise<void>,
): Promise<{ status: number; location: string }[]> {
  await cluster.whole()
  const { cookie } = await sessionCookieHeader('demo')
  const before = await request.get(`${cluster.url}/profile`, {
    headers: { cookie },
    maxRedirects: 0,
  })
  expect(before.status()).toBe(200)
  const out = await request.post(`${cluster.url}/logout`, {
    form: { from: '/profile' },
    headers: { cookie },
    maxRedirects: 0,
  })
  expect(out.status()).toBe(302)
  // The backend has been asked to end the family (the app does not wait for it).
  await expect.poll(async () => (await mock.calls('/auth/logout')).length).toBe(1)
  await toRedis()
  return Promise.all(
    cluster.instances().map(async (instance) => {
      const replayed = await request.get(`${instance.url}/profile`, {
        headers: { cookie },
        maxRedirects: 0,
      })
      return { status: replayed.status(), location: replayed.headers()['location'] ?? '' }
    }),
  )
}

const LOGGED_OUT = { status: 302, location: '/login?redirectTo=%2Fprofile' }

test('logout, then Redis killed: the copied cookie opens no page on any instance', async ({
  request,
}) => {
  test.setTimeout(60_000)
  const answers = await logoutThenReplay(request, async () => {
    const lost = cluster.log().split('[redis] unavailable').length
    process.kill(cluster.redisPid(), 'SIGKILL')
    // The instances notice at once (the connection closes); the cluster restarts Redis a second later.
    await expect.poll(() => cluster.log().split('[redis] unavailable').length).toBeGreaterThan(lost)
  })
  expect(answers).toEqual([LOGGED_OUT, LOGGED_OUT, LOGGED_OUT])
  await cluster.whole()
})

test('logout, then Redis frozen (SIGSTOP): the copied cookie opens no page on any instance', async ({
  request,
}) => {
  test.setTimeout(90_000)
  let frozen = 0
  try {
    const answers = await logoutThenReplay(request, async () => {
      frozen = cluster.redisPid()
      process.kill(frozen, 'SIGSTOP')
    })
    expect(answers).toEqual([LOGGED_OUT, LOGGED_OUT, LOGGED_OUT])
  } finally {
    if (frozen) process.kill(frozen, 'SIGCONT')
  }
  await cluster.whole()
})

test('logout, then Redis restarted without its data: the copied cookie opens no page on any instance', async ({
  request,
}) => {
  test.setTimeout(60_000)
  const redis = clusterRedis()
  try {
    const answers = await logoutThenReplay(request, async () => {
      // What a Redis without persistence holds after a restart: nothing.
      await redis.flushall()
    })
    expect(answers).toEqual([LOGGED_OUT, LOGGED_OUT, LOGGED_OUT])
  } finally {
    redis.disconnect()
  }
})

test('log out everywhere on one instance: the other devices and old copies are out on every instance', async ({
  request,
}) => {
  await cluster.whole()
  const [a, b, c] = cluster.instances()
  /** A real login on `url` (the session then knows its member): its Cookie header. */
  const login = async (url: string) => {
    const answer = await request.post(`${url}/login`, {
      form: { username: 'demo', password: 'demo1234' },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(302)
    return cookieOf(answer.headersArray())
  }
  const here = await login(a!.url)
  const otherDevice = await login(b!.url)

  const ended = await request.post(`${a!.url}/profile`, {
    form: { intent: 'logout-others' },
    headers: { cookie: here },
    maxRedirects: 0,
  })
  expect(ended.status()).toBe(302)
  const stillHere = cookieOf(ended.headersArray())

  for (const instance of [a!, b!, c!]) {
    for (const cookie of [here, otherDevice]) {
      const replayed = await request.get(`${instance.url}/profile`, {
        headers: { cookie },
        maxRedirects: 0,
      })
      expect(replayed.status()).toBe(302)
      // The login page says why this device is out (decision 0146).
      expect(replayed.headers()['location']).toBe(
        '/login?redirectTo=%2Fprofile&reason=ended-elsewhere',
      )
      // Ended by the shared store before any backend call: no "session expired" toast.
      expect(replayed.headers()['set-cookie'] ?? '').not.toMatch(/app\.toast=/)
    }
    const mine = await request.get(`${instance.url}/profile`, {
      headers: { cookie: stillHere },
      maxRedirects: 0,
    })
    expect(mine.status()).toBe(200)
  }
})

test('bet slips on every lotto type: each post on another instance, the Cookie header stays small; nginx answers in Thai', async ({
  request,
}) => {
  await cluster.whole()
  const { cookie: session } = await sessionCookieHeader('demo')
  const types = (
    (await (await fetch(`${MOCK_URL}/lotto/types`)).json()) as {
      data: { id: string; nextDraw: unknown }[]
    }
  ).data
    .filter((type) => type.nextDraw !== null)
    .map((type) => type.id)
  expect(types.length).toBeGreaterThanOrEqual(4)
  const instances = cluster.instances()
  let slips = ''
  for (const [i, lotto] of types.entries()) {
    const instance = instances[i % instances.length]!
    const added = await request.post(`${instance.url}/lotto/stake?lotto=${lotto}`, {
      // Straight to the instance, as no browser would: no Origin to match its Host.
      form: { intent: 'add', kind: 'twoTop', number: '47', amount: '10' },
      headers: { cookie: slips ? `${session}; ${slips}` : session },
      maxRedirects: 0,
    })
    expect(added.status(), lotto).toBe(200)
    const book = added
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value.slice(0, h.value.indexOf(';')))
      .find((pair) => pair.startsWith('lotto.slips='))
    expect(book, lotto).toBeDefined()
    slips = book!
  }
  const cookie = `${session}; ${slips}`
  // Slips on every type cost one small cookie.
  expect(slips.length).toBeLessThan(200)
  // Each slip is read back through nginx, on whichever instance answers.
  for (const lotto of types) {
    const page = await request.get(`${cluster.url}/lotto/stake?lotto=${lotto}`, {
      headers: { cookie },
    })
    expect(page.status()).toBe(200)
    expect((await page.text()).match(/data-testid="slip-line"/g), lotto).toHaveLength(1)
  }

  // What the old per-type cookies could reach: nginx's own 400, in Thai.
  const tooBig = await request.get(`${cluster.url}/`, {
    headers: { cookie: `${cookie}; ${'x'.repeat(9000)}=1` },
  })
  expect(tooBig.status()).toBe(400)
  expect(tooBig.headers()['content-type']).toBe('text/html; charset=utf-8')
  const body = await tooBig.text()
  expect(body).toContain('<html lang="th">')
  expect(body).toContain('ล้างคุกกี้')
  expect(body).not.toMatch(/Request Header Or Cookie Too Large|nginx/i)
})

test('3 KB tokens: a login through nginx holds on every instance, a refresh made on one is seen by the others (decision 0134)', async ({
  request,
}) => {
  await cluster.whole()
  await mock.config({ tokenPadding: 2800, accessTtlSeconds: 60 })
  const login = await request.post(`${cluster.url}/login`, {
    form: { username: 'demo', password: 'demo1234' },
    maxRedirects: 0,
  })
  expect(login.status()).toBe(302)
  const cookie = cookieOf(login.headersArray())
  // A sealed reference to the tokens in Redis, not the 6 KB of tokens.
  expect(cookie.length).toBeGreaterThan(0)
  expect(cookie.length).toBeLessThan(160)
  const instances = cluster.instances()
  const profileOn = (url: string) =>
    request.get(`${url}/profile`, { headers: { cookie }, maxRedirects: 0 })
  for (const instance of instances) {
    const answer = await profileOn(instance.url)
    expect(answer.status(), instance.name).toBe(200)
    expect(await answer.text()).toContain('สมชาย ใจดี')
  }

  // The backend's clock passes the access token's expiry: 30 requests spread over the
  // three instances make ONE refresh, and every one of them gets the page.
  await mock.clockAhead(120_000)
  await mock.clearCalls()
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, n) => profileOn(instances[n % instances.length]!.url)),
  )
  expect(answers.map((a) => a.status())).toEqual(answers.map(() => 200))
  expect(await refreshCalls()).toHaveLength(1)
  const renewed = (await mock.calls('/user/profile')).at(-1)?.authorization

  // The entry in Redis holds the new tokens: each instance uses them, no second refresh.
  await mock.clearCalls()
  for (const instance of instances) {
    expect((await profileOn(instance.url)).status(), instance.name).toBe(200)
  }
  expect(await refreshCalls()).toHaveLength(0)
  const used = new Set((await mock.calls('/user/profile')).map((c) => c.authorization))
  expect([...used]).toEqual([renewed])
})

test('login attempts count across instances', async ({ request }) => {
  await cluster.whole()
  const username = `guess-${Date.now()}`
  const attempt = (url: string) =>
    request.post(`${url}/login`, {
      // Straight to the instance, as no browser would: no Origin to match its Host.
      form: { username, password: 'wrong-password' },
      maxRedirects: 0,
    })
  const instances = cluster.instances()
  // One attempt on each instance: each alone has counted only one.
  for (const instance of instances.slice(0, LOGIN_LIMIT)) {
    expect((await attempt(instance.url)).status()).toBe(401)
  }
  const limited = await attempt(instances[0]!.url)
  expect(limited.status()).toBe(429)
  expect(await limited.text()).toContain('พยายามเข้าสู่ระบบบ่อยเกินไป')
})

test('SIGTERM: the request under way is answered, then the instance exits', async ({ request }) => {
  await cluster.whole()
  const { cookie } = await sessionCookieHeader('demo')
  const instance = cluster.instances()[2]!
  await mock.latency(1500, '/user/profile')
  const pending = request.get(`${instance.url}/profile`, { headers: { cookie }, maxRedirects: 0 })
  await expect
    .poll(async () => (await mock.calls('/user/profile')).length, { timeout: 5000 })
    .toBeGreaterThan(0)
  process.kill(instance.pid, 'SIGTERM')
  const answer = await pending
  expect(answer.status()).toBe(200)
  // The member's page, with the balance in the header.
  expect(await answer.text()).toContain('data-testid="balance"')
  await expect
    .poll(() => cluster.log(), { timeout: 10_000 })
    .toContain(`${instance.name} stopped (exit 0)`)
  expect(cluster.log()).toContain(`[${instance.name}] Shut down: every request answered.`)
})

/** The bytes of an answer's header block, as nginx reads it from the instance. */
function headerBytes(headers: { name: string; value: string }[]): number {
  return headers.reduce((n, h) => n + Buffer.byteLength(`${h.name}: ${h.value}\r\n`), 0)
}

/** A member page opened with a long Thai search: `/transaction?q=` and 300 × ก. */
const LONG_THAI_QUERY = `/transaction?q=${'%E0%B8%81'.repeat(300)}`

test('three visitors with a long Thai query: each goes to /login, and /lotto stays 200 on every instance', async ({
  request,
}) => {
  await cluster.whole()
  for (let i = 0; i < 3; i++) {
    const answer = await request.get(`${cluster.url}${LONG_THAI_QUERY}`, { maxRedirects: 0 })
    expect(answer.status()).toBe(302)
    // The path is remembered without its query (app/lib/redirects.ts RETURN_PATH_MAX).
    expect(answer.headers()['location']).toBe('/login?redirectTo=%2Ftransaction')
    expect(headerBytes(answer.headersArray())).toBeLessThan(APP_HEADER_MAX)
  }
  const { cookie } = await sessionCookieHeader('demo')
  const instances = new Set<string>()
  for (let i = 0; i < 6; i++) {
    const lotto = await request.get(`${cluster.url}/lotto`, {
      headers: { cookie },
      maxRedirects: 0,
    })
    expect(lotto.status()).toBe(200)
    instances.add(lotto.headers()['x-cluster-instance'] ?? '')
  }
  // No instance was taken out of the rotation.
  expect(instances.size).toBe(3)
})

test('a login posted with a 300-character Thai redirectTo through nginx gets its session cookie', async ({
  request,
}) => {
  await cluster.whole()
  const answer = await request.post(`${cluster.url}/login`, {
    form: {
      username: 'demo',
      password: 'demo1234',
      redirectTo: `/transaction?q=${'ก'.repeat(300)}`,
    },
    headers: { Origin: cluster.url },
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(302)
  expect(answer.headers()['location']).toBe('/transaction')
  const cookie = cookieOf(answer.headersArray())
  expect(cookie).toMatch(/^auth\.session/)
  expect(headerBytes(answer.headersArray())).toBeLessThan(APP_HEADER_MAX)
  const page = await request.get(`${cluster.url}/transaction`, {
    headers: { cookie },
    maxRedirects: 0,
  })
  expect(page.status()).toBe(200)
})

/** `text` sent as it is to nginx (what no HTTP client library sends): the raw answer. */
function sendRaw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(CLUSTER_PORT, '127.0.0.1')
    let raw = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (raw += chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(raw))
    socket.write(text)
  })
}

test('nginx answers HTTP/9.9, a request line too long and an unknown transfer coding in Thai', async () => {
  for (const [status, text] of [
    [505, 'GET / HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n'],
    [414, `GET /?q=${'%E0%B8%81'.repeat(1000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
    [501, 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n'],
  ] as const) {
    const raw = await sendRaw(text)
    expect(raw.split(' ')[1], text.slice(0, 20)).toBe(String(status))
    expect(raw).toMatch(/content-type: text\/html; charset=utf-8/i)
    const body = raw.slice(raw.indexOf('\r\n\r\n'))
    expect(body).toContain('<html lang="th">')
    expect(body).not.toMatch(/nginx|Not Supported|Too Large|Not Implemented/i)
  }
})

/** Records every live event a page's EventSource receives: `id:type:balance`. */
async function recordLiveEvents(page: Page) {
  await page.addInitScript(() => {
    const Native = window.EventSource
    const log: string[] = []
    ;(window as unknown as { liveLog: string[] }).liveLog = log
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        this.addEventListener('member', (e) => {
          const event = JSON.parse((e as MessageEvent<string>).data) as { balance?: number }
          log.push(`${(e as MessageEvent).lastEventId}:${event.balance}`)
        })
      }
    }
  })
}
const liveLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveLog: string[] }).liveLog)

async function liveOf(instance: { url: string }) {
  const ready = (await (await fetch(`${instance.url}/readyz`)).json()) as {
    live: { tabs: number; upstreams: number }
  }
  return ready.live
}

test('live events: a tab on one instance gets an event whose upstream another instance holds; Redis restarts under open streams and no event is lost or doubled', async ({
  context,
}) => {
  test.setTimeout(90_000)
  await cluster.whole()
  await loginAs(context, 'demo')
  const instances = cluster.instances()
  const first = await context.newPage()
  const second = await context.newPage()
  await recordLiveEvents(first)
  await recordLiveEvents(second)
  await first.goto(`${instances[0]!.url}/`)
  // One upstream for the member in the whole cluster (a lease an earlier test left may sit elsewhere).
  const holders = async () => {
    const lives = await Promise.all(instances.map(liveOf))
    return instances.filter((_, i) => lives[i]!.upstreams > 0)
  }
  await expect.poll(async () => (await holders()).length).toBe(1)
  const [holder] = await holders()
  const relaying = instances.find((i) => i !== holder)!
  await second.goto(`${relaying.url}/`)
  await expect.poll(async () => (await liveOf(relaying)).tabs).toBeGreaterThan(0)
  await expect.poll(async () => (await liveOf(relaying)).upstreams).toBe(0)
  // Steady state (a busy moment may make an instance stream alone for a while, then give way).
  await expect.poll(async () => (await mock.eventStreams()).demo).toBe(1)
  expect(await holders()).toEqual([holder])

  await mock.raiseEvent('demo', { type: 'balance', balance: 1001 })
  for (const page of [first, second]) {
    await expect(page.getByTestId('balance').first()).toHaveText('฿1,001.00')
  }

  // Redis goes away: instance 2 streams for itself, from the last id it relayed.
  const lost = cluster.log().split('[redis] unavailable').length
  process.kill(cluster.redisPid(), 'SIGTERM')
  await expect.poll(() => cluster.log().split('[redis] unavailable').length).toBeGreaterThan(lost)
  await mock.raiseEvent('demo', { type: 'balance', balance: 1002 })
  for (const page of [first, second]) {
    await expect(page.getByTestId('balance').first()).toHaveText('฿1,002.00')
  }
  // Back: one upstream again, and the next event arrives once everywhere.
  await cluster.whole()
  await expect.poll(async () => (await mock.eventStreams()).demo, { timeout: 15_000 }).toBe(1)
  await mock.raiseEvent('demo', { type: 'balance', balance: 1003 })
  for (const page of [first, second]) {
    await expect(page.getByTestId('balance').first()).toHaveText('฿1,003.00')
    const log = await liveLog(page)
    expect(log.map((entry) => entry.split(':')[1])).toEqual(['1001', '1002', '1003'])
    expect(new Set(log.map((entry) => entry.split(':')[0])).size).toBe(3)
  }
})

// Last: it stops the cluster.
test('stopped after its output pipe has closed, the cluster exits instead of spinning', async () => {
  cluster.closeOutput()
  // Printing "Stopping the cluster..." to the closed pipe once threw, and so did its handler.
  expect(await cluster.stop()).toEqual({ code: 0, signal: null })
})
