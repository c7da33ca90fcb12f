/**
 * The list primitive in this process's memory (createMemoryList, and
 * createSharedList without Redis): newest first, capped per key, the whole
 * list gone its TTL after the last push, memory bounded however many keys.
 */
import { describe, expect, it } from 'vitest'
import { createMemoryList, createSharedList } from '~/server/store.server'
import { clock } from '../../tests/support/clock'

const DAY = 24 * 60 * 60 * 1000

describe('memory list', () => {
  it('gives the newest first, at most `limit`', async () => {
    const list = createMemoryList<number>({ maxItems: 5, ttlMs: DAY })
    for (const n of [1, 2, 3]) await list.push('m1', n)
    expect(await list.newest('m1')).toEqual([3, 2, 1])
    expect(await list.newest('m1', 2)).toEqual([3, 2])
    expect(await list.newest('m2')).toEqual([])
  })

  it('keeps the newest 500 of a key, in order, as a ring', async () => {
    const list = createMemoryList<number>({ maxItems: 500, ttlMs: DAY })
    for (let n = 1; n <= 1234; n++) await list.push('m1', n)
    const kept = await list.newest('m1')
    expect(kept).toHaveLength(500)
    expect(kept[0]).toBe(1234)
    expect(kept[499]).toBe(735)
    expect(kept).toEqual(Array.from({ length: 500 }, (_, i) => 1234 - i))
    expect(list.items).toBe(500)
  })

  it('a list is gone 14 days after its last push, and each push starts the 14 days again', async () => {
    const { now, advance } = clock()
    const list = createMemoryList<string>({ maxItems: 500, ttlMs: 14 * DAY, now })
    await list.push('m1', 'a')
    advance(13 * DAY)
    await list.push('m1', 'b')
    advance(13 * DAY)
    expect(await list.newest('m1')).toEqual(['b', 'a'])
    advance(DAY + 1)
    expect(await list.newest('m1')).toEqual([])
    expect(list.keys).toBe(0)
    expect(list.items).toBe(0)
  })

  it('an expired list is swept when another key is pushed', async () => {
    const { now, advance } = clock()
    const list = createMemoryList<string>({ maxItems: 10, ttlMs: DAY, now })
    await list.push('old', 'x')
    advance(DAY + 1)
    await list.push('new', 'y')
    expect(list.keys).toBe(1)
    expect(list.items).toBe(1)
  })

  it('holds at most maxKeys lists: the least recently pushed go first', async () => {
    const list = createMemoryList<number>({ maxItems: 10, ttlMs: DAY, maxKeys: 3 })
    for (const key of ['a', 'b', 'c']) await list.push(key, 1)
    await list.push('a', 2)
    await list.push('d', 1)
    expect(list.keys).toBe(3)
    expect(await list.newest('b')).toEqual([])
    expect(await list.newest('a')).toEqual([2, 1])
  })

  it('holds at most maxTotalItems items over every key', async () => {
    const list = createMemoryList<number>({ maxItems: 100, ttlMs: DAY, maxTotalItems: 250 })
    for (let key = 0; key < 10; key++) {
      for (let n = 0; n < 100; n++) await list.push(`m${key}`, n)
    }
    expect(list.items).toBeLessThanOrEqual(250)
    expect(await list.newest('m9')).toHaveLength(100)
    expect(await list.newest('m0')).toEqual([])
  })

  it('drain hands every list over oldest first and empties memory', async () => {
    const list = createMemoryList<number>({ maxItems: 3, ttlMs: DAY })
    for (const n of [1, 2, 3, 4, 5]) await list.push('m1', n)
    await list.push('m2', 9)
    const drained = list.drain()
    expect(drained.map(({ key, items }) => [key, items])).toEqual([
      ['m1', [3, 4, 5]],
      ['m2', [9]],
    ])
    expect(list.keys).toBe(0)
    expect(await list.newest('m1')).toEqual([])
  })
})

describe('shared list without Redis', () => {
  it("is this process's memory", async () => {
    const { now, advance } = clock()
    const list = createSharedList<number>('test-list', { maxItems: 2, ttlMs: DAY, now })
    for (const n of [1, 2, 3]) await list.push('m1', n)
    expect(await list.newest('m1')).toEqual([3, 2])
    expect(await list.newest('m1', 0)).toEqual([])
    advance(DAY + 1)
    expect(await list.newest('m1')).toEqual([])
  })
})
