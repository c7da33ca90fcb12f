import { createHash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import type { TokenPair } from '~/backend/schemas'
import { createRefresher, openPair } from '~/session/refresh.server'
import { createMemoryStore, type TtlStore } from '~/server/store.server'
import { clock } from '../../tests/support/clock'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const PAIR: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2' }
const GRACE = 120_000

function setup() {
  const time = clock()
  const store = createMemoryStore<string>({ now: time.now })
  return { time, store, refresh: createRefresher(store, () => GRACE) }
}

describe('createRefresher', () => {
  it('makes ONE backend call for 50 concurrent callers, who all get the same pair', async () => {
    const { refresh } = setup()
    const backend = deferred<TokenPair>()
    const doRefresh = vi.fn(() => backend.promise)
    const callers = Array.from({ length: 50 }, () => refresh('refresh-1', doRefresh))
    backend.resolve(PAIR)
    expect(await Promise.all(callers)).toEqual(Array(50).fill(PAIR))
    expect(doRefresh).toHaveBeenCalledTimes(1)
  })

  it('answers the old refresh token from memory while the grace lasts (a lost answer)', async () => {
    const { refresh, time } = setup()
    const doRefresh = vi.fn(async () => PAIR)
    await refresh('refresh-1', doRefresh)
    // The phone never got the new cookie: it comes back with the old one.
    time.advance(GRACE - 1)
    expect(await refresh('refresh-1', doRefresh)).toEqual(PAIR)
    expect(doRefresh).toHaveBeenCalledTimes(1)
  })

  it('calls the backend again once the grace is over (the backend then judges the reuse)', async () => {
    const { refresh, time } = setup()
    const doRefresh = vi.fn(async () => PAIR)
    await refresh('refresh-1', doRefresh)
    time.advance(GRACE)
    await refresh('refresh-1', doRefresh)
    expect(doRefresh).toHaveBeenCalledTimes(2)
  })

  it('shares a failure with every waiter, remembers nothing, and lets the next caller retry', async () => {
    const { refresh } = setup()
    const backend = deferred<TokenPair>()
    const doRefresh = vi.fn(() => backend.promise)
    const callers = Array.from({ length: 5 }, () => refresh('refresh-1', doRefresh))
    const failure = new Error('backend down')
    backend.reject(failure)
    for (const caller of callers) await expect(caller).rejects.toBe(failure)
    expect(await refresh('refresh-1', async () => PAIR)).toEqual(PAIR)
    expect(doRefresh).toHaveBeenCalledTimes(1)
  })

  it('turns a synchronous throw into a shared rejection', async () => {
    const { refresh } = setup()
    const doRefresh = () => {
      throw new Error('sync')
    }
    await expect(refresh('refresh-1', doRefresh)).rejects.toThrow('sync')
  })

  it('keeps different refresh tokens independent', async () => {
    const { refresh } = setup()
    const other: TokenPair = { accessToken: 'access-3', refreshToken: 'refresh-3' }
    const [a, b] = await Promise.all([
      refresh('refresh-1', async () => PAIR),
      refresh('refresh-9', async () => other),
    ])
    expect(a).toEqual(PAIR)
    expect(b).toEqual(other)
  })

  it('keys the store by a SHA-256 hash with the grace as TTL, never the raw token', async () => {
    const set = vi.fn(async (_key: string, _value: string, _ttl: number) => undefined)
    const store: TtlStore<string> = { get: async () => undefined, set }
    await createRefresher(store, () => GRACE)('refresh-secret', async () => PAIR)
    const key = createHash('sha256').update('refresh-secret').digest('base64url')
    expect(set).toHaveBeenCalledWith(key, expect.any(String), GRACE)
    expect(JSON.stringify(set.mock.calls)).not.toContain('refresh-secret')
  })

  it('seals the remembered tokens: only the old refresh token opens them', async () => {
    const set = vi.fn(async (_key: string, _value: string, _ttl: number) => undefined)
    await createRefresher({ get: async () => undefined, set }, () => GRACE)(
      'refresh-secret',
      async () => PAIR,
    )
    const sealed = set.mock.calls[0]![1]
    expect(sealed).not.toContain(PAIR.accessToken)
    expect(sealed).not.toContain(PAIR.refreshToken)
    expect(openPair(sealed, 'refresh-secret')).toEqual(PAIR)
    expect(openPair(sealed, 'another-refresh-token')).toBeNull()
  })

  it('still hands out the new tokens when the store fails', async () => {
    const store: TtlStore<string> = {
      get: async () => Promise.reject(new Error('store down')),
      set: async () => Promise.reject(new Error('store down')),
    }
    expect(await createRefresher(store, () => GRACE)('refresh-1', async () => PAIR)).toEqual(PAIR)
  })
})
