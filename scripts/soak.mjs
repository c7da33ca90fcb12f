#!/usr/bin/env node
/**
 * `npm run soak`: the cluster (scripts/cluster.mjs: nginx, three instances,
 * Redis, the demo backend) under member traffic for SOAK_MINUTES (10), with
 * no fault injected (issue 33):
 *
 *   - SOAK_STREAMS (1,000) members, each with a live stream open on the
 *     instances in turn, 20 backend events a second flowing to them;
 *   - 20 connections loading the logged-in home through nginx;
 *   - beside them, members coming and going: a login through nginx, three
 *     pages and a live stream for 2 s, a logout on one instance, then the
 *     logged-out cookie replayed on /profile on the two others (it must
 *     answer the login page: "logout held").
 *
 * Each instance's RSS (/proc/<pid>/status VmRSS) every SOAK_SAMPLE_SECONDS
 * (30) from the warm-up on (SOAK_WARM_SECONDS, 120: the same load, not
 * judged; the retained heap still settles in the first two minutes), printed as a series with the spread of the last
 * half; and, every SOAK_HEAP_SECONDS (60) of the judged time, the heap each
 * instance retains (in use right after a full collection, through its
 * inspector: scripts/bench/live-heap.mjs), flat when its last quarter's mean
 * is within 10 % of its first quarter's (decision 0159: RSS also holds the
 * garbage V8 lets pile up, by an amount that varies with the machine's load).
 * Also counted: the instances' "serving from this instance's memory" lines
 * (target 0: no Redis fault was injected). SOAK_PORT (5500): nginx's port,
 * the cluster takes the ten from there. Exits 1 when a target is missed.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { request } from './bench/http.mjs'
import { startCluster } from './bench/cluster.mjs'
import { openStream } from './bench/live.mjs'
import { memberCookie, postForm } from './bench/member.mjs'
import { liveHeaps } from './bench/live-heap.mjs'
import { quartersFlat } from './bench/memory.mjs'
import { clusterSoak } from './bench/soak.mjs'
import { BENCH_SESSION_SECRET } from './bench/servers.mjs'
import { ensureBuild } from './lib/processes.mjs'

process.chdir(new URL('..', import.meta.url).pathname)

/** A number from the environment within [min, max]; unset or not a number: `fallback` (0 is a value). */
const number = (name, fallback, min, max) => {
  const given = process.env[name] ? Number(process.env[name]) : NaN
  return Math.min(Math.max(Number.isFinite(given) ? given : fallback, min), max)
}
const minutes = number('SOAK_MINUTES', 10, 1, 240)
const streams = number('SOAK_STREAMS', 1000, 1, 5000)
const everyS = number('SOAK_SAMPLE_SECONDS', 30, 1, 600)
const heapEveryS = number('SOAK_HEAP_SECONDS', 60, 5, 600)
const warmSeconds = number('SOAK_WARM_SECONDS', 120, 0, 1200)
const port = number('SOAK_PORT', 5500, 1024, 65_000)
const SPREAD_TARGET = 0.1
const FROM_MEMORY = /serving from this instance's memory/

/**
 * Members coming and going until `stopped()`, one at a time; the instances
 * take the logouts in turn.
 */
async function comings(cluster, stopped) {
  const counts = { logins: 0, logouts: 0, notHeld: 0, pageErrors: 0, failures: 0 }
  let lastFailure = ''
  for (let turn = 0; !stopped(); turn++) {
    const at = cluster.instances[turn % cluster.instances.length]
    const others = cluster.instances.filter((i) => i !== at)
    try {
      const cookie = await memberCookie(cluster.url)
      counts.logins += 1
      const stream = await openStream(`${cluster.url}/events`, cookie)
      for (const path of ['/', '/transaction', '/profile']) {
        const page = await request(`${cluster.url}${path}`, { headers: { Cookie: cookie } })
        if (page.status !== 200) counts.pageErrors += 1
      }
      await sleep(2000)
      stream.close()
      const out = await postForm(
        `${at.url}/logout`,
        { from: '/profile' },
        { origin: cluster.url, cookie },
      )
      if (out.status !== 302) throw new Error(`POST /logout on ${at.name}: ${out.status}`)
      counts.logouts += 1
      for (const other of others) {
        const replayed = await request(`${other.url}/profile`, { headers: { Cookie: cookie } })
        if (replayed.status !== 302) counts.notHeld += 1
      }
    } catch (error) {
      counts.failures += 1
      lastFailure = error instanceof Error ? error.message : String(error)
      await sleep(1000)
    }
  }
  return { ...counts, lastFailure }
}

