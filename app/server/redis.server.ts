/**
 * The Redis that several instances share (REDIS_URL), or none.
 *
 * Every use goes through `shared(use, fallback)`: when Redis is not
 * connected, or a command fails or takes longer than REDIS_COMMAND_TIMEOUT_MS,
 * the fallback answers (this instance's memory), so a member is served either
 * way. Commands are never queued while Redis is away (they fail at once), and
 * the client keeps reconnecting in the background. The log says once that
 * Redis is away and once that it is back (docs/decisions/0088).
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

let client: SharedRedis | null | undefined
/** Not connected (yet): writes wait in memory to be replayed once it is ready. */
let away = true
/** The log says "unavailable" only about a Redis that was reachable or failed a command. */
let reported = false
const recoveryListeners = new Set<() => void>()

function say(message: string) {
  console.warn(`[redis] ${message}`)
}

/** Connects with the settings that keep a member's request from waiting on Redis. */
export function connectRedis(url: string, commandTimeout: number): SharedRedis {
  const redis = new Redis(url, {
    // A command while disconnected fails at once (the caller falls back)...
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // ...and so does a command Redis is too slow to answer.
    commandTimeout,
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
   * fails on a connected Redis, Redis is not marked away (no "[redis]" line,
   * no replay of every store when the next command works): the caller keeps
   * what Redis did not take and writes it again itself.
   */
  bestEffort?: boolean
}

/**
 * Runs `use` against Redis when it is connected; otherwise, or when it
 * throws, answers `fallback()` instead. Never throws because of Redis.
 */
export async function shared<T>(
  use: (redis: SharedRedis) => Promise<T>,
  fallback: () => T | Promise<T>,
  { bestEffort = false }: SharedOptions = {},
): Promise<T> {
  const r = redis()
  if (!r || r.status !== 'ready') return fallback()
  try {
    const value = await use(r)
    redisAnswered()
    return value
  } catch (error) {
    if (bestEffort) return fallback()
    away = true
    if (!reported) {
      reported = true
      say(
        `a command failed (${error instanceof Error ? error.message : String(error)}): serving from this instance's memory until Redis answers again`,
      )
      // A timeout does not drop the connection: the next command that works says it is back.
    }
    return fallback()
  }
}

/**
 * Redis answered (connected, or a command worked after failures): what was
 * written to memory meanwhile goes to Redis; the log says it is back if it
 * said it was away.
 */
function redisAnswered() {
  if (!away) return
  away = false
  if (reported) say('back: shared state is in Redis again')
  reported = false
  for (const listener of recoveryListeners) listener()
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
