/**
 * The request timeline's lists in a real redis-server, as several instances
 * share them: a push is LPUSH + LTRIM + PEXPIRE in one pipeline; a Redis that
 * is away or frozen never slows a member's request, and what this instance
 * kept meanwhile reaches Redis when it is back.
 */
import { Redis } from 'ioredis'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from '~/server/env.server'
import { onRedisRecovered, redis as sharedRedis, redisKey, redisReady } from '~/server/redis.server'
import {
  createMemoryStore,
  createQueuedSharedStore,
  createSharedList,
  LIST_PIPELINE_MAX_WRITES,
} from '~/server/store.server'
import {
  findRequest,
  recordRequest,
  setTimelineStoresForTests,
  timelineOf,
  TIMELINE_MAX_ENTRIES,
  TIMELINE_TTL_MS,
  type TimelineStores,
} from '~/server/timeline.server'
import type { TimelineEntry } from '~/lib/timeline'
import { sealSession, SESSION_COOKIE_NAME } from '~/session/cookie.server'
import { until, useFreshTestRedis } from '../../tests/support/redis-server'
import { SECRET, sessionPayload } from '../../tests/support/session-fixtures'
import { contextServer, guardedOk, timelineEntry } from '../../tests/support/timeline'

const redis = useFreshTestRedis()
const DAY = 24 * 60 * 60 * 1000
/**
 * An answer that waited for Redis would take its pause (1.5 s) or, away,
 * its reconnection; a loaded test machine may take a few hundred ms for any
 * request.
 */
const SLOWER_THAN_REDIS_MS = 1000

/** One instance's stores (its own memory, the same Redis). */
const instance = (): TimelineStores => ({
  list: createSharedList<TimelineEntry>('timeline', {
    maxItems: TIMELINE_MAX_ENTRIES,
    ttlMs: TIMELINE_TTL_MS,
  }),
  index: createQueuedSharedStore<string>('timeline-request'),
})

let admin: Redis
beforeEach(() => {
  admin = new Redis(redis.server.url)
  // Tests stop the server: this client's reconnection errors are not news.
  admin.on('error', () => undefined)
})
afterEach(() => {
  admin.disconnect()
  setTimelineStoresForTests(undefined)
})

describe('shared list in Redis', () => {
  it('what one instance pushes another reads, newest first, at most 500, for 14 days after the last push', async () => {
    const a = createSharedList<number>('list', { maxItems: 500, ttlMs: 14 * DAY })
    const b = createSharedList<number>('list', { maxItems: 500, ttlMs: 14 * DAY })
    // One pipeline for pushes of the same moment, in the order they came.
    await Promise.all(Array.from({ length: 510 }, (_, i) => a.push('m1', i + 1)))
    const kept = await b.newest('m1')
    expect(kept).toHaveLength(500)
    expect(kept[0]).toBe(510)
    expect(kept[499]).toBe(11)
    expect(await b.newest('m1', 2)).toEqual([510, 509])
    expect(await admin.llen(redisKey('list', 'm1'))).toBe(500)
    const ttl = await admin.pttl(redisKey('list', 'm1'))
    expect(ttl).toBeGreaterThan(14 * DAY - 60_000)
    expect(ttl).toBeLessThanOrEqual(14 * DAY)
    // Each push starts the 14 days again.
    await admin.pexpire(redisKey('list', 'm1'), 5000)
    await a.push('m1', 511)
    expect(await admin.pttl(redisKey('list', 'm1'))).toBeGreaterThan(14 * DAY - 60_000)
    // Gone when its TTL ends.
    await admin.pexpire(redisKey('list', 'm1'), 1)
    await until(async () => (await b.newest('m1')).length === 0)
  })

  it('a backlog goes in pipelines of at most LIST_PIPELINE_MAX_WRITES, each after the last is answered: other commands pass between', async () => {
    const client = redis.client
    const pipeline = client.pipeline.bind(client)
    /** Each pipeline's writes (three commands a push), and whether one was already under way when it went. */
    const sent: Array<{ writes: number; overlapping: boolean }> = []
    let underWay = 0
    vi.spyOn(client, 'pipeline').mockImplementation(() => {
      const p = pipeline()
      const exec = p.exec.bind(p)
      p.exec = async () => {
        sent.push({ writes: p.length / 3, overlapping: underWay > 0 })
        underWay++
        try {
          return await exec()
        } finally {
          underWay--
        }
      }
      return p
    })
    const a = createSharedList<number>('list', { maxItems: 500, ttlMs: DAY })
    const pushes = 5 * LIST_PIPELINE_MAX_WRITES
    await Promise.all(Array.from({ length: pushes }, (_, i) => a.push(`m${i % 7}`, i)))
    expect(sent.reduce((sum, p) => sum + p.writes, 0)).toBe(pushes)
    expect(Math.max(...sent.map((p) => p.writes))).toBeLessThanOrEqual(LIST_PIPELINE_MAX_WRITES)
    expect(sent.filter((p) => p.overlapping)).toEqual([])
    // In the order they came: each key's newest is its last push.
    expect((await a.newest('m0', 1))[0]).toBe(pushes - 1 - ((pushes - 1) % 7))
  })

  it('a pipeline that fails on a connected Redis does not mark it away for the session stores; its pushes go with the next pipeline', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const replayed = vi.fn()
    const stop = onRedisRecovered(replayed)
    const client = redis.client
    const pipeline = client.pipeline.bind(client)
    vi.spyOn(client, 'pipeline').mockImplementationOnce(() => {
      const p = pipeline()
      p.exec = () => Promise.reject(new Error('Command timed out'))
      return p
    })
    try {
      const a = createSharedList<number>('list', { maxItems: 500, ttlMs: DAY })
      await a.push('m1', 1)
      expect(await admin.llen(redisKey('list', 'm1'))).toBe(0)
      await a.push('m1', 2)
      await until(async () => (await admin.llen(redisKey('list', 'm1'))) === 2)
      expect((await a.newest('m1')).sort()).toEqual([1, 2])
      // No "unavailable" line, and no replay of every store as after an outage.
      expect(warn.mock.calls.filter(([m]) => String(m).startsWith('[redis]'))).toEqual([])
      expect(replayed).not.toHaveBeenCalled()
    } finally {
      stop()
    }
  })

  it('while Redis is away: a push is kept in memory at once, read there, and written to Redis when it is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const a = createSharedList<number>('list', { maxItems: 500, ttlMs: 14 * DAY })
    await a.push('m1', 1)
    await redis.server.stop()
    await until(() => !redisReady())
    // Not a command is tried while it is away, and neither push waits one command's timeout
    // (a busy machine may take a hundred ms for two; a wait on Redis takes more).
    const pipeline = vi.spyOn(sharedRedis()!, 'pipeline')
    const started = performance.now()
    await a.push('m1', 2)
    await a.push('m1', 3)
    expect(performance.now() - started).toBeLessThan(env().REDIS_COMMAND_TIMEOUT_MS)
    expect(pipeline).not.toHaveBeenCalled()
    pipeline.mockRestore()
    expect(await a.newest('m1')).toEqual([3, 2])
    expect(warn.mock.calls.filter(([m]) => String(m).includes('unavailable'))).toHaveLength(1)
    await redis.server.start()
    await until(() => redisReady())
    const b = createSharedList<number>('list', { maxItems: 500, ttlMs: 14 * DAY })
    // The append-only file kept 1; 2 and 3 come back from A's memory.
    await until(async () => (await b.newest('m1')).length === 3)
    expect(await b.newest('m1')).toEqual([3, 2, 1])
  })
})

