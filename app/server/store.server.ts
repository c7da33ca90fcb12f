/**
 * The session core's memory, behind one small interface that this process's
 * memory and Redis (shared by several instances) both implement:
 * - the refresh memory: old refresh token (hashed) -> the tokens it was
 *   rotated to (refresh.server.ts);
 * - the ended sessions: session ids logged out, kept until their refresh
 *   token would have expired (session.server.ts).
 * Values expire after their TTL. Async, as a network store would be.
 */
import { redis, redisKey, onRedisRecovered, shared } from '~/server/redis.server'

export interface TtlStore<T> {
  get(key: string): Promise<T | undefined>
  set(key: string, value: T, ttlMs: number): Promise<void>
}

const DEFAULT_STORE_MAX_ENTRIES = 100_000

/**
 * In this process's memory: a Map with per-entry expiry, swept lazily from
 * the oldest end, holding at most `maxEntries` (the oldest are evicted first).
 */
export function createMemoryStore<T>({
  maxEntries = DEFAULT_STORE_MAX_ENTRIES,
  now = () => Date.now(),
}: { maxEntries?: number; now?: () => number } = {}): TtlStore<T> & { readonly size: number } {
  const entries = new Map<string, { value: T; expiresAt: number }>()
  return {
    get size() {
      return entries.size
    },
    async get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expiresAt > now()) return entry.value
      entries.delete(key)
      return undefined
    },
    async set(key, value, ttlMs) {
      const at = now()
      entries.delete(key)
      for (const [oldKey, entry] of entries) {
        if (entry.expiresAt > at && entries.size < maxEntries) break
        entries.delete(oldKey)
      }
      entries.set(key, { value, expiresAt: at + ttlMs })
    },
  }
}

/** Writes kept while Redis is away, to be written once it is back (at most this many). */
const MAX_UNSAVED = 10_000

/**
 * Redis when REDIS_URL is set (values as JSON under `prefix:name:key`, with
 * their TTL), and this process's memory always: every value is written to
 * both, and read from Redis first, then memory. So a value this instance
 * wrote while Redis was away still counts here, and is written to Redis
 * when it comes back (while its TTL lasts). Without REDIS_URL: memory only.
 */
export function createSharedStore<T>(
  name: string,
  memory: TtlStore<T> = createMemoryStore<T>(),
  now: () => number = () => Date.now(),
): TtlStore<T> {
  const unsaved = new Map<string, { value: T; expiresAt: number }>()
  const write = (key: string, value: T, ttlMs: number) =>
    shared(
      async (r) => (await r.set(redisKey(name, key), JSON.stringify(value), 'PX', ttlMs)) === 'OK',
      () => false,
    )
  onRedisRecovered(() => {
    const waiting = [...unsaved]
    unsaved.clear()
    for (const [key, { value, expiresAt }] of waiting) {
      const left = expiresAt - now()
      if (left > 0) void write(key, value, left)
    }
  })
  return {
    async get(key) {
      const remote = await shared(
        async (r) => {
          const raw = await r.get(redisKey(name, key))
          return raw === null ? undefined : (JSON.parse(raw) as T)
        },
        () => undefined,
      )
      return remote ?? memory.get(key)
    },
    async set(key, value, ttlMs) {
      await memory.set(key, value, ttlMs)
      if (!redis()) return
      if (await write(key, value, ttlMs)) return
      unsaved.delete(key)
      if (unsaved.size >= MAX_UNSAVED) unsaved.delete(unsaved.keys().next().value as string)
      unsaved.set(key, { value, expiresAt: now() + ttlMs })
    },
  }
}
