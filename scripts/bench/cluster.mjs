/**
 * The bench's cluster: `scripts/cluster.mjs` (nginx, three instances, Redis,
 * its own demo backend) on the bench's ports, quiet (no per-request log
 * lines), and the figures measured through it: the refresh storm across the
 * instances, a soak at 20 connections with the instances' memory sampled,
 * and page traffic beside 10,000 open streams (streamCrowd).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { followCluster } from '../lib/cluster-lines.mjs'
import { openStream } from './live.mjs'
import { memberSessions } from './member.mjs'
import { quartersFlat, rssMb, sampleRss } from './memory.mjs'
import { run } from './throughput.mjs'

/** Starts the cluster with nginx on `port`; resolves once it is ready. */
export async function startCluster(port, secret) {
  const child = spawn(process.execPath, ['scripts/cluster.mjs', '--quiet'], {
    env: { ...process.env, PORT: String(port), SESSION_SECRET: secret, BACKEND_URL: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  createInterface({ input: child.stderr }).on('line', (line) => {
    errors += `${line}\n`
  })
  const cluster = followCluster(child.stdout)
  let timer
  await Promise.race([
    cluster.ready,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the cluster did not start:\n${errors}`)), 60_000)
      child.once('exit', (code) => reject(new Error(`the cluster exited (${code}):\n${errors}`)))
    }),
  ]).finally(() => clearTimeout(timer))
  return {
    url: cluster.url,
    backendUrl: cluster.backendUrl,
    instances: [...cluster.instances.values()],
    /** Everything the cluster wrote to stderr so far (the instances' warnings: "[app-1] [redis] ..."). */
    log: () => errors,
    /** nginx's own error lines so far (its log says why it refused: "worker_connections are not enough", a timeout). */
    nginxErrors: () =>
      errors.split('\n').filter((line) => /^\[nginx\].*\[(error|crit|alert|emerg)\]/.test(line)),
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000)
      await once(child, 'exit')
      clearTimeout(killer)
    },
  }
}

/**
 * `seconds` of `connections` keep-alive connections on `url` (through nginx,
 * so spread over the instances), after `warmSeconds` of the same load that
 * are not counted (V8 sizes its heap to the load in the first seconds),
 * sampling each instance's memory every `everyS` seconds. Memory is flat
 * when the last quarter's mean RSS is within 10% of the first quarter's.
 */
export async function soak(
  url,
  { seconds, warmSeconds, connections, headers, instances, everyS = 5 },
) {
  if (warmSeconds > 0) await run(url, { connections, seconds: warmSeconds, headers })
  const rss = sampleRss(instances, { rule: quartersFlat, everyS })
  const result = await run(url, { connections, seconds, headers })
  const { memory, flat } = rss.stop()
  const bad = result.non2xx + result.errors + result.timeouts
  return { ...result, memory, flat, bad }
}

/**
 * `opening`'s stream, or a rejection after `ms` (the stream, if it opens
 * later, is closed at once): a run never waits for ever.
 */
function withDeadline(opening, ms) {
  let timer
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => {
      opening.then(
        (stream) => stream.close(),
        () => undefined,
      )
      reject(new Error(`no answer in ${ms / 1000} s`))
    }, ms)
  })
  return Promise.race([opening, late]).finally(() => clearTimeout(timer))
}

/**
 * `members` × `tabs` open streams through nginx (`GET /events` with each
 * member's sealed session, `concurrency` opening at a time), then page
 * traffic beside them: `connections` on `pagePath` as `pageCookie` for
 * `seconds`, then `measure()` (the event-to-screen latency), all of them
 * still open. Counts every stream nginx did not open (within `openTimeoutMs`)
 * or ended early, and the page requests that were not 2xx: the errors at
 * nginx (target 0). `log` hears each figure as soon as it is measured.
 */
export async function streamCrowd({
  cluster,
  secret,
  members,
  tabs,
  prefix,
  pagePath,
  pageCookie,
  connections,
  seconds,
  concurrency = 200,
  openTimeoutMs = 30_000,
  measure = async () => undefined,
  log = () => undefined,
}) {
  // Tokens for two hours: a tab's stream ends when its access token does (the
  // browser comes back with a new one), which a slow run would count as errors.
  const sessions = await memberSessions(cluster.backendUrl, secret, {
    prefix,
    count: members,
    accessTtlSeconds: 7200,
  })
  const cookies = sessions.map((s) => s.cookie)
  const rssBefore = cluster.instances.map((i) => rssMb(i.pid) ?? 0)
  const wanted = cookies.flatMap((cookie) => Array.from({ length: tabs }, () => cookie))
  const streams = []
  const refused = []
  const started = performance.now()
  for (let next = 0; next < wanted.length; next += concurrency) {
    const batch = wanted.slice(next, next + concurrency)
    const opened = await Promise.allSettled(
      batch.map((cookie) =>
        withDeadline(openStream(`${cluster.url}/events`, cookie), openTimeoutMs),
      ),
    )
    for (const result of opened) {
      if (result.status === 'fulfilled') streams.push(result.value)
      else refused.push(String(result.reason?.message ?? result.reason))
    }
  }
  const openMs = performance.now() - started
  log(
    `streams: ${streams.length}/${wanted.length} opened in ${(openMs / 1000).toFixed(1)} s, ${refused.length} refused` +
      `${refused.length ? ` (${[...new Set(refused)].slice(0, 3).join('; ')})` : ''}`,
  )
  // The heartbeats of every stream start (the app sends one every 20 s).
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const rssOpen = cluster.instances.map((i) => rssMb(i.pid) ?? 0)
  const pages = await run(`${cluster.url}${pagePath}`, {
    connections,
    seconds,
    headers: { Cookie: pageCookie, 'Accept-Encoding': 'gzip, deflate, br' },
  })
  log(
    `pages beside them: ${pages.requests} requests, ${pages.rps.toFixed(0)} req/s, p50 ${pages.p50} ms, ` +
      `p99 ${pages.p99} ms, non-2xx ${pages.non2xx}, errors ${pages.errors}, timeouts ${pages.timeouts}`,
  )
  // After the pages: a browser starting beside them would be measured as page latency.
  // A measurement that fails (a page that did not load in time) is said, not fatal.
  const measured = await measure().catch((error) => ({
    failed: String(error?.message ?? error).split('\n')[0],
  }))
  const ended = streams.filter((s) => s.ended).length
  for (const s of streams) s.close()
  const opened = streams.length
  const pageErrors = pages.non2xx + pages.errors + pages.timeouts
  const kbPerStream =
    opened > 0
      ? ((rssOpen.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) * 1024) /
        opened
      : 0
  return {
    wanted: wanted.length,
    opened,
    refused: refused.length,
    refusedSample: refused.slice(0, 3),
    ended,
    openMs,
    pages,
    pageErrors,
    errors: refused.length + ended + pageErrors,
    rssBefore,
    rssOpen,
    kbPerStream,
    measured,
  }
}
