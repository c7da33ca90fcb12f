import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TokenPair } from '~/backend/schemas'
import {
  DEFAULT_REFRESH_GRACE_MS,
  createMemoryRefreshStore,
  createRefresher,
  type RefreshEntry,
  type RefreshStore,
} from '~/session/refresh.server'

interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A controllable clock. */
function clock(start = 1_000_000) {
  let t = start
  return {
    now: () => t,
    advance(ms: number) {
      t += ms
    },
  }
}

const PAIR: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2' }

describe('createRefresher', () => {
  it('makes ONE backend call for 50 concurrent callers, who all get the same pair', async () => {
    const refresher = createRefresher()
    const call = deferred<TokenPair>()
    const doRefresh = vi.fn(() => call.promise)

    const results = Array.from({ length: 50 }, () => refresher.refresh('refresh-1', doRefresh))
    call.resolve(PAIR)
    const pairs = await Promise.all(results)

    expect(doRefresh).toHaveBeenCalledTimes(1)
    for (const pair of pairs) expect(pair).toBe(PAIR)
  })

  it('answers a later caller within the grace period from memory', async () => {
    const time = clock()
    const refresher = createRefresher({ now: time.now })
    const doRefresh = vi.fn(async () => PAIR)

    await refresher.refresh('refresh-1', doRefresh)
    time.advance(DEFAULT_REFRESH_GRACE_MS - 1)
    const again = vi.fn(async () => ({ accessToken: 'other' }))
    await expect(refresher.refresh('refresh-1', again)).resolves.toBe(PAIR)

    expect(doRefresh).toHaveBeenCalledTimes(1)
    expect(again).not.toHaveBeenCalled()
  })

  it('calls the backend again once the grace period is over', async () => {
    const time = clock()
    const refresher = createRefresher({ now: time.now, graceMs: 5_000 })
    await refresher.refresh('refresh-1', async () => PAIR)

    time.advance(5_000)
    const later: TokenPair = { accessToken: 'access-3', refreshToken: 'refresh-3' }
    const doRefresh = vi.fn(async () => later)
    await expect(refresher.refresh('refresh-1', doRefresh)).resolves.toBe(later)
    expect(doRefresh).toHaveBeenCalledTimes(1)
  })

  it('rejects every waiter of a failed refresh with the same error, then lets the next caller retry', async () => {
    const refresher = createRefresher()
    const call = deferred<TokenPair>()
    const failing = vi.fn(() => call.promise)
    const waiters = Array.from({ length: 10 }, () => refresher.refresh('refresh-1', failing))

    const error = new Error('backend said no')
    call.reject(error)
    const outcomes = await Promise.allSettled(waiters)

    expect(failing).toHaveBeenCalledTimes(1)
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected')
      expect((outcome as PromiseRejectedResult).reason).toBe(error)
    }

    const retry = vi.fn(async () => PAIR)
    await expect(refresher.refresh('refresh-1', retry)).resolves.toBe(PAIR)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('turns a synchronous throw into a shared rejection', async () => {
    const refresher = createRefresher()
    const doRefresh = vi.fn((): Promise<TokenPair> => {
      throw new Error('sync failure')
    })
    const a = refresher.refresh('refresh-1', doRefresh)
    const b = refresher.refresh('refresh-1', doRefresh)
    await expect(a).rejects.toThrow('sync failure')
    await expect(b).rejects.toThrow('sync failure')
    expect(doRefresh).toHaveBeenCalledTimes(1)
  })

  it('keeps different refresh tokens independent', async () => {
    const refresher = createRefresher()
    const callA = deferred<TokenPair>()
    const callB = deferred<TokenPair>()
    const doA = vi.fn(() => callA.promise)
    const doB = vi.fn(() => callB.promise)

    const a1 = refresher.refresh('token-a', doA)
    const b1 = refresher.refresh('token-b', doB)
    const a2 = refresher.refresh('token-a', doB)
    callB.reject(new Error('b failed'))
    callA.resolve(PAIR)

    await expect(a1).resolves.toBe(PAIR)
    await expect(a2).resolves.toBe(PAIR)
    await expect(b1).rejects.toThrow('b failed')
    expect(doA).toHaveBeenCalledTimes(1)
    expect(doB).toHaveBeenCalledTimes(1)
  })

  it('keys the store by a SHA-256 hash, never the raw refresh token', async () => {
    const keys: string[] = []
    const inner = createMemoryRefreshStore()
    const store: RefreshStore = {
      get: (key) => (keys.push(key), inner.get(key)),
      set: (key, entry, ttl) => (keys.push(key), inner.set(key, entry, ttl)),
      delete: (key) => inner.delete(key),
    }
    const token = 'eyJhbGciOiJIUzI1NiJ9.secret-refresh-token.sig'
    await createRefresher({ store }).refresh(token, async () => PAIR)

    const expected = createHash('sha256').update(token).digest('base64url')
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(key).toBe(expected)
      expect(key).not.toContain('secret-refresh-token')
    }
  })

  it('uses the store it is given, with the grace period as TTL', async () => {
    const entries = new Map<string, RefreshEntry>()
    const set = vi.fn((key: string, entry: RefreshEntry) => void entries.set(key, entry))
    const store: RefreshStore = {
      get: (key) => entries.get(key),
      set,
      delete: (key) => void entries.delete(key),
    }
    const refresher = createRefresher({ store, graceMs: 1234 })
    await refresher.refresh('refresh-1', async () => PAIR)
    expect(set).toHaveBeenCalledWith(expect.any(String), { pair: PAIR }, 1234)

    // Another process that wrote the same entry is honoured.
    const seeded = { accessToken: 'seeded' }
    entries.set(createHash('sha256').update('refresh-x').digest('base64url'), { pair: seeded })
    const doRefresh = vi.fn(async () => PAIR)
    await expect(refresher.refresh('refresh-x', doRefresh)).resolves.toBe(seeded)
    expect(doRefresh).not.toHaveBeenCalled()
  })

  it('still hands out the new tokens when the store fails to remember them', async () => {
    const store: RefreshStore = {
      get: () => undefined,
      set: () => {
        throw new Error('store down')
      },
      delete: () => undefined,
    }
    await expect(createRefresher({ store }).refresh('r', async () => PAIR)).resolves.toBe(PAIR)
  })

  it('does not remember a failure: a failed call after a success-less settle retries', async () => {
    const time = clock()
    const refresher = createRefresher({ now: time.now })
    await expect(
      refresher.refresh('refresh-1', async () => {
        throw new Error('down')
      }),
    ).rejects.toThrow('down')
    time.advance(1)
    await expect(refresher.refresh('refresh-1', async () => PAIR)).resolves.toBe(PAIR)
  })
})

