/**
 * Live streams held for a while (`npm run bench -- --only=soak`, issue 25,
 * docs/decisions/0132):
 *
 *   - a soak: `members` open streams (one per member) with events flowing to
 *     them, and 20 connections of page traffic on the logged-in home, for
 *     --soak-seconds after 30 s of the same load not judged (V8 sizes its
 *     heap first); each instance's RSS every 5 s, flat when the last half of
 *     the judged time stays within 10 % (its highest over its lowest); errors (page answers
 *     not 2xx, streams that ended, events that did not arrive) and the
 *     latency from the backend's event to the stream's reader (p50, p99);
 *     `alongside(stopped)`, when given, runs beside the judged time (other
 *     traffic: scripts/soak.mjs's logins and logouts) until `stopped()`;
 *   - the relay's Redis work: `members` members with a tab on each of two
 *     instances (one holds the upstream, the other relays), EVALs per second
 *     read from Redis's own counters, per 1,000 relayed members.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { postJson } from './http.mjs'
import { backendStreams, openStream, streamsFor, until } from './live.mjs'
import { memberCookie, memberSessions } from './member.mjs'
import { lastHalfFlat, sampleRss } from './memory.mjs'
import { PHONE_ACCEPT_ENCODING, percentile, run } from './throughput.mjs'

/** `count` members' sealed sessions, tokens long enough for the whole run. */
const sessions = (backendUrl, secret, prefix, count, seconds) =>
  memberSessions(backendUrl, secret, { prefix, count, accessTtlSeconds: seconds + 600 })

/**
 * Until the backend holds a stream for each of `members` members under
 * `prefix`, for a minute at most: a run short of streams goes on, and the
 * events those members miss are counted lost.
 */
const streamsOpen = (backendUrl, prefix, members) =>
  until(
    async () => streamsFor(await backendStreams(backendUrl), prefix) >= members,
    60_000,
    'backend streams',
  ).catch(() => undefined)

/**
 * The soak. `streamUrls`: where the streams open (one instance, or the
 * instances of the cluster in turn); `pageUrl`: the home the 20 connections
 * load (through nginx on the cluster); `instances`: { name, pid } sampled.
 */
export async function liveSoak({
  streamUrls,
  pageUrl,
  pageCookie,
  instances,
  backendUrl,
  secret,
  members,
  seconds,
  eventsPerSecond = 20,
  warmSeconds = 30,
  prefix,
  pageHeaders = {},
  everyS = 5,
  alongside,
}) {
  const list = await sessions(backendUrl, secret, prefix, members, seconds)
  const sent = new Map()
  const latencies = []
  let received = 0
  const streams = []
  for (let i = 0; i < list.length; i += 50) {
    const opening = list.slice(i, i + 50).map((member, k) =>
      openStream(`${streamUrls[(i + k) % streamUrls.length]}/events`, member.cookie, (message) => {
        if (message.event !== 'member') return
        const { balance } = JSON.parse(message.data)
        const at = sent.get(balance)
        if (at === undefined) return
        received += 1
        latencies.push(performance.now() - at)
        sent.delete(balance)
      }),
    )
    streams.push(...(await Promise.all(opening)))
  }
  await streamsOpen(backendUrl, prefix, members)
  const rss = sampleRss(instances, { rule: lastHalfFlat, everyS })
  // Events to members in turn, each with a balance no other event has (its key for the latency).
  let posted = 0
  let postErrors = 0
  let stop = false
  const events = (async () => {
    const every = 1000 / eventsPerSecond
    const started = performance.now()
    while (!stop) {
      const balance = 1_000_000 + posted
      const member = list[posted % list.length]
      posted += 1
      sent.set(balance, performance.now())
      postJson(`${backendUrl}/__mock/events`, {
        username: member.username,
        event: { type: 'balance', balance },
      }).catch(() => (postErrors += 1))
      const wait = started + posted * every - performance.now()
      if (wait > 0) await sleep(wait)
    }
  })()
  // The same load first, not judged: V8 sizes its heap to the load in the first seconds.
  const headers = { Cookie: pageCookie, ...pageHeaders }
  const warm = await run(pageUrl, { connections: 20, seconds: warmSeconds, headers })
  rss.judgeFromHere()
  const beside = alongside?.(() => stop)
  const pages = await run(pageUrl, { connections: 20, seconds, headers })
  stop = true
  await events
  const besideResult = await beside
  await sleep(2000)
  const { memory, flat } = rss.stop()
  const ended = streams.filter((s) => s.ended).length
  for (const s of streams) s.close()
  const pageErrors =
    pages.non2xx + pages.errors + pages.timeouts + warm.non2xx + warm.errors + warm.timeouts
  const lost = posted - postErrors - received
  return {
    members,
    seconds,
    warmSeconds,
    streamsEnded: ended,
    pages: { requests: pages.requests, rps: pages.rps, p50: pages.p50, p99: pages.p99 },
    pageErrors,
    /** What the page errors were: answers not 2xx, connection errors, autocannon's 10 s timeouts. */
    pageErrorKinds: {
      non2xx: pages.non2xx + warm.non2xx,
      errors: pages.errors + warm.errors,
      timeouts: pages.timeouts + warm.timeouts,
    },
    events: { posted, postErrors, received, lost },
    eventP50: percentile(latencies, 50),
    eventP99: percentile(latencies, 99),
    errors: pageErrors + ended + postErrors + Math.max(0, lost),
    memory,
    flat,
    alongside: besideResult,
  }
}

