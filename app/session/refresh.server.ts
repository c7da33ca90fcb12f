/**
 * One token refresh per refresh token.
 *
 * Remix runs a document's loaders in parallel, and the backend rotates
 * refresh tokens and revokes the whole token family when an old one is
 * reused. So every request holding the same refresh token must share ONE
 * call to POST /auth/refresh:
 * - callers that arrive while it is pending share its promise (and its
 *   success or its rejection); a failure is forgotten once settled;
 * - a success is remembered for REFRESH_GRACE_MS, so a request that still
 *   carries the old cookie (the answer with the new one was lost on the way
 *   to the phone) gets the same new tokens instead of reusing the old
 *   refresh token (docs/decisions/0008-refresh-memory.md says how long, and why).
 *
 * Entries are keyed by a SHA-256 hash of the refresh token, never the token.
 */
import { createHash } from 'node:crypto'
import type { TokenPair } from '~/backend/schemas'
import { env } from '~/lib/env.server'
import { createMemoryStore, type TtlStore } from '~/session/store.server'

export type Refresh = (
  refreshToken: string,
  doRefresh: () => Promise<TokenPair>,
) => Promise<TokenPair>

export function createRefresher(store: TtlStore<TokenPair>, graceMs: () => number): Refresh {
  /** Refreshes under way in this process (a promise cannot live in a shared store). */
  const pending = new Map<string, Promise<TokenPair>>()

  async function refreshOnce(key: string, doRefresh: () => Promise<TokenPair>) {
    const remembered = await store.get(key).catch(() => undefined)
    if (remembered) return remembered
    const pair = await doRefresh()
    // A failing store must not lose the new tokens: the backend has rotated already.
    await store.set(key, pair, graceMs()).catch(() => undefined)
    return pair
  }

  return (refreshToken, doRefresh) => {
    const key = createHash('sha256').update(refreshToken, 'utf8').digest('base64url')
    let promise = pending.get(key)
    if (!promise) {
      // Remembered before the pending entry goes: no gap for a newcomer.
      promise = refreshOnce(key, doRefresh).finally(() => pending.delete(key))
      pending.set(key, promise)
    }
    return promise
  }
}

/** This process's refresher. */
export const refreshOnce: Refresh = createRefresher(
  createMemoryStore<TokenPair>(),
  () => env().REFRESH_GRACE_MS,
)
