/**
 * Live events, measured (`npm run bench -- --only=live`, issue 19):
 *
 *   - latency: a backend event (POST /__mock/events, a new balance) to the
 *     header's balance changing on an open page in Chromium, 200 events one
 *     after another, p50 and p99; on one instance, and across the cluster
 *     (the page on an instance that relays a member whose upstream another
 *     instance holds);
 *   - 1,000 open streams on one instance (200 members x 5 tabs, then 1,000
 *     members x 1 tab): the app's RSS (and its growth per stream), its idle CPU over a while with the
 *     heartbeats going, and the backend streams it holds (target: one per member);
 *   - a yeekee round with 500 shots in 60 s from 50 members: every watcher
 *     (20 streams through the app) gets every shot, in order, none twice.
 *
 * Sessions are sealed here with the bench's secret (tokens from
 * POST /__mock/tokens), as the app would write them.
 */
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { tsImport } from 'tsx/esm/api'
import { postJson as post } from './http.mjs'
import { memberSessions, sealedSession } from './member.mjs'
import { rssMb } from './memory.mjs'
import { cpuMs, percentile } from './throughput.mjs'

let sseModule
/** The app's own SSE reader, loaded once (tsx compiles it on import). */
const appModules = async () => {
  sseModule ??= tsImport('../../app/lib/sse.ts', import.meta.url).then((sse) => ({ sse }))
  return sseModule
}

/** A member's sealed session cookie (and its access token, for calls straight to the backend). */
export const sealedCookie = (backendUrl, secret, username) =>
  sealedSession(backendUrl, secret, username)

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })

/**
 * An SSE client of the app's /events: counts bytes and heartbeats, and hands
 * each event to `onEvent` ({ event, data, id }). `close()` ends it.
 */
export async function openStream(url, cookie, onEvent = () => undefined) {
  const { sse } = await appModules()
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { Cookie: cookie, Accept: 'text/event-stream' } })
    req.once('error', reject)
    req.once('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`))
      const stream = { beats: 0, ended: false, close: () => req.destroy() }
      const reader = new sse.SseReader((message) => onEvent(message))
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        if (chunk.includes(': ping')) stream.beats += 1
        reader.feed(chunk)
      })
      res.on('end', () => (stream.ended = true))
      res.on('error', () => (stream.ended = true))
      resolve(stream)
    })
  })
}

