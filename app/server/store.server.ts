/**
 * The session core's memory, behind one small interface that this process's
 * memory and Redis (shared by several instances) both implement:
 * - the refresh memory: old refresh token (hashed) -> the tokens it was
 *   rotated to (refresh.server.ts);
 * - the ended sessions: session ids logged out, kept until their refresh
 *   token would have expired, and each member's "ended before T"
 *   (session.server.ts, a max store);
 * - tokens too large for the cookie (token-store.server.ts, which needs
 *   `lookup` to tell a missing entry from a Redis that did not answer);
 * - the members' lotto slips (lotto/slip-store.server.ts).
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

/** What a shared store knows of a key. */
export type Lookup<T> =
  | { found: true; value: T }
  /** unavailable: Redis is configured but did not answer, and this instance's memory has no copy. */
  | { found: false; unavailable: boolean }

export interface SharedStore<T> extends TtlStore<T> {
  /** As `get`, telling "no such value" from "nobody can say now" (Redis away, no copy here). */
  lookup(key: string): Promise<Lookup<T>>
}

/** SET unless the key holds a number at least as large (createSharedMaxStore). */
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
): SharedStore<T> {
  return sharedStore(name, memory, now, false)
}

/**
 * A shared store of numbers where a larger one is never replaced by a
 * smaller one, in Redis (checked there, by a script) or when read: a write
 * kept while Redis was away and written back later, or delayed by a frozen
 * Redis, cannot undo a later one of another instance (the "ended before T"
 * of a member: an earlier T would revive sessions).
 */
export function createSharedMaxStore(
  name: string,
  memory: TtlStore<number> = createMemoryStore<number>(),
  now: () => number = () => Date.now(),
): SharedStore<number> {
  return sharedStore(name, memory, now, true)
}

/** A value as Redis holds it (JSON), or undefined when it is not JSON. */
function parseStored<T>(raw: string): T | undefined {
  try {
    return JSON.parse(raw) as T
  } catch {
    return undefined
  }
}

function sharedStore<T>(
  name: string,
  memory: TtlStore<T>,
  now: () => number,
  keepLarger: boolean,
): SharedStore<T> {
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
  const lookup = async (key: string): Promise<Lookup<T>> => {
    // null: no such key in Redis (or no Redis at all); undefined: Redis did not answer.
    const raw = await shared<string | null | undefined>(
      (r) => r.get(redisKey(name, key)),
      () => (redis() ? undefined : null),
    )
    const remote = typeof raw === 'string' ? parseStored<T>(raw) : undefined
    const local = remote === undefined || keepLarger ? await memory.get(key) : undefined
    // This instance may know a larger one that Redis has not taken yet.
    const larger =
      remote !== undefined && local !== undefined && (local as number) > (remote as number)
    const value = larger ? local : (remote ?? local)
    if (value !== undefined) return { found: true, value }
    return { found: false, unavailable: raw === undefined }
  }
  return {
    lookup,
    async get(key) {
      const entry = await lookup(key)
      return entry.found ? entry.value : undefined
    },
    async set(key, value, ttlMs) {
      await memory.set(key, value, ttlMs)
      if (!redis()) return
      if (await write(key, value, ttlMs)) return
      keep(key, value, now() + ttlMs)
    },
  }
}
