// Redis shared by instances, or none; a Redis away or slow falls back to this instance's memory
// so a member is served either way (docs/decisions/0088, 0158).
import { Redis } from 'ioredis'
import { env } from '~/server/env.server'

export type SharedRedis = Pick<
  Redis,
  | 'get'
  | 'set'
  | 'del'
  | 'eval'
  | 'pipeline'
  | 'lrange'
  | 'publish'
  | 'ping'
  | 'status'
  | 'quit'
  | 'disconnect'
  | 'on'
  | 'once'
>

const MAX_RECONNECT_DELAY_MS = 2000
/** Redis is away once this many commands in a row failed over at least AWAY_AFTER_MS. */
const AWAY_AFTER_FAILURES = 3
const AWAY_AFTER_MS = 1000
/** So what was kept in memory meanwhile reaches Redis without waiting for a member. */
export const PROBE_AFTER_MS = 500

let client: SharedRedis | null | undefined
let away = true
let reported = false
let failures = 0
let failingSince = 0
let probe: ReturnType<typeof setTimeout> | undefined
const recoveryListeners = new Set<() => void>()
const answerListeners = new Set<() => void>()
const timeouts = new WeakMap<SharedRedis, number>()

function say(message: string) {
  console.warn(`[redis] ${message}`)
}

export function connectRedis(url: string, commandTimeout: number): SharedRedis {
  const redis = new Redis(url, {
    // A command while disconnected fails at once (the caller falls back);
    // one Redis is too slow to answer fails after `commandTimeout` (`shared`).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: Math.max(commandTimeout, 1000),
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), MAX_RECONNECT_DELAY_MS),
    lazyConnect: false,
    // A connection that stops answering (a failover, a dropped NAT entry) is
    // given up and reconnected, instead of costing every command its timeout.
    socketTimeout: Math.max(commandTimeout * 8, 2000),
    keepAlive: 10_000,
  })
  const lost = (why: string) => {
    // A connection this process closed on purpose (shutdown) is not news.
    if (client !== redis) return
    away = true
    if (reported) return
    reported = true
    say(`unavailable (${why}): serving from this instance's memory until it is back`)
  }
  redis.on('error', (error: Error) => lost(error.message))
  redis.on('close', () => lost('connection closed'))
  redis.on('ready', redisAnswered)
  timeouts.set(redis, commandTimeout)
  return redis
}

export function redis(): SharedRedis | null {
  if (client === undefined) {
    const { REDIS_URL, REDIS_COMMAND_TIMEOUT_MS } = env()
    client = REDIS_URL ? connectRedis(REDIS_URL, REDIS_COMMAND_TIMEOUT_MS) : null
  }
  return client
}

export function setRedisForTests(next: SharedRedis | null | undefined) {
  client = next
  away = true
  reported = false
  failures = 0
  clearTimeout(probe)
  probe = undefined
}

/** So one Redis can serve several apps. */
export function redisKey(...parts: string[]): string {
  return `${env().REDIS_KEY_PREFIX}${parts.join(':')}`
}

export function redisReady(): boolean {
  return redis()?.status === 'ready'
}

export interface SharedOptions {
  /** Never counts towards Redis being away: the caller keeps and rewrites what Redis did not take. */
  bestEffort?: boolean
  /** Memory does not know what another instance wrote (a logout): asked once more before the fallback. */
  again?: boolean
}

/** Judged after the poll phase (setImmediate): a blocked event loop is not a slow Redis. */
function answerWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const settle = (done: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      done()
    }
    const timer = setTimeout(
      () => setImmediate(() => settle(() => reject(new Error('Command timed out')))),
      ms,
    )
    work.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    )
  })
}

/** Never throws because of Redis. */
export async function shared<T>(
  use: (redis: SharedRedis) => Promise<T>,
  fallback: () => T | Promise<T>,
  { bestEffort = false, again = false }: SharedOptions = {},
): Promise<T> {
  const r = redis()
  if (!r || r.status !== 'ready') return fallback()
  try {
    const value = await answerWithin(use(r), timeouts.get(r) ?? env().REDIS_COMMAND_TIMEOUT_MS)
    redisAnswered()
    return value
  } catch (error) {
    if (bestEffort) return fallback()
    commandFailed(error)
    if (again && !away) return shared(use, fallback, { bestEffort })
    return fallback()
  }
}

function commandFailed(error: unknown) {
  const at = Date.now()
  if (failures === 0) failingSince = at
  failures += 1
  probeSoon()
  if (away || failures < AWAY_AFTER_FAILURES || at - failingSince < AWAY_AFTER_MS) return
  away = true
  if (reported) return
  reported = true
  say(
    `${failures} commands failed in a row (${error instanceof Error ? error.message : String(error)}): serving from this instance's memory until Redis answers again`,
  )
}

function probeSoon() {
  if (probe) return
  probe = setTimeout(() => {
    probe = undefined
    if (failures > 0)
      void shared(
        (r) => r.ping(),
        () => undefined,
      )
  }, PROBE_AFTER_MS)
  probe.unref?.()
}

function redisAnswered() {
  const failed = failures > 0
  failures = 0
  if (!away && !failed) return
  const wasAway = away
  away = false
  if (reported) say('back: shared state is in Redis again')
  reported = false
  if (wasAway) for (const listener of recoveryListeners) listener()
  for (const listener of answerListeners) listener()
}

export function onRedisAnswersAgain(listener: () => void): () => void {
  answerListeners.add(listener)
  return () => answerListeners.delete(listener)
}

export function onRedisRecovered(listener: () => void): () => void {
  recoveryListeners.add(listener)
  return () => recoveryListeners.delete(listener)
}

export async function closeRedis(ms = 1000): Promise<void> {
  const r = client
  client = null
  if (!r) return
  const timer = setTimeout(() => r.disconnect(), ms)
  timer.unref()
  await r.quit().catch(() => r.disconnect())
  clearTimeout(timer)
}
