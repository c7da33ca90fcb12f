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
 * - the members' lotto slips (lotto/slip-store.server.ts);
 * - lists, newest first, capped, the whole list expiring a while after its
 *   last push (`createSharedList`): each member's request timeline
 *   (server/timeline.server.ts).
 * Values expire after their TTL. Async, as a network store would be.
 */
import {
  redis,
  redisKey,
  onRedisAnswersAgain,
  onRedisRecovered,
  shared,
} from '~/server/redis.server'

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
 * both, and read from Redis first (asked twice when it does not answer),
 * then memory. So a value this instance wrote while Redis did not take it
 * still counts here, and is written to Redis as soon as a command works
 * again, even a moment later after one slow command (while its TTL lasts;
 * a write back that fails waits for the next time). Without REDIS_URL:
 * memory only.
 */
export function createSharedStore<T>(
  name: string,
  memory: TtlStore<T> = createMemoryStore<T>(),
  now: () => number = () => Date.now(),
): SharedStore<T> {
  return sharedStore(name, memory, now, 'set')
}

/**
 * As createSharedStore, with its Redis writes (SET PX) sent in the lists'
 * pipeline of the next LIST_FLUSH_MS (createSharedList): for a value written
 * on every request beside a list push (the request timeline's index), at the
 * cost of a `set` that resolves up to 20 ms later. As the lists, it keeps in
 * this process's memory only what Redis did not take (or everything, without
 * REDIS_URL): a copy of every request's value grew an instance's heap for
 * as long as it took to fill `memory` (decision 0159).
 */
export function createQueuedSharedStore<T>(
  name: string,
  memory: TtlStore<T> = createMemoryStore<T>(),
  now: () => number = () => Date.now(),
): SharedStore<T> {
  return sharedStore(name, memory, now, 'queued')
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
  return sharedStore(name, memory, now, 'max')
}

/** A value as Redis holds it (JSON), or undefined when it is not JSON. */
function parseStored<T>(raw: string): T | undefined {
  try {
    return JSON.parse(raw) as T
  } catch {
    return undefined
  }
}

/**
 * How a shared store writes to Redis: `set` (SET PX, at once), `max` (only
 * a larger number, by SET_UNLESS_LARGER), `queued` (SET PX in the lists'
 * next pipeline).
 */
type WriteMode = 'set' | 'max' | 'queued'

function sharedStore<T>(
  name: string,
  memory: TtlStore<T>,
  now: () => number,
  mode: WriteMode,
): SharedStore<T> {
  const keepLarger = mode === 'max'
  const unsaved = new Map<string, { value: T; expiresAt: number }>()
  const write = (key: string, value: T, ttlMs: number) =>
    mode === 'queued'
      ? queueWrite({ redisKey: redisKey(name, key), json: JSON.stringify(value), keepMs: ttlMs })
      : shared(
          async (r) => {
            const json = JSON.stringify(value)
            const answer = keepLarger
              ? await r.eval(SET_UNLESS_LARGER, 1, redisKey(name, key), json, Math.ceil(ttlMs))
              : await r.set(redisKey(name, key), json, 'PX', ttlMs)
            return answer === 'OK'
          },
          () => false,
        )
  /**
   * Keeps a write Redis did not take, to be written when a command works
   * again (at most PROBE_AFTER_MS later while Redis is connected; the
   * oldest dropped past MAX_UNSAVED).
   */
  const keep = (key: string, value: T, expiresAt: number) => {
    unsaved.delete(key)
    if (unsaved.size >= MAX_UNSAVED) unsaved.delete(unsaved.keys().next().value as string)
    unsaved.set(key, { value, expiresAt })
  }
  const writeUnsaved = () => {
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
  }
  if (mode === 'queued') onQueuedWritesBack(writeUnsaved)
  else onRedisAnswersAgain(writeUnsaved)
  const lookup = async (key: string): Promise<Lookup<T>> => {
    // null: no such key in Redis (or no Redis at all); undefined: Redis did not answer.
    // Asked twice: memory may not know what another instance wrote (a logout).
    const raw = await shared<string | null | undefined>(
      (r) => r.get(redisKey(name, key)),
      () => (redis() ? undefined : null),
      { again: true },
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
      if (mode === 'queued') {
        // A value of every request: in memory only what Redis did not take, as the lists' items.
        if (redis() && (await write(key, value, ttlMs))) return
        await memory.set(key, value, ttlMs)
        if (redis()) keep(key, value, now() + ttlMs)
        return
      }
      await memory.set(key, value, ttlMs)
      if (!redis()) return
      if (await write(key, value, ttlMs)) return
      keep(key, value, now() + ttlMs)
    },
  }
}

