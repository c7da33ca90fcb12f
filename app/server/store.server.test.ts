import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '~/server/store.server'

function clock(start = 1_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

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
