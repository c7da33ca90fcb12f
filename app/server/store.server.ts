// Shared stores: this process's memory and Redis behind one interface (values with a TTL).
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

const MAX_UNSAVED = 10_000

export type Lookup<T> =
  | { found: true; value: T }
  /** unavailable: Redis is configured but did not answer, and this instance's memory has no copy. */
  | { found: false; unavailable: boolean }

export interface SharedStore<T> extends TtlStore<T> {
  lookup(key: string): Promise<Lookup<T>>
}

/** SET unless the key holds a number at least as large (createSharedMaxStore). */
const SET_UNLESS_LARGER = `local cur = tonumber(redis.call('GET', KEYS[1]))
if cur and cur >= tonumber(ARGV[1]) then return 'OK' end
return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`

/**
 * Written to both, read from Redis first: a value Redis did not take still counts here and is
 * written back once a command works again.
 */
export function createSharedStore<T>(
  name: string,
  memory: TtlStore<T> = createMemoryStore<T>(),
  now: () => number = () => Date.now(),
): SharedStore<T> {
  return sharedStore(name, memory, now, 'set')
}

/**
 * Its Redis writes go in the lists' next pipeline; memory keeps only what Redis did not take (a copy
 * of every request's value grew the heap: decision 0159).
 */
export function createQueuedSharedStore<T>(
  name: string,
  memory: TtlStore<T> = createMemoryStore<T>(),
  now: () => number = () => Date.now(),
): SharedStore<T> {
  return sharedStore(name, memory, now, 'queued')
}

/**
 * A write kept while Redis was away cannot undo a later one of another instance (an earlier
 * "ended before T" would revive sessions).
 */
export function createSharedMaxStore(
  name: string,
  memory: TtlStore<number> = createMemoryStore<number>(),
  now: () => number = () => Date.now(),
): SharedStore<number> {
  return sharedStore(name, memory, now, 'max')
}

function parseStored<T>(raw: string): T | undefined {
  try {
    return JSON.parse(raw) as T
  } catch {
    return undefined
  }
}

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

export interface SharedList<T> {
  /** Never throws; a member's request does not wait for it (`void list.push(...)`). */
  push(key: string, item: T): Promise<void>
  newest(key: string, limit?: number): Promise<T[]>
}

export interface ListOptions {
  maxItems: number
  ttlMs: number
  /** Memory only: at most this many keys (the least recently pushed go first). */
  maxKeys?: number
  /** Memory only: at most this many items over every key (the least recently pushed keys go first). */
  maxTotalItems?: number
  now?: () => number
}

interface Ring<T> {
  items: T[]
  /** Where the next item goes once `items` is full. */
  next: number
  expiresAt: number
}

export interface MemoryList<T> extends SharedList<T> {
  readonly keys: number
  readonly items: number
  drain(): Array<{ key: string; items: T[]; expiresAt: number }>
}

const DEFAULT_LIST_MAX_KEYS = 10_000
const DEFAULT_LIST_MAX_TOTAL_ITEMS = 200_000

/** Bounded however many keys come: past `maxKeys` or `maxTotalItems` the least recently pushed lists go. */
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

/** Every list's pushes of this time go to Redis in one pipeline. */
const LIST_FLUSH_MS = 20

/**
 * The session stores share this connection: one huge replay pipeline would hold their commands past
 * REDIS_COMMAND_TIMEOUT_MS (a timed-out refresh lock is a second backend refresh).
 */
export const LIST_PIPELINE_MAX_WRITES = 200

interface QueuedWrite {
  redisKey: string
  json: string
  maxItems?: number
  keepMs: number
  done: (ok: boolean) => void
}

const queuedWrites: QueuedWrite[] = []
let flushTimer: ReturnType<typeof setTimeout> | undefined
let flushing = false

function scheduleFlush(ms: number): void {
  if (flushTimer || flushing) return
  flushTimer = setTimeout(() => void flushWrites(), ms)
  flushTimer.unref?.()
}

let queuedFailed = false
const queuedReplays = new Set<() => void>()

/** A failed pipeline is best-effort: it does not mark Redis away for the session stores. */
function onQueuedWritesBack(replay: () => void): void {
  queuedReplays.add(replay)
  onRedisRecovered(replay)
}

function queueWrite(write: Omit<QueuedWrite, 'done'>): Promise<boolean> {
  return new Promise((done) => {
    queuedWrites.push({ ...write, done })
    scheduleFlush(LIST_FLUSH_MS)
  })
}

/** A socket write is most of what a push costs the app. Not a MULTI: nothing needs them at once. */
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
 * Pushes go in one pipeline per LIST_FLUSH_MS; a push Redis does not take is kept in memory and
 * written back when it returns.
 */
export function createSharedList<T>(
  name: string,
  options: ListOptions,
  memory: MemoryList<T> = createMemoryList<T>(options),
): SharedList<T> {
  const { maxItems, ttlMs, now = () => Date.now() } = options
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
