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

/** Options of a shared store. */
export interface SharedStoreOptions {
  /**
   * Values are numbers, and a larger one is never replaced by a smaller one
   * in Redis: a write kept while Redis was away and written back later, or
   * delayed by a frozen Redis, cannot undo a later one of another instance
   * (the "ended before T" of a member: an earlier T would revive sessions).
   */
  keepLarger?: boolean
}

/** SET unless the key holds a number at least as large (keepLarger). */
const SET_UNLESS_LARGER = `local cur = tonumber(redis.call('GET', KEYS[1]))
if cur and cur >= tonumber(ARGV[1]) then return 'OK' end
return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`

/**
 * Redis when REDIS_URL is set (values as JSON under `prefix:name:key`, with
 * their TTL), and this process's memory always: every value is written to
 * both, and read from Redis first, then memory. So a value this instance
 * wrote while Redis was away still counts here, and is written to Redis
 * when it comes back (while its TTL lasts; a write back that fails waits
 * for the next time). Without REDIS_URL: memory only.
 */
export function createSharedStore<T>(
  name: string,
  memory: TtlStore<T> = createMemoryStore<T>(),
  now: () => number = () => Date.now(),
  { keepLarger = false }: SharedStoreOptions = {},
): TtlStore<T> {
  const unsaved = new Map<string, { value: T; expiresAt: number }>()
  const write = (key: string, value: T, ttlMs: number) =>
    shared(
      async (r) => {
        const json = JSON.stringify(value)
        const answer = keepLarger
          ? await r.eval(SET_UNLESS_LARGER, 1, redisKey(name, key), json, Math.ceil(ttlMs))
          : await r.set(redisKey(name, key), json, 'PX', ttlMs)
        return answer === 'OK'
      },
      () => false,
    )
  /** Keeps a write Redis did not take, to be written when it is back (the oldest dropped past MAX_UNSAVED). */
  const keep = (key: string, value: T, expiresAt: number) => {
    unsaved.delete(key)
    if (unsaved.size >= MAX_UNSAVED) unsaved.delete(unsaved.keys().next().value as string)
    unsaved.set(key, { value, expiresAt })
  }
  onRedisRecovered(() => {
    const waiting = [...unsaved]
    unsaved.clear()
    for (const [key, { value, expiresAt }] of waiting) {
      const left = expiresAt - now()
      if (left <= 0) continue
      // Redis went away again meanwhile: kept for its next return (unless a newer write took its place).
      void write(key, value, left).then((ok) => {
        if (!ok && !unsaved.has(key)) keep(key, value, expiresAt)
      })
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
      if (!keepLarger) return remote ?? memory.get(key)
      // This instance may know a larger one that Redis has not taken yet.
      const local = await memory.get(key)
      if (remote === undefined || local === undefined) return remote ?? local
      return (remote as number) >= (local as number) ? remote : local
    },
    async set(key, value, ttlMs) {
      await memory.set(key, value, ttlMs)
      if (!redis()) return
      if (await write(key, value, ttlMs)) return
      keep(key, value, now() + ttlMs)
    },
  }
}
