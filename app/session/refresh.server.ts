/**
 * One token refresh per refresh token, across every instance.
 *
 * Remix runs a document's loaders in parallel, several instances serve one
 * member without sticky sessions, and the backend rotates refresh tokens and
 * revokes the whole token family when an old one is reused. So every request
 * holding the same refresh token must share ONE call to POST /auth/refresh:
 * - in one process, callers that arrive while it is pending share its
 *   promise (and its success or its rejection); a failure is forgotten;
 * - across instances (REDIS_URL), the instance that takes the refresh lock
 *   (SET NX PX, kept alive while its call runs) calls the backend; the
 *   others wait for the result it writes, and take the lock themselves if it
 *   is released without a result or its holder dies (docs/decisions/0088);
 * - a success is remembered for REFRESH_GRACE_MS, so a request that still
 *   carries the old cookie (the answer with the new one was lost on the way
 *   to the phone) gets the same new tokens instead of reusing the old
 *   refresh token (docs/decisions/0008-refresh-memory.md says how long, and why).
 *
 * Entries are keyed by a SHA-256 hash of the refresh token, never the token,
 * and the remembered tokens are sealed (AES-256-GCM) under a key derived
 * from the old refresh token: whoever reads the store without it learns nothing.
 */
import { createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { BackendError } from '~/backend/client.server'
import type { TokenPair } from '~/backend/schemas'
import { env } from '~/server/env.server'
import { open, seal } from '~/server/aead.server'
import { redisKey, shared } from '~/server/redis.server'
import { finishBeforeExit } from '~/server/shutdown.server'
import { createSharedStore, type TtlStore } from '~/server/store.server'

export type Refresh = (
  refreshToken: string,
  doRefresh: () => Promise<TokenPair>,
) => Promise<TokenPair>

/**
 * The lock that lets one instance refresh a token:
 * 'mine' (call the backend), 'taken' (another instance does), or 'none'
 * (no shared lock right now: Redis is not configured or not answering).
 */
export interface RefreshLock {
  /** How long a lock lives unless its holder extends it (ms). */
  readonly ttlMs: number
  take(key: string): Promise<'mine' | 'taken' | 'none'>
  /** Another instance still holds the lock (undefined: unknown, Redis did not answer). */
  held(key: string): Promise<boolean | undefined>
  /** Keeps our lock alive while our call runs. */
  extend(key: string): Promise<void>
  release(key: string): Promise<void>
}

/** One process: no shared lock (its callers share one promise already). */
export const noSharedLock: RefreshLock = {
  ttlMs: 0,
  take: async () => 'none',
  held: async () => false as boolean | undefined,
  extend: async () => undefined,
  release: async () => undefined,
}

/** Refreshing is taking longer than a member should wait: a Thai 503, not a logout. */
export const REFRESH_BUSY_MESSAGE = 'ระบบกำลังต่ออายุการเข้าสู่ระบบ กรุณาลองใหม่อีกครั้งในอีกสักครู่'

export interface RefresherOptions {
  lock?: RefreshLock
  /** How often a waiting instance looks for the result (ms). */
  pollMs?: number
  /** How often the holder keeps its lock alive (ms). */
  extendEveryMs?: number
  /** The longest a request waits for another instance's refresh (ms). */
  maxWaitMs?: () => number
}

const resultSalt = 'member-app refresh result'

function resultKey(refreshToken: string): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync('sha256', refreshToken, resultSalt, 'v1', 32)))
}
const AAD = Buffer.from('refresh-result')

/** The remembered pair, sealed under a key only holders of the old refresh token can derive. */
export function sealPair(pair: TokenPair, refreshToken: string): string {
  return seal(JSON.stringify(pair), resultKey(refreshToken), AAD)
}

export function openPair(sealed: string, refreshToken: string): TokenPair | null {
  const plain = open(sealed, [resultKey(refreshToken)], AAD)
  if (!plain) return null
  try {
    const value = JSON.parse(plain) as TokenPair
    return typeof value?.accessToken === 'string' ? value : null
  } catch {
    return null
  }
}

