/**
 * Graceful shutdown. On SIGTERM (a deploy, a scale-down) or SIGINT:
 * - the server (server.mjs) stops accepting connections and closes idle
 *   keep-alive ones (its own handler: `server.close()`);
 * - /readyz answers 503 `draining` to a request on a connection still open
 *   (new connections are refused: the server is closed);
 * - live event streams are closed at once (their browsers reconnect to
 *   another instance, with their last event id);
 * - requests under way run to their end (their backend calls), and so does
 *   a token refresh they started (it outlives its request: its result must
 *   reach Redis); once no request has come for a moment, the Redis
 *   connection is closed and the process exits;
 * - if requests are still running after SHUTDOWN_TIMEOUT_MS, the process
 *   exits anyway (a load balancer's own deadline is usually 30 s).
 */
import type { ServerResponse } from 'node:http'
import { env } from '~/server/env.server'
import { closeRedis } from '~/server/redis.server'

let inFlight = 0
let draining = false
const idleWaiters = new Set<() => void>()
/** Work that outlives the request that started it (a shared token refresh). */
const background = new Set<Promise<unknown>>()

/** A shutdown waits for `work` too, not only for the requests under way. */
export function finishBeforeExit(work: Promise<unknown>): void {
  background.add(work)
  const forget = () => background.delete(work)
  work.then(forget, forget)
}

/** Counts a request until its response is finished or its connection closed. */
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

/** The process is shutting down: not ready for new members. */
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

/** Resolves once no request and no work it started is under way. */
async function settled(): Promise<void> {
  await idle()
  while (background.size > 0) await Promise.allSettled([...background])
}

const drainListeners = new Set<() => void>()

/**
 * Called once when draining starts: a long-lived answer (a live events
 * stream) ends itself there, so its browser reconnects to another instance
 * and the drain does not wait for it.
 */
export function onDrain(listener: () => void): () => void {
  drainListeners.add(listener)
  return () => drainListeners.delete(listener)
}

/** Starts draining: resolves once the requests under way and their work have finished. */
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

/**
 * Remix keeps a timer per data answer for its stream timeout (about 5 s,
 * cleared only when the request is aborted): the process would linger for
 * nothing. Once no request has come for a moment, Redis is closed and it
 * exits. (The timer is unref'd: a process with nothing left, no Redis
 * connection either, exits on its own first.)
 */
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

/** How long without a request before a drained process exits. */
const QUIET_MS = 200

let installed = false

/** Listens for SIGTERM and SIGINT once per process (beside server.mjs's own handler). */
export function installShutdown(): void {
  if (installed) return
  installed = true
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void drain())
}
