/**
 * The state several instances share through a real redis-server: each
 * "instance" here has its own memory (its own stores, refresher and limits)
 * and the same Redis, as three app processes behind a load balancer would.
 */
import { Redis } from 'ioredis'
import { describe, expect, it, vi } from 'vitest'
import type { TokenPair } from '~/backend/schemas'
import { redisReady, shared } from '~/server/redis.server'
import { createRefresher, redisRefreshLock } from '~/session/refresh.server'
import { sharedRateLimiter } from '~/limits/rate-limit.server'
import { createSharedMaxStore, createSharedStore } from '~/server/store.server'
import { until, useFreshTestRedis } from '../../tests/support/redis-server'

const redis = useFreshTestRedis()

const PAIR: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2' }

function instance() {
  return createRefresher(createSharedStore<string>('refresh'), () => 120_000, {
    lock: redisRefreshLock(400),
    pollMs: 5,
    extendEveryMs: 100,
    maxWaitMs: () => 5000,
  })
}

describe('shared store', () => {
  it('a value one instance writes is read by another', async () => {
    const a = createSharedStore<true>('ended')
    const b = createSharedStore<true>('ended')
    await a.set('sid-1', true, 60_000)
    expect(await b.get('sid-1')).toBe(true)
    expect(await b.get('sid-2')).toBeUndefined()
  })

  it('while Redis is away: served from memory at once, then written to Redis when it is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const a = createSharedStore<true>('ended')
    await redis.server.stop()
    await until(() => !redisReady())
    const started = Date.now()
    await a.set('sid-away', true, 60_000)
    expect(await a.get('sid-away')).toBe(true)
    expect(Date.now() - started).toBeLessThan(200)
    expect(warn.mock.calls.filter(([m]) => String(m).includes('unavailable'))).toHaveLength(1)
    await redis.server.start()
    await until(() => redisReady())
    // Another instance (empty memory) sees what was written while Redis was away.
    const b = createSharedStore<true>('ended')
    await until(async () => (await b.get('sid-away')) === true)
    expect(warn.mock.calls.some(([m]) => String(m).includes('back'))).toBe(true)
  })
  it('"ended before T": a smaller T written late never replaces a larger one', async () => {
    const a = createSharedMaxStore('ended-before')
    const b = createSharedMaxStore('ended-before')
    const c = createSharedMaxStore('ended-before')
    // B ends the member's sessions at 2000; A's end at 1000, kept while Redis was
    // away (or stuck in a frozen Redis), reaches Redis afterwards.
    await b.set('member-1', 2000, 60_000)
    await a.set('member-1', 1000, 60_000)
    expect(await c.get('member-1')).toBe(2000)
    expect(await a.get('member-1')).toBe(2000)
    await a.set('member-1', 3000, 60_000)
    expect(await c.get('member-1')).toBe(3000)
  })

  it('Redis too slow (paused): memory answers after two command timeouts, not later', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const a = createSharedStore<true>('ended')
    await a.set('sid-slow', true, 60_000)
    // Another client pauses every client's commands for 2.5 s: memory answers well before Redis
    // would (two timeouts of 250 ms), with room for a busy machine's late timers.
    const admin = new Redis(redis.server.url)
    await admin.call('CLIENT', 'PAUSE', '2500', 'ALL')
    const started = Date.now()
    expect(await a.get('sid-slow')).toBe(true)
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(450)
    expect(took).toBeLessThan(2000)
    await admin.call('CLIENT', 'UNPAUSE')
    admin.disconnect()
  })
})

/** The "[redis]" lines that say this instance serves from its own memory. */
const fromMemoryLines = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls.filter(([m]) => String(m).includes('serving from'))

describe('a slow command is not Redis away (a busy machine)', () => {
  it('one command slower than the timeout: memory answers its caller, the log says nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const probe = createSharedStore<true>('ended')
    const admin = new Redis(redis.server.url)
    await admin.call('CLIENT', 'PAUSE', '300', 'ALL')
    expect(
      await shared(
        (r) => r.get('k'),
        () => 'memory',
      ),
    ).toBe('memory')
    await new Promise((r) => setTimeout(r, 100))
    expect(await probe.get('sid-x')).toBeUndefined()
    expect(
      await shared(
        async (r) => (await r.ping()) === 'PONG',
        () => false,
      ),
    ).toBe(true)
    expect(fromMemoryLines(warn)).toEqual([])
    admin.disconnect()
  })

  it('the event loop blocked past the timeout while Redis had answered: Redis answers', async () => {
    await redis.client.set('k', 'redis')
    const answer = shared(
      (r) => r.get('k'),
      () => 'memory',
    )
    const until = Date.now() + 400
    while (Date.now() < until) {
      // A busy process: nothing else runs for 400 ms.
    }
    expect(await answer).toBe('redis')
  })

  it('commands failing for a second: the log says once that memory serves, and once that Redis is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const admin = new Redis(redis.server.url)
    await admin.call('CLIENT', 'PAUSE', '1800', 'ALL')
    const started = Date.now()
    while (Date.now() - started < 1400) {
      expect(
        await shared(
          (r) => r.get('k'),
          () => 'memory',
        ),
      ).toBe('memory')
    }
    expect(fromMemoryLines(warn)).toHaveLength(1)
    await admin.call('CLIENT', 'UNPAUSE')
    await until(
      async () =>
        (await shared(
          (r) => r.get('k'),
          () => 'memory',
        )) === null,
    )
    expect(warn.mock.calls.filter(([m]) => String(m).includes('back'))).toHaveLength(1)
    expect(fromMemoryLines(warn)).toHaveLength(1)
    admin.disconnect()
  })

  it("B's read of an ended session times out once: the logout still holds on B", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const a = createSharedStore<true>('ended')
    await a.set('sid-out', true, 60_000)
    const b = createSharedStore<true>('ended')
    const admin = new Redis(redis.server.url)
    // B's first GET waits past the timeout; Redis answers again 400 ms from now.
    await admin.call('CLIENT', 'PAUSE', '400', 'ALL')
    expect(await b.get('sid-out')).toBe(true)
    admin.disconnect()
  })
})