/** Polls `check` until it holds; throws `timed out: ${what}` after `timeoutMs`. */
export async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`)
    await sleep(50)
  }
}

/** The event streams the demo backend holds: `{ byMember: { [username]: count }, ... }`. */
export async function backendStreams(backendUrl) {
  const res = await fetch(`${backendUrl}/__mock/events/streams`)
  return (await res.json()).data
}

/** How many of `upstream`'s streams are for members whose names start with `prefix`. */
export const streamsFor = (upstream, prefix) =>
  Object.entries(upstream.byMember)
    .filter(([username]) => username.startsWith(prefix))
    .reduce((n, [, count]) => n + count, 0)

/**
 * 200 events to one open page, one after another: ms from the backend
 * event's POST to the header showing its balance.
 */
export async function pageLatency({
  pageUrl,
  cookieHeader,
  backendUrl,
  username,
  events = 200,
  holder,
}) {
  const { chromium } = await import('@playwright/test')
  const { existsSync } = await import('node:fs')
  const browser = await chromium.launch(
    existsSync('/usr/bin/chromium')
      ? {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
        }
      : {},
  )
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      isMobile: true,
    })
    const origin = new URL(pageUrl).origin
    await context.addCookies(
      cookieHeader.split('; ').map((pair) => {
        const i = pair.indexOf('=')
        return { name: pair.slice(0, i), value: pair.slice(i + 1), url: origin, httpOnly: true }
      }),
    )
    // The instance holding the member's upstream has a page of its own (the cluster case).
    if (holder) {
      const first = await context.newPage()
      await first.goto(holder)
      await first.waitForSelector('html[data-hydrated="true"]')
      await sleep(1500)
    }
    const page = await context.newPage()
    const seen = new Map()
    await page.exposeFunction('benchBalance', (text) => {
      const at = performance.now()
      if (!seen.has(text)) seen.set(text, at)
    })
    await page.goto(pageUrl)
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.evaluate(() => {
      const target = document.querySelector('[data-testid="balance"]')
      new MutationObserver(() => window.benchBalance(target.textContent)).observe(target, {
        subtree: true,
        characterData: true,
        childList: true,
      })
    })
    await until(
      async () => ((await backendStreams(backendUrl)).byMember[username] ?? 0) >= 1,
      10_000,
      'stream',
    )
    await sleep(500)
    const latencies = []
    for (let i = 1; i <= events; i++) {
      const balance = 10_000 + i
      const text = `฿${balance.toLocaleString('en-US')}.00`
      const sent = performance.now()
      await post(`${backendUrl}/__mock/events`, { username, event: { type: 'balance', balance } })
      await until(() => seen.has(text), 5000, `balance ${text}`)
      latencies.push(seen.get(text) - sent)
      await sleep(10)
    }
    latencies.sort((a, b) => a - b)
    return {
      events,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
    }
  } finally {
    await browser.close()
  }
}

/**
 * `members` x `tabs` open streams on one app: RSS before and after, idle
 * CPU over `idleSeconds` (heartbeats going), the backend streams held.
 */
export async function manyStreams({
  appUrl,
  appPid,
  backendUrl,
  secret,
  members,
  tabs,
  idleSeconds,
  prefix,
}) {
  const rssBefore = rssMb(appPid)
  const cookies = (await memberSessions(backendUrl, secret, { prefix, count: members })).map(
    (m) => m.cookie,
  )
  const streams = []
  const started = performance.now()
  for (const cookie of cookies) {
    const opening = []
    for (let t = 0; t < tabs; t++) opening.push(openStream(`${appUrl}/events`, cookie))
    streams.push(...(await Promise.all(opening)))
  }
  const openMs = performance.now() - started
  const ours = (upstream) => streamsFor(upstream, prefix)
  await until(async () => ours(await backendStreams(backendUrl)) >= members, 30_000, 'upstreams')
  await sleep(2000)
  const rssOpen = rssMb(appPid)
  const cpuStart = cpuMs(appPid)
  const beatsStart = streams.reduce((n, s) => n + s.beats, 0)
  await sleep(idleSeconds * 1000)
  const cpuIdle = cpuMs(appPid) - cpuStart
  const beats = streams.reduce((n, s) => n + s.beats, 0) - beatsStart
  const upstream = await backendStreams(backendUrl)
  const ready = await (await fetch(`${appUrl}/readyz`)).json()
  const open = streams.filter((s) => !s.ended).length
  for (const s of streams) s.close()
  // Every tab that left is gone from the hub.
  await sleep(2000)
  const tabsLeft = (await (await fetch(`${appUrl}/readyz`)).json()).live.tabs
  return {
    tabsLeft,
    members,
    tabs,
    streams: streams.length,
    open,
    openMs,
    rssBefore,
    rssOpen,
    kbPerStream: ((rssOpen - rssBefore) * 1024) / streams.length,
    cpuIdlePercent: (cpuIdle / (idleSeconds * 1000)) * 100,
    heartbeats: beats,
    backendStreams: ours(upstream),
    live: ready.live,
  }
}

/**
 * A yeekee round: `shooters` members shoot `shots` numbers over `seconds`
 * straight at the backend (each within the pause), while `watchers` streams
 * through the app follow the round. Every watcher must get shots 1..N in
 * order, none twice.
 */
export async function yeekeeRound({
  appUrl,
  backendUrl,
  secret,
  shooters = 50,
  shots = 500,
  seconds = 60,
  watchers = 20,
  prefix,
}) {
  await post(`${backendUrl}/__mock/yeekee/bots`, { enabled: false })
  const types = await (await fetch(`${backendUrl}/lotto/types`)).json()
  let draw = types.data.find((t) => t.id === 'yeekee').nextDraw
  // The round must stay open for the whole burst (and a little more).
  const left = Date.parse(draw.closesAt) - Date.now()
  if (left < (seconds + 15) * 1000) {
    console.log(`  (the open round closes in ${Math.round(left / 1000)} s: waiting for the next)`)
    await sleep(left + 1500)
    const again = await (await fetch(`${backendUrl}/lotto/types`)).json()
    draw = again.data.find((t) => t.id === 'yeekee').nextDraw
  }
  const members = await memberSessions(backendUrl, secret, { prefix, count: shooters })
  const received = Array.from({ length: watchers }, () => [])
  const streams = []
  for (let w = 0; w < watchers; w++) {
    const stream = await openStream(
      `${appUrl}/events?round=${encodeURIComponent(draw.id)}`,
      members[w % members.length].cookie,
      ({ event, data }) => {
        if (event !== 'yeekee') return
        const parsed = JSON.parse(data)
        if (parsed.type === 'shot') received[w].push(parsed.shot.seq)
      },
    )
    streams.push(stream)
  }
  await sleep(1500)
  const every = (seconds * 1000) / shots
  const started = performance.now()
  const acceptedSeqs = []
  let refused = 0
  const sending = []
  for (let k = 0; k < shots; k++) {
    const at = started + k * every
    const wait = at - performance.now()
    if (wait > 0) await sleep(wait)
    const member = members[k % members.length]
    sending.push(
      fetch(`${backendUrl}/lotto/yeekee/rounds/${draw.id}/shots`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${member.accessToken}`,
        },
        body: JSON.stringify({
          number: String(Math.floor(Math.random() * 100_000)).padStart(5, '0'),
          idempotencyKey: randomBytes(8).toString('hex'),
        }),
      }).then(async (res) => {
        if (!res.ok) refused += 1
        else acceptedSeqs.push((await res.json()).data.shot.seq)
      }),
    )
  }
  await Promise.all(sending)
  const burstMs = performance.now() - started
  acceptedSeqs.sort((a, b) => a - b)
  const accepted = acceptedSeqs.length
  await until(
    () => received.every((r) => r.length >= accepted),
    15_000,
    'every watcher has every shot',
  ).catch(() => undefined)
  for (const s of streams) s.close()
  const expected = acceptedSeqs.join(',')
  const perWatcher = received.map((seqs) => {
    const inOrder = seqs.every((seq, i) => i === 0 || seq > seqs[i - 1])
    return {
      count: seqs.length,
      inOrder,
      doubled: seqs.length - new Set(seqs).size,
      complete: [...new Set(seqs)].sort((a, b) => a - b).join(',') === expected,
    }
  })
  return {
    drawId: draw.id,
    shots,
    accepted,
    refused,
    burstMs,
    watchers,
    everyWatcherComplete: perWatcher.every((w) => w.complete),
    allInOrder: perWatcher.every((w) => w.inOrder),
    doubled: perWatcher.reduce((n, w) => n + w.doubled, 0),
    counts: perWatcher.map((w) => w.count),
  }
}