/** EVAL calls Redis has run so far. */
async function evalCalls(redis) {
  const info = await redis.info('commandstats')
  return Number(/cmdstat_eval:calls=(\d+)/.exec(info)?.[1] ?? 0)
}

/**
 * The relay's Redis work: each member has a tab on `holder` and one on
 * `relaying` (the second instance relays what the first streams); EVALs per
 * second over `seconds`, from Redis's counters.
 */
export async function relayEvals({
  holder,
  relaying,
  redisUrl,
  backendUrl,
  secret,
  members,
  seconds = 10,
  prefix,
}) {
  const list = await sessions(backendUrl, secret, prefix, members, seconds + 120)
  const streams = []
  for (const base of [holder.url, relaying.url]) {
    for (let i = 0; i < list.length; i += 50) {
      const opening = list.slice(i, i + 50).map((m) => openStream(`${base}/events`, m.cookie))
      streams.push(...(await Promise.all(opening)))
    }
    await streamsOpen(backendUrl, prefix, members)
  }
  await sleep(5000)
  const upstreams = streamsFor(await backendStreams(backendUrl), prefix)
  const redis = new Redis(redisUrl)
  try {
    const before = await evalCalls(redis)
    const started = performance.now()
    await sleep(seconds * 1000)
    const calls = (await evalCalls(redis)) - before
    const perSecond = calls / ((performance.now() - started) / 1000)
    return {
      members,
      streams: streams.filter((s) => !s.ended).length,
      upstreams,
      evalsPerSecond: perSecond,
      per1000Members: (perSecond * 1000) / members,
    }
  } finally {
    redis.disconnect()
    for (const s of streams) s.close()
  }
}

/**
 * liveSoak on a cluster (scripts/lib/cluster): streams on the instances,
 * a member's home through nginx with a phone's Accept-Encoding; `options`
 * give the rest (members, seconds, prefix, ...).
 */
export async function clusterSoak(cluster, secret, options) {
  return liveSoak({
    streamUrls: cluster.instances.map((i) => i.url),
    pageUrl: `${cluster.url}/`,
    pageCookie: await memberCookie(cluster.url),
    pageHeaders: { 'Accept-Encoding': PHONE_ACCEPT_ENCODING },
    instances: cluster.instances,
    backendUrl: cluster.backendUrl,
    secret,
    ...options,
  })
}