describe('refresh across instances', () => {
  it('50 callers spread over 3 instances make ONE backend call and all get the same pair', async () => {
    const instances = [instance(), instance(), instance()]
    let calls = 0
    const doRefresh = async () => {
      calls += 1
      await new Promise((r) => setTimeout(r, 50))
      return PAIR
    }
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => instances[i % 3]!('refresh-1', doRefresh)),
    )
    expect(results).toEqual(Array(50).fill(PAIR))
    expect(calls).toBe(1)
    // Later, with the old cookie (a lost answer), another instance remembers.
    expect(await instance()('refresh-1', doRefresh)).toEqual(PAIR)
    expect(calls).toBe(1)
  })

  it('a holder whose call fails releases the lock: a waiting instance calls the backend itself', async () => {
    const [a, b] = [instance(), instance()]
    let release!: () => void
    const failing = vi.fn(
      () => new Promise<TokenPair>((_, reject) => (release = () => reject(new Error('down')))),
    )
    const first = a('refresh-1', failing)
    await until(() => failing.mock.calls.length === 1)
    const working = vi.fn(async () => PAIR)
    const second = b('refresh-1', working)
    await new Promise((r) => setTimeout(r, 30))
    expect(working).not.toHaveBeenCalled()
    release()
    await expect(first).rejects.toThrow('down')
    expect(await second).toEqual(PAIR)
    expect(working).toHaveBeenCalledTimes(1)
  })

  it('a holder that dies (its lock is no longer extended) is taken over once the lock expires', async () => {
    // Another instance took the lock and died: nobody extends or releases it.
    const dead = redisRefreshLock(300)
    const { createHash } = await import('node:crypto')
    const key = createHash('sha256').update('refresh-1').digest('base64url')
    expect(await dead.take(key)).toBe('mine')
    const started = Date.now()
    const working = vi.fn(async () => PAIR)
    expect(await instance()('refresh-1', working)).toEqual(PAIR)
    expect(working).toHaveBeenCalledTimes(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
  })

  it('Redis stops answering while another instance refreshes: the waiter waits, it does not call too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const patient = () =>
      createRefresher(createSharedStore<string>('refresh'), () => 120_000, {
        lock: redisRefreshLock(2500),
        pollMs: 5,
        extendEveryMs: 100,
        maxWaitMs: () => 5000,
      })
    const [a, b] = [patient(), patient()]
    const holder = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 1500))
      return PAIR
    })
    const first = a('refresh-1', holder)
    await until(() => holder.mock.calls.length === 1)
    const waiter = vi.fn(async () => PAIR)
    const second = b('refresh-1', waiter)
    await new Promise((r) => setTimeout(r, 30))
    // Every client's commands wait 1.2 s: the waiter's questions time out, again and again.
    const admin = new Redis(redis.server.url)
    await admin.call('CLIENT', 'PAUSE', '1200', 'ALL')
    expect(await first).toEqual(PAIR)
    expect(await second).toEqual(PAIR)
    expect(waiter).not.toHaveBeenCalled()
    admin.disconnect()
  })

  it('while Redis is away: each instance still refreshes once for its own callers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await redis.server.stop()
    await until(() => !redisReady())
    const doRefresh = vi.fn(async () => PAIR)
    const a = instance()
    expect(await Promise.all([a('refresh-1', doRefresh), a('refresh-1', doRefresh)])).toEqual([
      PAIR,
      PAIR,
    ])
    expect(doRefresh).toHaveBeenCalledTimes(1)
  })
})

describe('login limits across instances', () => {
  it('attempts on two instances add to one count, and a success on either resets it', async () => {
    const rule = { limit: 3, windowMs: 60_000 }
    const [a, b] = [sharedRateLimiter('username', rule), sharedRateLimiter('username', rule)]
    expect((await a.hit('somchai')).limited).toBe(false)
    expect((await b.hit('somchai')).limited).toBe(false)
    expect((await a.hit('somchai')).limited).toBe(false)
    const over = await b.hit('somchai')
    expect(over.limited).toBe(true)
    expect(over.retryAfterMs).toBeGreaterThan(59_000)
    await a.reset('somchai')
    expect((await b.hit('somchai')).limited).toBe(false)
  })

  it('keeps no username in Redis (keys are hashed)', async () => {
    await sharedRateLimiter('username', { limit: 3, windowMs: 60_000 }).hit('somchai')
    const keys = (await redis.client.eval("return redis.call('KEYS', '*')", 0)) as string[]
    expect(keys).toHaveLength(1)
    expect(keys[0]).not.toContain('somchai')
    expect(keys[0]).toMatch(/^member-app:limit:username:/)
  })

  it('wrong coupon codes on two instances add to one count; a released attempt does not count', async () => {
    const rule = { limit: 2, windowMs: 60_000 }
    const [a, b] = [
      sharedRateLimiter('coupon-member', rule),
      sharedRateLimiter('coupon-member', rule),
    ]
    expect((await a.hit('7')).limited).toBe(false)
    await a.release('7')
    expect((await b.hit('7')).limited).toBe(false)
    expect((await a.hit('7')).limited).toBe(false)
    expect((await b.hit('7')).limited).toBe(true)
  })
})
