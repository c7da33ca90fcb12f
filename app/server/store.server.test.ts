import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROBE_AFTER_MS, setRedisForTests, type SharedRedis } from '~/server/redis.server'
import { createMemoryStore, createSharedStore } from '~/server/store.server'
import { clock } from '../../tests/support/clock'

describe('createMemoryStore', () => {
  it('returns a value until its TTL has passed', async () => {
    const time = clock()
    const store = createMemoryStore<string>({ now: time.now })
    await store.set('k', 'v', 100)
    time.advance(99)
    expect(await store.get('k')).toBe('v')
    time.advance(1)
    expect(await store.get('k')).toBeUndefined()
    expect(store.size).toBe(0)
  })

  it('sweeps expired entries on write', async () => {
    const time = clock()
    const store = createMemoryStore<number>({ now: time.now })
    for (let i = 0; i < 10; i++) await store.set(`k${i}`, i, 10)
    time.advance(10)
    await store.set('fresh', 1, 10)
    expect(store.size).toBe(1)
  })

  it('holds at most maxEntries, evicting the oldest first; a rewritten key is the newest', async () => {
    const store = createMemoryStore<number>({ maxEntries: 3 })
    for (const key of ['a', 'b', 'c']) await store.set(key, 1, 60_000)
    await store.set('a', 2, 60_000)
    await store.set('d', 1, 60_000)
    expect(store.size).toBe(3)
    expect(await store.get('b')).toBeUndefined()
    expect(await store.get('a')).toBe(2)
  })
})

/** A Redis that answers reads, and refuses writes while `writes` is false. */
function flakyRedis() {
  const data = new Map<string, string>()
  const state = { writes: false }
  const fake = {
    status: 'ready',
    async get(key: string) {
      return data.get(key) ?? null
    },
    async set(key: string, value: string) {
      if (!state.writes) throw new Error('READONLY: writes refused')
      data.set(key, value)
      return 'OK'
    },
    async ping() {
      return 'PONG'
    },
  }
  return { redis: fake as unknown as SharedRedis, data, state }
}

describe('createSharedStore while Redis comes and goes', () => {
  afterEach(() => setRedisForTests(undefined))

  it('an ended session whose write back fails is written the next time Redis is back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { redis, data, state } = flakyRedis()
    setRedisForTests(redis)
    const ended = createSharedStore<true>('ended')
    // A logout while Redis refuses writes: kept in memory, and to be written.
    await ended.set('sid-1', true, 60_000)
    expect(await ended.get('sid-1')).toBe(true)
    // Redis answers a read (it is "back"): the write back is tried, and refused again.
    await ended.get('other')
    await vi.waitFor(() => expect(data.size).toBe(0))
    await new Promise((r) => setTimeout(r, 10))
    // Redis takes writes again; the next answer writes the ended session.
    state.writes = true
    await ended.get('other')
    await vi.waitFor(() => expect([...data.keys()]).toEqual(['member-app:ended:sid-1']))
  })
})

describe('createSharedStore: one write Redis did not take', () => {
  afterEach(() => setRedisForTests(undefined))

  it('is written to Redis a moment later with no other command, and is no "serving from memory"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { redis, data, state } = flakyRedis()
    setRedisForTests(redis)
    const a = createSharedStore<true>('ended')
    await a.get('first')
    // A logout on instance A whose one write Redis refuses; it takes the next.
    await a.set('sid-1', true, 60_000)
    state.writes = true
    expect(data.size).toBe(0)
    // Nobody asks anything more of A: the write still reaches Redis, for instance B.
    await vi.waitFor(() => expect([...data.keys()]).toEqual(['member-app:ended:sid-1']), {
      timeout: PROBE_AFTER_MS * 4,
    })
    const b = createSharedStore<true>('ended')
    expect(await b.get('sid-1')).toBe(true)
    expect(warn.mock.calls.filter(([m]) => String(m).includes('serving from'))).toEqual([])
  })
})

describe('createSharedStore lookup', () => {
  afterEach(() => setRedisForTests(undefined))

  /** A Redis holding `data` whose reads fail while `state.down`. */
  function redisWith(data: Map<string, string>) {
    const state = { down: false }
    const fake = {
      status: 'ready',
      async get(key: string) {
        if (state.down) throw new Error('Command timed out')
        return data.get(key) ?? null
      },
      async set(key: string, value: string) {
        data.set(key, value)
        return 'OK'
      },
    }
    return { redis: fake as unknown as SharedRedis, state }
  }

  it('tells "no such value" from "Redis did not answer and this instance has no copy"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const data = new Map<string, string>()
    const { redis, state } = redisWith(data)
    setRedisForTests(redis)
    const store = createSharedStore<string>('tokens')
    expect(await store.lookup('k')).toEqual({ found: false, unavailable: false })
    state.down = true
    expect(await store.lookup('k')).toEqual({ found: false, unavailable: true })
    // What this instance wrote counts while Redis is away.
    await store.set('mine', 'v', 60_000)
    expect(await store.lookup('mine')).toEqual({ found: true, value: 'v' })
  })

  it('without Redis, a missing value is simply missing', async () => {
    const store = createSharedStore<string>('tokens')
    expect(await store.lookup('k')).toEqual({ found: false, unavailable: false })
  })

  it('Redis answers first: a value another instance replaced is not revived from this memory', async () => {
    const data = new Map<string, string>()
    const { redis } = redisWith(data)
    setRedisForTests(redis)
    const store = createSharedStore<string>('tokens')
    await store.set('k', 'old', 60_000)
    data.set('member-app:tokens:k', JSON.stringify(''))
    expect(await store.lookup('k')).toEqual({ found: true, value: '' })
  })

  it("a value in Redis that is not JSON reads as this instance's copy, and Redis is not taken for away", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const data = new Map<string, string>()
    const { redis } = redisWith(data)
    setRedisForTests(redis)
    const store = createSharedStore<string>('tokens')
    await store.set('k', 'mine', 60_000)
    data.set('member-app:tokens:k', '{not json')
    expect(await store.get('k')).toBe('mine')
    expect(warn).not.toHaveBeenCalled()
  })
})
