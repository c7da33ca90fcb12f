/**
 * The session core's memory, behind one small interface so that several
 * instances can later share it (a Redis implementation fits the same shape):
 * - the refresh memory: old refresh token (hashed) -> the tokens it was
 *   rotated to (refresh.server.ts);
 * - the ended sessions: session ids logged out, kept until their refresh
 *   token would have expired (session.server.ts).
 * Values expire after their TTL. Async, as a network store would be.
 */
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
