/**
 * The relay's leases on a real redis-server: what the hub asks of them
 * (docs/decisions/0132), and what it costs Redis.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectRedis, redisReady, setRedisForTests, type SharedRedis } from '~/server/redis.server'
import { startTestRedis, until, type TestRedis } from '../../tests/support/redis-server'
import { redisRelay } from './relay.server'

let server: TestRedis
let client: SharedRedis

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  server = await startTestRedis()
  client = connectRedis(server.url, 1000)
  setRedisForTests(client)
  await until(() => redisReady())
})
afterAll(async () => {
  client.disconnect()
  setRedisForTests(undefined)
  await server.remove()
})

/** EVAL calls Redis has run so far. */
async function evals(admin: Redis): Promise<number> {
  const info = await admin.info('commandstats')
  return Number(/cmdstat_eval:calls=(\d+)/.exec(info)?.[1] ?? 0)
}

describe('relay leases', () => {
  it('one member, one holder: the other instance waits, and takes the lease once it is let go', async () => {
    const one = redisRelay(server.url, { claimEveryMs: 100, leaseMs: 300 })
    const two = redisRelay(server.url, { claimEveryMs: 100, leaseMs: 300 })
    try {
      expect(await one.claim('m1')).toBe(true)
      expect(await two.claim('m1')).toBe(false)
      // Renewed by the tick, past the lease's own length.
      await sleep(500)
      expect(await one.claim('m1')).toBe(true)
      expect(await two.claim('m1')).toBe(false)
      await one.release('m1')
      await until(async () => await two.claim('m1'))
      expect(await one.claim('m1')).toBe(false)
    } finally {
      one.stop()
      two.stop()
    }
  })

  it('a batch Redis does not answer in time leaves a relayed lease relayed (no second upstream)', async () => {
    const one = redisRelay(server.url, { claimEveryMs: 50, leaseMs: 5000 })
    const two = redisRelay(server.url, { claimEveryMs: 50, leaseMs: 5000 })
    // The same Redis, whose scripts time out while `slow` (a busy Redis, a loaded instance).
    let slow = false
    const timingOut = new Proxy(client, {
      get(target, name) {
        if (name === 'eval' && slow) return () => Promise.reject(new Error('Command timed out'))
        const value = Reflect.get(target, name) as unknown
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    try {
      expect(await one.claim('m2')).toBe(true)
      expect(await two.claim('m2')).toBe(false)
      setRedisForTests(timingOut)
      slow = true
      // A few ticks' batches fail; the hubs go on asking, as they do every tick.
      for (let t = 0; t < 5; t++) {
        await sleep(40)
        expect(await two.claim('m2')).toBe(false)
        expect(await one.claim('m2')).toBe(true)
      }
    } finally {
      setRedisForTests(client)
      one.stop()
      two.stop()
    }
  })

  it('costs Redis calls per tick, not per member: 1,000 members held by one instance and relayed by another', async () => {
    const admin = new Redis(server.url)
    const tickMs = 100
    const one = redisRelay(server.url, { claimEveryMs: tickMs, leaseMs: 3 * tickMs })
    const two = redisRelay(server.url, { claimEveryMs: tickMs, leaseMs: 3 * tickMs })
    const members = Array.from({ length: 1000 }, (_, i) => `member:${i}`)
    try {
      expect(await Promise.all(members.map((key) => one.claim(key)))).not.toContain(false)
      expect(await Promise.all(members.map((key) => two.claim(key)))).not.toContain(true)
      // As the hubs do: each channel asks for its lease every tick, each on its own timer.
      const before = await evals(admin)
      const ticks = 10
      for (let t = 0; t < ticks; t++) {
        const asked = members.map(async (key, i) => {
          await sleep((i % 10) * (tickMs / 20))
          return [await one.claim(key), await two.claim(key)]
        })
        const answers = await Promise.all(asked)
        expect(answers.every(([held, relayed]) => held && !relayed)).toBe(true)
      }
      const calls = (await evals(admin)) - before
      // Per tick: one batch per instance (and a few at the edges), never one per member.
      expect(calls).toBeLessThanOrEqual(2 * (ticks + 4) * 2)
    } finally {
      one.stop()
      two.stop()
      admin.disconnect()
    }
  })
})