describe('queued shared store in Redis', () => {
  it("keeps in this instance's memory only what Redis did not take", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const memory = createMemoryStore<string>()
    const a = createQueuedSharedStore<string>('timeline-request', memory)
    await Promise.all(Array.from({ length: 500 }, (_, i) => a.set(`r${i}`, `m${i}`, DAY)))
    expect(memory.size).toBe(0)
    expect(await createQueuedSharedStore<string>('timeline-request').get('r499')).toBe('m499')
    // Redis away: kept here, and read here.
    await redis.server.stop()
    await until(() => !redisReady())
    await a.set('r-away', 'm-away', DAY)
    expect(memory.size).toBe(1)
    expect(await a.get('r-away')).toBe('m-away')
  })
})

describe('the timeline in Redis', () => {
  it("a request id one instance recorded is found by another, with its member's entry", async () => {
    setTimelineStoresForTests(instance())
    recordRequest('member-1', timelineEntry('req1aaaa', 1000))
    recordRequest('member-1', timelineEntry('req2bbbb', 2000))
    recordRequest('member-2', timelineEntry('req3cccc', 3000))
    setTimelineStoresForTests(instance())
    await until(async () => (await findRequest('req3cccc')) !== null)
    await until(async () => (await timelineOf('member-1')).length === 2)
    expect(await findRequest('req1aaaa')).toEqual({
      memberId: 'member-1',
      entry: timelineEntry('req1aaaa', 1000),
    })
    expect((await timelineOf('member-1')).map((e) => e.requestId)).toEqual(['req2bbbb', 'req1aaaa'])
    const stored = await admin.get(redisKey('timeline-request', 'req1aaaa'))
    expect(stored).toBe('"member-1"')
    expect(await admin.pttl(redisKey('timeline-request', 'req1aaaa'))).toBeGreaterThan(
      TIMELINE_TTL_MS - 60_000,
    )
  })

  describe("a member's request over HTTP", () => {
    let server: Awaited<ReturnType<typeof contextServer>>
    const cookie = `${SESSION_COOKIE_NAME}=${sealSession(sessionPayload({ mid: 'member-9' }), [SECRET])}`

    beforeEach(async () => {
      setTimelineStoresForTests(instance())
      server = await contextServer(async (req, res, context) => {
        await guardedOk(req, context)
        res.setHeader('X-Request-Id', context.requestId ?? '')
        res.end('ok')
      })
    })
    afterEach(() => server.close())

    const timedGet = () => server.get('/profile', { Cookie: cookie })

    it('a frozen Redis never slows the answer', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const first = await timedGet()
      await until(async () => (await findRequest(first.requestId)) !== null)
      // Every client's writes wait 1.5 s: the entry's does, the answer does not.
      await admin.call('CLIENT', 'PAUSE', '1500', 'WRITE')
      const { ms, requestId } = await timedGet()
      expect(ms).toBeLessThan(SLOWER_THAN_REDIS_MS)
      await until(async () => (await findRequest(requestId)) !== null, 10_000)
      await admin.call('CLIENT', 'UNPAUSE')
    })

    it('a Redis that is away never fails the request; the entry reaches Redis when it is back', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      await redis.server.stop()
      await until(() => !redisReady())
      const { ms, requestId } = await timedGet()
      expect(ms).toBeLessThan(SLOWER_THAN_REDIS_MS)
      await until(async () => (await timelineOf('member-9')).length === 1)
      await redis.server.start()
      await until(() => redisReady())
      setTimelineStoresForTests(instance())
      await until(async () => (await findRequest(requestId))?.memberId === 'member-9')
    })
  })
})
