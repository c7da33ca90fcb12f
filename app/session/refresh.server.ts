/**
 * One token refresh per refresh token per process.
 *
 * Remix runs a document's loaders in parallel, and the backend rotates
 * refresh tokens and revokes the whole token family when an old one is
 * reused. So every request holding the same refresh token must share ONE
 * call to POST /auth/refresh:
 * - callers that arrive while it is pending share its promise (and its
 *   success or its rejection);
 * - a success is remembered for a short grace period, so a request that still
 *   carries the old cookie gets the same new tokens instead of reusing the
 *   old refresh token;
 * - a failure is forgotten once settled: the next caller may try again.
 *
 * Entries are keyed by a SHA-256 hash of the refresh token, never the token.
 */
import { createHash } from 'node:crypto'
import type { TokenPair } from '~/backend/schemas'
import { env } from '~/lib/env.server'

export const DEFAULT_REFRESH_GRACE_MS = 30_000
export const DEFAULT_REFRESH_STORE_MAX_ENTRIES = 10_000

/** A settled, successful refresh. */
export interface RefreshEntry {
  pair: TokenPair
}

/** Where successful refreshes are remembered (in memory now; a shared store later). */
export interface RefreshStore {
  get(key: string): RefreshEntry | undefined
  set(key: string, entry: RefreshEntry, ttlMs: number): void
  delete(key: string): void
}

interface StoredEntry {
  entry: RefreshEntry
  expiresAt: number
}

/**
 * A Map with per-entry expiry, swept lazily, holding at most `maxEntries`
 * (the oldest are evicted first).
 */
export function createMemoryRefreshStore({
  maxEntries = DEFAULT_REFRESH_STORE_MAX_ENTRIES,
  now = () => Date.now(),
}: { maxEntries?: number; now?: () => number } = {}): RefreshStore & { readonly size: number } {
  const entries = new Map<string, StoredEntry>()

  /** Drops expired entries from the oldest end (insertion order), stopping at a live one. */
  function sweep(at: number) {
    for (const [key, stored] of entries) {
      if (stored.expiresAt > at) break
      entries.delete(key)
    }
  }

  return {
    get size() {
      return entries.size
    },
    get(key) {
      const stored = entries.get(key)
      if (!stored) return undefined
      if (stored.expiresAt <= now()) {
        entries.delete(key)
        return undefined
      }
      return stored.entry
    },
    set(key, entry, ttlMs) {
      const at = now()
      entries.delete(key)
      sweep(at)
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
      entries.set(key, { entry, expiresAt: at + ttlMs })
    },
    delete(key) {
      entries.delete(key)
    },
  }
}

export interface Refresher {
  /** The new token pair for `refreshToken`, calling `doRefresh` only when no other caller has. */
  refresh(refreshToken: string, doRefresh: () => Promise<TokenPair>): Promise<TokenPair>
}

export interface RefresherOptions {
  store?: RefreshStore
  /** How long a successful refresh is remembered. */
  graceMs?: number
  /** Clock of the default in-memory store. */
  now?: () => number
}

function keyFor(refreshToken: string): string {
  return createHash('sha256').update(refreshToken, 'utf8').digest('base64url')
}

export function createRefresher({
  store,
  graceMs = DEFAULT_REFRESH_GRACE_MS,
  now,
}: RefresherOptions = {}): Refresher {
  const settled = store ?? createMemoryRefreshStore({ now })
  /** Refreshes in flight in this process (promises cannot live in a shared store). */
  const pending = new Map<string, Promise<TokenPair>>()

  function remember(key: string, pair: TokenPair) {
    try {
      settled.set(key, { pair }, graceMs)
    } catch {
      // A failing store must not lose the new tokens: the backend has already
      // rotated the refresh token, so these callers must get them.
    }
  }

  function start(key: string, doRefresh: () => Promise<TokenPair>): Promise<TokenPair> {
    const promise = (async () => doRefresh())().then(
      (pair) => {
        // Remember the success before the pending entry goes: no gap for a newcomer.
        remember(key, pair)
        pending.delete(key)
        return pair
      },
      (error: unknown) => {
        pending.delete(key)
        throw error
      },
    )
    pending.set(key, promise)
    return promise
  }

  return {
    refresh(refreshToken, doRefresh) {
      const key = keyFor(refreshToken)
      const remembered = settled.get(key)
      if (remembered) return Promise.resolve(remembered.pair)
      return pending.get(key) ?? start(key, doRefresh)
    },
  }
}

let processRefresher: Refresher | undefined

/**
 * The refresher of this process, created on first use with the grace period
 * from REFRESH_GRACE_MS.
 */
export const refresher: Refresher = {
  refresh(refreshToken, doRefresh) {
    processRefresher ??= createRefresher({ graceMs: env().REFRESH_GRACE_MS })
    return processRefresher.refresh(refreshToken, doRefresh)
  },
}
