/**
 * The Redis that several instances share (REDIS_URL), or none.
 *
 * Every use goes through `shared(use, fallback)`: when Redis is not
 * connected, or a command fails or takes longer than REDIS_COMMAND_TIMEOUT_MS,
 * the fallback answers (this instance's memory), so a member is served either
 * way. Commands are never queued while Redis is away (they fail at once), and
 * the client keeps reconnecting in the background. One slow command only
 * sends its own caller to memory: Redis is "away" when its connection closes
 * or when commands have failed in a row for a second; the log says once that
 * it is away and once that it is back (docs/decisions/0088, 0158).
 */
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

/** The longest wait between two reconnection attempts. */
const MAX_RECONNECT_DELAY_MS = 2000
/** Redis is away once this many commands in a row failed over at least AWAY_AFTER_MS. */
const AWAY_AFTER_FAILURES = 3
const AWAY_AFTER_MS = 1000
/**
 * After a failed command Redis is asked again (PING) this soon, so what
 * was kept in memory meanwhile reaches Redis without waiting for a member.
 */
export const PROBE_AFTER_MS = 500

let client: SharedRedis | null | undefined
/** Not connected (yet): writes wait in memory to be replayed once it is ready. */
let away = true
/** The log says "unavailable" only about a Redis that was reachable or failed a command. */
let reported = false
/** Commands that failed in a row (none answered since), the first at `failingSince`. */
let failures = 0
let failingSince = 0
let probe: ReturnType<typeof setTimeout> | undefined
const recoveryListeners = new Set<() => void>()
const answerListeners = new Set<() => void>()
/** Each client's REDIS_COMMAND_TIMEOUT_MS (a test's client: the configured one). */
const timeouts = new WeakMap<SharedRedis, number>()

function say(message: string) {
  console.warn(`[redis] ${message}`)
}

/** Connects with the settings that keep a member's request from waiting on Redis. */
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

/** This process's Redis client, or null when REDIS_URL is unset. */
export function redis(): SharedRedis | null {
  if (client === undefined) {
    const { REDIS_URL, REDIS_COMMAND_TIMEOUT_MS } = env()
    client = REDIS_URL ? connectRedis(REDIS_URL, REDIS_COMMAND_TIMEOUT_MS) : null
  }
  return client
}

/** For tests: use this client (or none) instead of REDIS_URL's. */
export function setRedisForTests(next: SharedRedis | null | undefined) {
  client = next
  away = true
  reported = false
  failures = 0
  clearTimeout(probe)
  probe = undefined
}

/** The prefix of every key this app writes (REDIS_KEY_PREFIX), so one Redis can serve several apps. */
export function redisKey(...parts: string[]): string {
  return `${env().REDIS_KEY_PREFIX}${parts.join(':')}`
}

/** Redis is configured and connected right now. */
export function redisReady(): boolean {
  return redis()?.status === 'ready'
}

export interface SharedOptions {
  /**
   * A write nobody waits for (the request timeline's pipeline): when it
   * fails on a connected Redis, it does not count towards Redis being away
   * and replays no store: the caller keeps what Redis did not take and
   * writes it again itself.
   */
  bestEffort?: boolean
  /**
   * A read whose fallback may be wrong (this instance's memory does not
   * know what another instance wrote: a logout): when it fails while Redis
   * is not away, it is asked once more before the fallback answers.
   */
  again?: boolean
}

/**
 * `work`, or a rejection once `ms` have passed without its answer. A timer
 * runs late on a busy event loop, before the loop reads what Redis has
 * answered meanwhile: the deadline is judged after that read (setImmediate
 * runs after the poll phase), so a blocked loop is not a slow Redis.
 */
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

/**
 * Runs `use` against Redis when it is connected; otherwise, or when it
 * throws or takes longer than the command timeout, answers `fallback()`
 * instead. Never throws because of Redis.
 */
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

/**
 * A command failed or timed out: Redis is away (the log says so, once)
 * when commands have failed in a row for AWAY_AFTER_MS; Redis is asked
 * again soon either way (`probeSoon`).
 */
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

/** A PING in PROBE_AFTER_MS, unless a command works first: its answer replays what waits. */
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

/**
 * Redis answered (connected, or a command worked after failures): what was
 * written to memory meanwhile goes to Redis; the log says it is back if it
 * said it was away.
 */
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

/**
 * Called each time a command works after commands failed, whether or not
 * Redis was away, and each time Redis is back (the stores write what Redis
 * did not take).
 */
export function onRedisAnswersAgain(listener: () => void): () => void {
  answerListeners.add(listener)
  return () => answerListeners.delete(listener)
}

/** Called each time Redis is back after being away. */
export function onRedisRecovered(listener: () => void): () => void {
  recoveryListeners.add(listener)
  return () => recoveryListeners.delete(listener)
}

/** Closes the connection (graceful shutdown): waits for commands under way, at most `ms`. */
export async function closeRedis(ms = 1000): Promise<void> {
  const r = client
  client = null
  if (!r) return
  const timer = setTimeout(() => r.disconnect(), ms)
  timer.unref()
  await r.quit().catch(() => r.disconnect())
  clearTimeout(timer)
}