export function createRefresher(
  store: TtlStore<string>,
  graceMs: () => number,
  {
    lock = noSharedLock,
    pollMs = 20,
    extendEveryMs = 1000,
    maxWaitMs = () => env().BACKEND_TIMEOUT_MS + 5000,
  }: RefresherOptions = {},
): Refresh {
  /** Refreshes under way in this process (a promise cannot live in a shared store). */
  const pending = new Map<string, Promise<TokenPair>>()

  async function remembered(key: string, refreshToken: string) {
    const sealed = await store.get(key).catch(() => undefined)
    return sealed ? openPair(sealed, refreshToken) : null
  }

  async function callBackend(
    key: string,
    refreshToken: string,
    doRefresh: () => Promise<TokenPair>,
  ) {
    const pair = await doRefresh()
    // A failing store must not lose the new tokens: the backend has rotated already.
    await store.set(key, sealPair(pair, refreshToken), graceMs()).catch(() => undefined)
    return pair
  }

  async function refreshOnce(
    key: string,
    refreshToken: string,
    doRefresh: () => Promise<TokenPair>,
  ) {
    const known = await remembered(key, refreshToken)
    if (known) return known
    const giveUpAt = Date.now() + maxWaitMs()
    for (;;) {
      const taken = await lock.take(key).catch(() => 'none' as const)
      if (taken === 'none') return callBackend(key, refreshToken, doRefresh)
      if (taken === 'mine') {
        const keepAlive = setInterval(
          () => void lock.extend(key).catch(() => undefined),
          extendEveryMs,
        )
        keepAlive.unref()
        try {
          // It may have been written between our look and our lock.
          return (
            (await remembered(key, refreshToken)) ??
            (await callBackend(key, refreshToken, doRefresh))
          )
        } finally {
          clearInterval(keepAlive)
          await lock.release(key).catch(() => undefined)
        }
      }
      // Another instance is calling the backend: wait for what it writes.
      let unansweredSince: number | undefined
      for (;;) {
        await sleep(pollMs)
        const pair = await remembered(key, refreshToken)
        if (pair) return pair
        const held = await lock.held(key).catch(() => undefined)
        if (held === false) break
        if (held === undefined) {
          // Redis does not answer: a second call now would present the token
          // the holder may be rotating. Past a lock's lifetime its lock is gone anyway.
          unansweredSince ??= Date.now()
          if (Date.now() - unansweredSince > lock.ttlMs) break
        } else unansweredSince = undefined
        if (Date.now() > giveUpAt) break
      }
      // Released without a result (its call failed) or its holder is gone: one more look, then our turn.
      const late = await remembered(key, refreshToken)
      if (late) return late
      if (Date.now() > giveUpAt) throw new BackendError(503, 'REFRESH_BUSY', REFRESH_BUSY_MESSAGE)
    }
  }

  return (refreshToken, doRefresh) => {
    const key = createHash('sha256').update(refreshToken, 'utf8').digest('base64url')
    let promise = pending.get(key)
    if (!promise) {
      // Remembered before the pending entry goes: no gap for a newcomer.
      promise = refreshOnce(key, refreshToken, doRefresh).finally(() => pending.delete(key))
      pending.set(key, promise)
      // A refresh outlives the request that started it: a shutdown waits for it.
      finishBeforeExit(promise)
    }
    return promise
  }
}

/** Compare-and-delete / compare-and-extend: only the holder's own lock. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`
const EXTEND = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`

/** How long a lock lives without being extended: a holder that died frees it this soon. */
export const REFRESH_LOCK_TTL_MS = 3000

/** The refresh lock in Redis (SET NX PX), or 'none' while Redis is away. */
export function redisRefreshLock(ttlMs = REFRESH_LOCK_TTL_MS): RefreshLock {
  const mine = new Map<string, string>()
  const lockKey = (key: string) => redisKey('refresh-lock', key)
  return {
    ttlMs,
    async take(key) {
      // The holder's process id first: an operator (or a test) can tell which instance refreshes.
      const token = `${process.pid}:${randomBytes(12).toString('base64url')}`
      const result = await shared(
        async (r) =>
          (await r.set(lockKey(key), token, 'PX', ttlMs, 'NX')) === 'OK' ? 'mine' : 'taken',
        () => 'none' as const,
      )
      if (result === 'mine') mine.set(key, token)
      return result
    },
    held: (key) =>
      shared<boolean | undefined>(
        async (r) => (await r.get(lockKey(key))) !== null,
        () => undefined,
      ),
    async extend(key) {
      const token = mine.get(key)
      if (token)
        await shared(
          (r) => r.eval(EXTEND, 1, lockKey(key), token, String(ttlMs)),
          () => 0,
        )
    },
    async release(key) {
      const token = mine.get(key)
      mine.delete(key)
      if (token)
        await shared(
          (r) => r.eval(RELEASE, 1, lockKey(key), token),
          () => 0,
        )
    },
  }
}

/** This process's refresher: shared with the other instances when REDIS_URL is set. */
export const refreshOnce: Refresh = createRefresher(
  createSharedStore<string>('refresh'),
  () => env().REFRESH_GRACE_MS,
  { lock: redisRefreshLock() },
)
