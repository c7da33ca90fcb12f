// Graceful shutdown on SIGTERM/SIGINT: live streams close at once (their browsers reconnect
// elsewhere), requests and the token refreshes they started run to their end, then Redis closes.
// SHUTDOWN_TIMEOUT_MS ends it anyway (a load balancer's own deadline is usually 30 s).
import type { ServerResponse } from 'node:http'
import { env } from '~/server/env.server'
import { closeRedis } from '~/server/redis.server'

let inFlight = 0
let draining = false
const idleWaiters = new Set<() => void>()
/** Work that outlives its request (a shared token refresh: its result must reach Redis). */
const background = new Set<Promise<unknown>>()

export function finishBeforeExit(work: Promise<unknown>): void {
  background.add(work)
  const forget = () => background.delete(work)
  work.then(forget, forget)
}

export function trackRequest(res: ServerResponse): void {
  inFlight += 1
  res.once('close', () => {
    inFlight -= 1
    if (inFlight === 0) for (const wake of idleWaiters) wake()
  })
}

export function requestsInFlight(): number {
  return inFlight
}

export function isDraining(): boolean {
  return draining
}

function idle(): Promise<void> {
  if (inFlight === 0) return Promise.resolve()
  return new Promise((resolve) => {
    const wake = () => {
      idleWaiters.delete(wake)
      resolve()
    }
    idleWaiters.add(wake)
  })
}

async function settled(): Promise<void> {
  await idle()
  while (background.size > 0) await Promise.allSettled([...background])
}

const drainListeners = new Set<() => void>()

/** So its browser reconnects elsewhere and the drain does not wait for it. */
export function onDrain(listener: () => void): () => void {
  drainListeners.add(listener)
  return () => drainListeners.delete(listener)
}

export async function drain(timeoutMs = env().SHUTDOWN_TIMEOUT_MS): Promise<void> {
  if (draining) return
  draining = true
  for (const listener of drainListeners) listener()
  console.log(`Shutting down: finishing ${inFlight} request(s) under way.`)
  const deadline = setTimeout(() => {
    console.error(
      `Shutting down: ${inFlight} request(s) still running after ${timeoutMs} ms; exiting.`,
    )
    process.exit(1)
  }, timeoutMs)
  await settled()
  clearTimeout(deadline)
  console.log('Shut down: every request answered.')
  exitWhenQuiet()
}

/** Remix keeps a stream-timeout timer per data answer (about 5 s) that would keep the process alive. */
function exitWhenQuiet() {
  const check = async () => {
    if (inFlight > 0 || background.size > 0) {
      await settled()
      return exitWhenQuiet()
    }
    // Redis last: a request on a kept-alive connection until now still shared its state.
    await closeRedis()
    process.exit(0)
  }
  setTimeout(() => void check(), QUIET_MS).unref()
}

const QUIET_MS = 200

let installed = false

export function installShutdown(): void {
  if (installed) return
  installed = true
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void drain())
}
