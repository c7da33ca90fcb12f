// One token refresh per refresh token across every instance: the backend rotates refresh tokens
// and revokes the whole family when an old one is reused, and a document's loaders run in
// parallel. A Redis lock elects the caller (docs/decisions/0088); a success is remembered for
// REFRESH_GRACE_MS for a phone whose answer was lost (docs/decisions/0008-refresh-memory.md).
// Keyed by a hash of the token, sealed under a key from it: the store alone reveals nothing.
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

export interface RefreshLock {
  readonly ttlMs: number
  take(key: string): Promise<'mine' | 'taken' | 'none'>
  /** undefined: unknown, Redis did not answer. */
  held(key: string): Promise<boolean | undefined>
  extend(key: string): Promise<void>
  release(key: string): Promise<void>
}

export const noSharedLock: RefreshLock = {
  ttlMs: 0,
  take: async () => 'none',
  held: async () => false as boolean | undefined,
  extend: async () => undefined,
  release: async () => undefined,
}

export const REFRESH_BUSY_MESSAGE = 'ระบบกำลังต่ออายุการเข้าสู่ระบบ กรุณาลองใหม่อีกครั้งในอีกสักครู่'

export interface RefresherOptions {
  lock?: RefreshLock
  pollMs?: number
  extendEveryMs?: number
  maxWaitMs?: () => number
}

const resultSalt = 'member-app refresh result'

function resultKey(refreshToken: string): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync('sha256', refreshToken, resultSalt, 'v1', 32)))
}
const AAD = Buffer.from('refresh-result')

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
  /** A promise cannot live in a shared store. */
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

/** A holder that died frees it this soon. */
export const REFRESH_LOCK_TTL_MS = 3000

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

export const refreshOnce: Refresh = createRefresher(
  createSharedStore<string>('refresh'),
  () => env().REFRESH_GRACE_MS,
  { lock: redisRefreshLock() },
)