/** A list per key, newest first: at most `maxItems` kept, the whole list gone `ttlMs` after its last push. */
export interface SharedList<T> {
  /**
   * Puts `item` at the head of `key`'s list, drops what is past `maxItems`
   * and starts the list's TTL again. Never throws; a Redis that is away
   * costs it at most REDIS_COMMAND_TIMEOUT_MS, and a caller on a member's
   * request does not wait for it at all (`void list.push(...)`).
   */
  push(key: string, item: T): Promise<void>
  /** The newest `limit` items of `key`, newest first ([] for none). */
  newest(key: string, limit?: number): Promise<T[]>
}

export interface ListOptions {
  /** Items kept per key (the newest). */
  maxItems: number
  /** How long a list lives after its last push. */
  ttlMs: number
  /** Memory only: at most this many keys (the least recently pushed go first). */
  maxKeys?: number
  /** Memory only: at most this many items over every key (the least recently pushed keys go first). */
  maxTotalItems?: number
  now?: () => number
}

/** One key's items in this process's memory: a ring buffer of at most `maxItems`. */
interface Ring<T> {
  items: T[]
  /** Where the next item goes once `items` is full. */
  next: number
  expiresAt: number
}

export interface MemoryList<T> extends SharedList<T> {
  readonly keys: number
  readonly items: number
  /** Removes every list and hands it over, oldest item first (written to Redis once it is back). */
  drain(): Array<{ key: string; items: T[]; expiresAt: number }>
}

const DEFAULT_LIST_MAX_KEYS = 10_000
const DEFAULT_LIST_MAX_TOTAL_ITEMS = 200_000

/**
 * Lists in this process's memory: a ring buffer per key, each list expiring
 * `ttlMs` after its last push (checked when read, and swept from the least
 * recently pushed end on each push), and at most `maxKeys` lists and
 * `maxTotalItems` items in all, so memory stays bounded however many keys
 * come: past either, the least recently pushed lists are dropped whole.
 */
export function createMemoryList<T>({
  maxItems,
  ttlMs,
  maxKeys = DEFAULT_LIST_MAX_KEYS,
  maxTotalItems = DEFAULT_LIST_MAX_TOTAL_ITEMS,
  now = () => Date.now(),
}: ListOptions): MemoryList<T> {
  // In push order: the least recently pushed list first (a push moves its list to the end).
  const lists = new Map<string, Ring<T>>()
  let total = 0
  const drop = (key: string, ring: Ring<T>) => {
    lists.delete(key)
    total -= ring.items.length
  }
  const live = (key: string): Ring<T> | undefined => {
    const ring = lists.get(key)
    if (!ring || ring.expiresAt > now()) return ring
    drop(key, ring)
    return undefined
  }
  /** The items oldest first. */
  const ordered = (ring: Ring<T>) => {
    const { items, next } = ring
    return items.length < maxItems ? [...items] : [...items.slice(next), ...items.slice(0, next)]
  }
  return {
    get keys() {
      return lists.size
    },
    get items() {
      return total
    },
    async push(key, item) {
      const at = now()
      let ring = live(key)
      if (ring) lists.delete(key)
      else ring = { items: [], next: 0, expiresAt: 0 }
      ring.expiresAt = at + ttlMs
      if (ring.items.length < maxItems) {
        ring.items.push(item)
        total++
        ring.next = ring.items.length % maxItems
      } else {
        ring.items[ring.next] = item
        ring.next = (ring.next + 1) % maxItems
      }
      for (const [oldKey, old] of lists) {
        if (old.expiresAt > at && lists.size < maxKeys && total <= maxTotalItems) break
        drop(oldKey, old)
      }
      lists.set(key, ring)
    },
    async newest(key, limit = maxItems) {
      const ring = live(key)
      if (!ring) return []
      const { items, next } = ring
      const count = Math.min(limit, items.length)
      const newest: T[] = []
      for (let i = 0; i < count; i++) {
        newest.push(items[(next - 1 - i + items.length * 2) % items.length]!)
      }
      return newest
    },
    drain() {
      const all = [...lists].map(([key, ring]) => ({
        key,
        items: ordered(ring),
        expiresAt: ring.expiresAt,
      }))
      lists.clear()
      total = 0
      return all
    },
  }
}

/** How long a list push waits for others: every list's pushes of that time go to Redis in one pipeline. */
const LIST_FLUSH_MS = 20

/**
 * The most writes one pipeline carries. Redis answers a connection's
 * commands in order, and the session stores (the refresh memory and lock,
 * ended sessions) share this one: a replay after an outage (every list
 * kept in memory meanwhile, thousands of pushes) sent as one pipeline would
 * hold their commands behind it past REDIS_COMMAND_TIMEOUT_MS, and a
 * refresh lock or result that times out is a second backend refresh. A
 * larger queue goes in pipelines of this many, each sent once the previous
 * one is answered, so other commands pass between them.
 */
export const LIST_PIPELINE_MAX_WRITES = 200

/** A list push (LPUSH + LTRIM + PEXPIRE: `maxItems`), or a value (SET PX: no `maxItems`). */
interface QueuedWrite {
  redisKey: string
  json: string
  maxItems?: number
  keepMs: number
  done: (ok: boolean) => void
}