/** Each instance's retained heap every `heapEveryS` until `stopped()`: { [name]: MB[] }. */
async function heapSeries(heaps, names, stopped) {
  const series = Object.fromEntries(names.map((name) => [name, []]))
  for (let next = Date.now(); !stopped();) {
    const mb = await heaps.sample()
    for (const name of names) if (mb[name] !== null) series[name].push(mb[name])
    next += heapEveryS * 1000
    while (!stopped() && Date.now() < next) await sleep(500)
  }
  const mb = await heaps.sample()
  for (const name of names) if (mb[name] !== null) series[name].push(mb[name])
  return series
}

ensureBuild()
// SIGUSR1 opens an instance's inspector on a free port (the retained heap is read there).
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --inspect-port=0`.trim()
console.log(
  `Soak: the cluster for ${minutes} min (+${warmSeconds} s warm-up): ${streams} live streams with events, ` +
    `20 connections on the home through nginx, members logging in and out; RSS every ${everyS} s`,
)
const cluster = await startCluster(port, BENCH_SESSION_SECRET)
const heaps = await liveHeaps(cluster.instances, cluster.log)
const names = cluster.instances.map((i) => i.name)
let ok = false
try {
  const r = await clusterSoak(cluster, BENCH_SESSION_SECRET, {
    members: streams,
    seconds: minutes * 60,
    warmSeconds,
    prefix: 'soak',
    everyS,
    alongside: async (stopped) => {
      const [members, heap] = await Promise.all([
        comings(cluster, stopped),
        heapSeries(heaps, names, stopped),
      ])
      return { ...members, heap }
    },
  })
  const log = cluster.log().split('\n')
  const fromMemory = log.filter((line) => FROM_MEMORY.test(line))
  const redisLines = log.filter((line) => /^\[app-\d\] \[redis\]/.test(line))
  console.log(
    `home: ${r.pages.requests} requests, ${r.pages.rps.toFixed(0)} req/s, p99 ${r.pages.p99} ms; ` +
      `events: ${r.events.posted} posted, ${r.events.received} arrived, ${r.events.lost} lost, ` +
      `p99 ${r.eventP99.toFixed(0)} ms; errors ${r.errors} (pages ${r.pageErrors}: ${r.pageErrorKinds.non2xx} not 2xx, ${r.pageErrorKinds.errors} connection errors, ${r.pageErrorKinds.timeouts} timeouts; streams ended ${r.streamsEnded})`,
  )
  const c = r.alongside
  console.log(
    `members coming and going: ${c.logins} logins, ${c.logouts} logouts, logout not held on another instance ${c.notHeld} (target 0), ` +
      `pages not 200 ${c.pageErrors}, failed turns ${c.failures}${c.lastFailure ? ` (last: ${c.lastFailure})` : ''}`,
  )
  let heapFlat = true
  for (const m of r.memory) {
    const lines = fromMemory.filter((line) => line.startsWith(`[${m.name}]`)).length
    const heap = c.heap[m.name]
    const judged = heap.length >= 2 ? quartersFlat(heap) : null
    heapFlat &&= judged?.flat ?? false
    console.log(
      `${m.name}: RSS MB every ${everyS} s: ${m.samples.map((v, i) => `${i === m.warmSamples ? '| ' : ''}${v.toFixed(0)}`).join(' ')}\n` +
        `  RSS last half ${m.lastHalfLowMb.toFixed(0)}-${m.lastHalfHighMb.toFixed(0)} MB (spread +${(m.lastHalfSpread * 100).toFixed(1)} %)\n` +
        `  retained heap MB every ${heapEveryS} s: ${heap.map((v) => v.toFixed(1)).join(' ')}\n` +
        `  retained heap, last quarter's mean over the first's: ${judged ? `${judged.figures.growth >= 0 ? '+' : ''}${(judged.figures.growth * 100).toFixed(1)} %` : 'not read'} ` +
        `(target <= ${SPREAD_TARGET * 100} %); "serving from memory" lines: ${lines}`,
    )
  }
  console.log(
    `"serving from this instance's memory" lines: ${fromMemory.length} (target 0); the instances' [redis] lines: ${redisLines.length}`,
  )
  for (const line of fromMemory.slice(0, 3)) console.log(`  ${line}`)
  ok = heapFlat && fromMemory.length === 0 && c.notHeld === 0 && r.errors === 0
  console.log(`result: ${ok ? 'PASS' : 'MISSED'}`)
} finally {
  heaps.close()
  await cluster.stop()
}
process.exit(ok ? 0 : 1)