describe('createMemoryRefreshStore', () => {
  const entry = (accessToken: string): RefreshEntry => ({ pair: { accessToken } })

  it('returns an entry until its TTL has passed', () => {
    const time = clock()
    const store = createMemoryRefreshStore({ now: time.now })
    store.set('k', entry('a'), 100)
    time.advance(99)
    expect(store.get('k')).toEqual(entry('a'))
    time.advance(1)
    expect(store.get('k')).toBeUndefined()
    expect(store.size).toBe(0)
  })

  it('deletes entries', () => {
    const store = createMemoryRefreshStore()
    store.set('k', entry('a'), 1000)
    store.delete('k')
    expect(store.get('k')).toBeUndefined()
  })

  it('sweeps expired entries lazily on write', () => {
    const time = clock()
    const store = createMemoryRefreshStore({ now: time.now })
    for (let i = 0; i < 100; i++) store.set(`k${i}`, entry(String(i)), 1000)
    expect(store.size).toBe(100)
    time.advance(1000)
    store.set('fresh', entry('fresh'), 1000)
    expect(store.size).toBe(1)
  })

  it('holds at most maxEntries, evicting the oldest first', () => {
    const store = createMemoryRefreshStore({ maxEntries: 3 })
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, entry(key), 60_000)
    expect(store.size).toBe(3)
    expect(store.get('a')).toBeUndefined()
    expect(store.get('d')).toEqual(entry('d'))
  })

  it('treats a rewritten key as the newest', () => {
    const store = createMemoryRefreshStore({ maxEntries: 2 })
    store.set('a', entry('a1'), 60_000)
    store.set('b', entry('b'), 60_000)
    store.set('a', entry('a2'), 60_000)
    store.set('c', entry('c'), 60_000)
    expect(store.get('b')).toBeUndefined()
    expect(store.get('a')).toEqual(entry('a2'))
  })

  it('is bounded by 10 000 entries by default', () => {
    const store = createMemoryRefreshStore()
    for (let i = 0; i < 10_050; i++) store.set(`k${i}`, entry('x'), 60_000)
    expect(store.size).toBe(10_000)
    expect(store.get('k0')).toBeUndefined()
    expect(store.get('k10049')).toBeDefined()
  })
})

describe('refresher (the process-wide instance)', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('is shared by every importer and takes its grace period from REFRESH_GRACE_MS', async () => {
    vi.stubEnv('BACKEND_URL', 'http://backend.test')
    vi.stubEnv('REFRESH_GRACE_MS', '1000')
    vi.resetModules()
    const time = clock(Date.now())
    vi.spyOn(Date, 'now').mockImplementation(time.now)
    const { refresher } = await import('~/session/refresh.server')
    const { refresher: sameRefresher } = await import('~/session/refresh.server')

    const doRefresh = vi.fn(async () => PAIR)
    await refresher.refresh('refresh-1', doRefresh)
    await sameRefresher.refresh('refresh-1', doRefresh)
    expect(doRefresh).toHaveBeenCalledTimes(1)

    time.advance(1000)
    await refresher.refresh('refresh-1', doRefresh)
    expect(doRefresh).toHaveBeenCalledTimes(2)
  })
})