const queuedWrites: QueuedWrite[] = []
let flushTimer: ReturnType<typeof setTimeout> | undefined
/** A pipeline is under way: the next one waits for its answer. */
let flushing = false

function scheduleFlush(ms: number): void {
  if (flushTimer || flushing) return
  flushTimer = setTimeout(() => void flushWrites(), ms)
  flushTimer.unref?.()
}

/** A pipeline failed: what its writes kept in memory waits for the next one that works. */
let queuedFailed = false
const queuedReplays = new Set<() => void>()

/**
 * `replay` writes again what a queued store or list kept in memory: when
 * Redis is back after being away, and when a pipeline works after one that
 * failed (its failure is best-effort: it does not mark Redis away for the
 * session stores, redis.server.ts `shared`).
 */
function onQueuedWritesBack(replay: () => void): void {
  queuedReplays.add(replay)
  onRedisRecovered(replay)
}

/** Queues one write for the next pipeline; resolves with whether Redis took it. */
function queueWrite(write: Omit<QueuedWrite, 'done'>): Promise<boolean> {
  return new Promise((done) => {
    queuedWrites.push({ ...write, done })
    scheduleFlush(LIST_FLUSH_MS)
  })
}

/**
 * Sends the oldest queued writes (at most LIST_PIPELINE_MAX_WRITES) in one
 * pipeline: one write to Redis's socket for all the requests of
 * LIST_FLUSH_MS instead of one each (a socket write is most of what a push
 * costs the app). Not a MULTI: nothing needs them at once.
 */
async function flushWrites(): Promise<void> {
  flushTimer = undefined
  flushing = true
  const pushes = queuedWrites.splice(0, LIST_PIPELINE_MAX_WRITES)
  let ok = false
  try {
    ok = await shared(
      async (r) => {
        const pipeline = r.pipeline()
        for (const p of pushes) {
          const keepMs = Math.ceil(p.keepMs)
          if (p.maxItems === undefined) pipeline.set(p.redisKey, p.json, 'PX', keepMs)
          else {
            pipeline
              .lpush(p.redisKey, p.json)
              .ltrim(p.redisKey, 0, p.maxItems - 1)
              .pexpire(p.redisKey, keepMs)
          }
        }
        const answers = await pipeline.exec()
        const failed = answers?.find(([error]) => error)?.[0]
        if (!answers || failed) throw failed ?? new Error('pipeline not answered')
        return true
      },
      () => false,
      { bestEffort: true },
    )
  } finally {
    flushing = false
    // A backlog goes on at once (after this answer); a few new writes wait for others.
    if (queuedWrites.length > 0) {
      scheduleFlush(queuedWrites.length >= LIST_PIPELINE_MAX_WRITES ? 0 : LIST_FLUSH_MS)
    }
  }
  for (const p of pushes) p.done(ok)
  if (!ok) queuedFailed = true
  else if (queuedFailed) {
    queuedFailed = false
    for (const replay of queuedReplays) replay()
  }
}

/**
 * Lists in Redis when REDIS_URL is set (`prefix:name:key`, items as JSON;
 * a push is LPUSH, LTRIM to `maxItems`, PEXPIRE `ttlMs`, sent with the other
 * pushes of the next LIST_FLUSH_MS in one pipeline), else in this process's
 * memory (createMemoryList). A push Redis does not take (away, too slow) is
 * kept in this instance's memory, read from there while Redis is away, and
 * written to Redis when it is back (while its list's TTL lasts). Redis's log
 * line says once that it is away (redis.server.ts).
 */
export function createSharedList<T>(
  name: string,
  options: ListOptions,
  memory: MemoryList<T> = createMemoryList<T>(options),
): SharedList<T> {
  const { maxItems, ttlMs, now = () => Date.now() } = options
  /** Puts `item` at the head of the key's list in Redis; false when Redis did not take it. */
  const write = (key: string, item: T, keepMs: number) =>
    queueWrite({ redisKey: redisKey(name, key), json: JSON.stringify(item), maxItems, keepMs })
  onQueuedWritesBack(() => {
    for (const { key, items, expiresAt } of memory.drain()) {
      const left = expiresAt - now()
      if (left <= 0) continue
      // Oldest first, so the newest ends at the head; away again meanwhile: back to memory.
      for (const item of items) {
        void write(key, item, left).then(async (ok) => {
          if (!ok) await memory.push(key, item)
        })
      }
    }
  })
  return {
    async push(key, item) {
      if (redis() && (await write(key, item, ttlMs))) return
      await memory.push(key, item)
    },
    async newest(key, limit = maxItems) {
      if (limit <= 0) return []
      // null: no Redis, or Redis did not answer: this instance's memory answers.
      const raw = await shared<string[] | null>(
        (r) => r.lrange(redisKey(name, key), 0, limit - 1),
        () => null,
      )
      if (raw === null) return memory.newest(key, limit)
      return raw.map((json) => parseStored<T>(json)).filter((item) => item !== undefined)
    },
  }
}
