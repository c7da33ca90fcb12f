/**
 * The staff login's slow-downs (docs/decisions/0155), on a fake clock: per
 * (username, address) first, the username alone much later, a known browser
 * on its own key, nothing per address alone, and a slow-down on the record
 * once per episode. The same journeys run on the memory counter and on a
 * real redis-server (the Lua script).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryBackoff, sharedBackoff, type BackoffCounter } from '~/limits/backoff.server'
import type { LoginLimitedRecord } from '~/staff/watch-audit.server'
import {
  createStaffLoginLimits,
  deviceCookie,
  STAFF_DEVICE_COOKIE,
  staffLoginLimitMessage,
} from '~/limits/login-limits.server'
import { useFreshTestRedis } from '../../tests/support/redis-server'

const config = () => ({ secrets: ['staff-limits-test-secret-0123456789'], secure: false })

function from(address: string | null, setCookie?: string) {
  const headers: Record<string, string> = {}
  if (address) headers['X-Forwarded-For'] = address
  if (setCookie) headers['Cookie'] = setCookie.split(';')[0]!
  return new Request('http://app.example/staff/login', { method: 'POST', headers })
}

function limits(counter: (now: () => number) => BackoffCounter) {
  let now = 1_000_000
  const record = vi.fn(async (_event: Omit<LoginLimitedRecord, 'type' | 'at'>) => undefined)
  const clock = () => now
  const l = createStaffLoginLimits({
    address: (r) => r.headers.get('X-Forwarded-For'),
    device: deviceCookie(config, STAFF_DEVICE_COOKIE),
    counter: counter(clock),
    now: clock,
    record,
  })
  /** A wrong code from `address`: the wait it was told (0: the backend judged it and refused). */
  const wrong = async (username: string, address: string | null, cookie?: string) => {
    const attempt = await l.attempt(from(address, cookie), username)
    if (attempt.waitMs === 0) await l.refused(attempt)
    return attempt.waitMs
  }
  return { ...l, record, wrong, later: (ms: number) => (now += ms) }
}

const A = '198.51.100.7'
const B = '203.0.113.20'

function journeys(name: string, counter: (now: () => number) => BackoffCounter) {
  describe(`the staff login's slow-downs (${name})`, () => {
    it('five wrong codes from one address, then each try waits longer; the real person at another address gets in', async () => {
      const l = limits(counter)
      for (let i = 0; i < 5; i++) expect(await l.wrong('support1', A)).toBe(0)
      expect(await l.wrong('support1', A)).toBe(2000)
      // Tries while waiting count nowhere: the wait does not grow.
      for (let i = 0; i < 50; i++) await l.wrong('support1', A)
      l.later(1000)
      expect(await l.wrong('support1', A)).toBe(1000)
      l.later(1000)
      expect(await l.wrong('support1', A)).toBe(0)
      expect(await l.wrong('support1', A)).toBe(4000)
      // Another address: no wait at all.
      const real = await l.attempt(from(B), 'support1')
      expect(real.waitMs).toBe(0)
      expect(await l.succeeded(real)).toMatch(new RegExp(`^${STAFF_DEVICE_COOKIE}=`))
    })

    it('the wait doubles up to a minute, and is forgotten after 15 quiet minutes', async () => {
      const l = limits(counter)
      for (let i = 0; i < 5; i++) await l.wrong('support1', A)
      const waits: number[] = []
      for (let i = 0; i < 8; i++) {
        const wait = await l.wrong('support1', A)
        waits.push(wait)
        l.later(wait)
        expect(await l.wrong('support1', A)).toBe(0)
      }
      expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000])
      l.later(15 * 60_000)
      expect(await l.wrong('support1', A)).toBe(0)
    })

    it('one address flooding for an hour never slows the username at another address', async () => {
      const l = limits(counter)
      for (let minute = 0; minute < 60; minute++) {
        for (let i = 0; i < 20; i++) await l.wrong('support1', A)
        l.later(60_000)
      }
      expect((await l.attempt(from(B), 'support1')).waitMs).toBe(0)
      expect(l.record.mock.calls.map(([event]) => event)).toEqual([
        { staffUsername: 'support1', address: A, scope: 'username-address', retryAfterSeconds: 2 },
      ])
    })

    it('a flood from many addresses slows the username, on the record once; the known browser still gets in', async () => {
      const l = limits(counter)
      const known = await l.succeeded(await l.attempt(from(B), 'support1'))
      for (let n = 0; n < 40; n++) {
        for (let i = 0; i < 5; i++) await l.wrong('support1', `192.0.2.${n}`)
      }
      // A new browser at a fresh address waits now, but for a minute at most.
      const fresh = await l.attempt(from('198.18.0.1'), 'support1')
      expect(fresh.waitMs).toBeGreaterThan(0)
      expect(fresh.waitMs).toBeLessThanOrEqual(60_000)
      expect(staffLoginLimitMessage(fresh.waitMs)).toMatch(
        /^พยายามเข้าสู่ระบบบ่อยเกินไป ลองใหม่ได้ในอีก \d+ วินาที$/,
      )
      // The staff person's own browser is not slowed by anyone else.
      expect((await l.attempt(from(B, known), 'SUPPORT1')).waitMs).toBe(0)
      const events = l.record.mock.calls.map(([event]) => event)
      expect(events.filter((e) => e.scope === 'username')).toEqual([
        {
          staffUsername: 'support1',
          address: expect.any(String),
          scope: 'username',
          retryAfterSeconds: 2,
        },
      ])
      // One record per address slowed before the username was (six times five failures):
      // the other addresses' tries waited, and counted nowhere.
      expect(events.filter((e) => e.scope === 'username-address')).toHaveLength(6)
    })

    it('nothing per address alone: wrong codes for many usernames from an office leave the others alone', async () => {
      const l = limits(counter)
      for (let n = 0; n < 200; n++) {
        for (let i = 0; i < 5; i++) await l.wrong(`staff${n}`, A)
      }
      expect((await l.attempt(from(A), 'support1')).waitMs).toBe(0)
    })

    it('a success starts the pair again; a try the backend could not judge does not count', async () => {
      const l = limits(counter)
      for (let i = 0; i < 4; i++) await l.wrong('support1', A)
      await l.succeeded(await l.attempt(from(A), 'support1'))
      for (let i = 0; i < 5; i++) expect(await l.wrong('support1', A)).toBe(0)
      expect(await l.wrong('support1', B)).toBe(0)
      for (let i = 0; i < 10; i++) {
        const attempt = await l.attempt(from(B), 'support2')
        expect(attempt.waitMs).toBe(0)
        await l.unanswered(attempt)
      }
    })

    it('without a trusted address, the username is slowed, never locked', async () => {
      const l = limits(counter)
      for (let i = 0; i < 5; i++) await l.wrong('support1', null)
      const wait = await l.wrong('support1', null)
      expect(wait).toBe(2000)
      l.later(wait)
      expect(await l.wrong('support1', null)).toBe(0)
    })
  })
}

journeys('memory', (now) => memoryBackoff(now))

describe('on Redis', () => {
  const redis = useFreshTestRedis()
  // The journeys ran on Redis, not on the memory a failing script falls back to.
  afterEach(async () => {
    const keys = await redis.client.eval("return #redis.call('KEYS', '*backoff*')", 0)
    expect(keys).toBeGreaterThan(0)
  })
  journeys('Redis', (now) => sharedBackoff(`staff-login-test-${Math.random()}`, now))
})
