#!/usr/bin/env node
/**
 * The request timeline's record call, measured on its own (a child of the
 * bench, `--only=timeline`; scripts/bench/timeline.mjs): what one member's
 * request pays on the server for its entry, from getLoadContext's
 * `followTimeline` to the response's end writing the entry, `N` times
 * (100,000), against this process's memory, or Redis when REDIS_URL is set.
 *
 * Each record is timed on its own (performance.now() around the call: what
 * the request path waits for); the writes it starts are not awaited there,
 * as on a request, but every 200 records (a busy instance's 20 ms) the bench waits for them, so the
 * CPU time per record (process.cpuUsage) counts the writes too. Prints one
 * line: TIMELINE_RECORD {json}.
 */
import { EventEmitter } from 'node:events'
import { tsImport } from 'tsx/esm/api'

const N = Number(process.env.TIMELINE_RECORDS ?? 100_000)
const BATCH = 200

const timeline = await tsImport('./timeline-modules.ts', import.meta.url)
const { redis, redisReady, closeRedis } = timeline

if (process.env.REDIS_URL) {
  redis()
  const deadline = Date.now() + 5000
  while (!redisReady()) {
    if (Date.now() > deadline) throw new Error('Redis did not connect within 5 s')
    await new Promise((r) => setTimeout(r, 10))
  }
}

// The app's own stores, with each write's promise kept so a batch can wait for its writes.
const pending = []
const list = timeline.createSharedList('timeline-bench', {
  maxItems: timeline.TIMELINE_MAX_ENTRIES,
  ttlMs: timeline.TIMELINE_TTL_MS,
})
const index = timeline.createQueuedSharedStore('timeline-bench-request')
timeline.setTimelineStoresForTests({
  list: { push: (...a) => track(list.push(...a)), newest: (...a) => list.newest(...a) },
  index: { get: (k) => index.get(k), set: (...a) => track(index.set(...a)) },
})
function track(promise) {
  pending.push(promise)
  return promise
}

const UA =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'

/** One request as node:http gives it, its response, and what the guard notes. */
function oneRecord(i) {
  const req = {
    method: 'GET',
    url: `/lotto/result?date=2026-11-16&lotto=thai-gov&token=eyJhbGciOiJIUzI1NiJ9.x${i}`,
    headers: { 'user-agent': UA },
  }
  const res = new EventEmitter()
  res.statusCode = 200
  const started = performance.now()
  const note = timeline.followTimeline(req, res, `r${(i + 1e7).toString(36)}`, started)
  timeline.noteTimelineMember({ timeline: note }, `member-${i % 2000}`)
  res.emit('finish')
  res.emit('close')
  return performance.now() - started
}

// Warm-up (JIT), not counted.
for (let i = 0; i < 5000; i++) {
  oneRecord(i)
  if ((i + 1) % BATCH === 0) await Promise.all(pending.splice(0))
}

const times = new Float64Array(N)
const cpuBefore = process.cpuUsage()
const wallBefore = performance.now()
for (let i = 0; i < N; i++) {
  times[i] = oneRecord(i)
  if ((i + 1) % BATCH === 0) await Promise.all(pending.splice(0))
}
await Promise.all(pending.splice(0))
const wallMs = performance.now() - wallBefore
const cpu = process.cpuUsage(cpuBefore)
times.sort()
const at = (p) => times[Math.min(N - 1, Math.ceil((p / 100) * N) - 1)]
const check = await timeline.timelineOf('member-1', 3)
console.log(
  `TIMELINE_RECORD ${JSON.stringify({
    store: process.env.REDIS_URL ? 'redis' : 'memory',
    records: N,
    p50Ms: at(50),
    p99Ms: at(99),
    cpuMsPerRecord: (cpu.user + cpu.system) / 1000 / N,
    wallMsPerRecord: wallMs / N,
    written: check.length,
    query: check[0]?.query ?? null,
  })}`,
)
await closeRedis()
