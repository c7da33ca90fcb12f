import { describe, expect, it } from 'vitest'
import { couponLimitMessage, createCouponLimits } from '~/limits/coupon-limits.server'

function limits(address: (request: Request) => string | null = () => null) {
  let now = 1_000_000
  const l = createCouponLimits({
    perMember: 3,
    perIp: 5,
    windowMs: 60_000,
    address,
    now: () => now,
  })
  return { ...l, later: (ms: number) => (now += ms) }
}

const post = (forwardedFor?: string) =>
  new Request('http://app.example/coupon', {
    method: 'POST',
    headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
  })

describe('coupon limits', () => {
  it('refuses a member past the limit of wrong codes until the window ends', async () => {
    const l = limits()
    for (let i = 0; i < 3; i++) expect((await l.attempt(post(), 7)).waitMs).toBe(0)
    const over = await l.attempt(post(), 7)
    expect(over.waitMs).toBe(60_000)
    // Another member is not held back.
    expect((await l.attempt(post(), 8)).waitMs).toBe(0)
    l.later(60_000)
    expect((await l.attempt(post(), 7)).waitMs).toBe(0)
  })

  it('an attempt that was no wrong code (redeemed, backend down) is taken back', async () => {
    const l = limits()
    for (let i = 0; i < 10; i++) {
      const attempt = await l.attempt(post(), 7)
      expect(attempt.waitMs).toBe(0)
      await attempt.release()
    }
  })

  it('counts per client address too: many accounts from one place share it', async () => {
    const l = limits((request) => request.headers.get('X-Forwarded-For'))
    for (let member = 1; member <= 5; member++) {
      expect((await l.attempt(post('203.0.113.9'), member)).waitMs).toBe(0)
    }
    expect((await l.attempt(post('203.0.113.9'), 6)).waitMs).toBeGreaterThan(0)
    expect((await l.attempt(post('198.51.100.1'), 6)).waitMs).toBe(0)
  })

  it("one member's flood behind an address does not stop the other members there (carrier NAT)", async () => {
    const l = createCouponLimits({
      perMember: 10,
      perIp: 30,
      windowMs: 900_000,
      address: (request) => request.headers.get('X-Forwarded-For'),
    })
    const nat = '203.0.113.9'
    // Member A posts 30 wrong codes: 10 reach the backend, 20 are stopped by A's own limit.
    for (let i = 0; i < 30; i++) await l.attempt(post(nat), 'member-a')
    expect((await l.attempt(post(nat), 'member-a')).waitMs).toBeGreaterThan(0)
    // Member B, behind the same address, redeems.
    expect((await l.attempt(post(nat), 'member-b')).waitMs).toBe(0)
  })

  it('a code that exists (expired, used, not for this member) is no guess: the address does not count it', async () => {
    const l = limits((request) => request.headers.get('X-Forwarded-For'))
    // A broadcast code ran out: five members behind one address each get "used".
    for (let member = 1; member <= 5; member++) {
      const attempt = await l.attempt(post('203.0.113.9'), member)
      expect(attempt.waitMs).toBe(0)
      await attempt.noGuess()
    }
    expect((await l.attempt(post('203.0.113.9'), 6)).waitMs).toBe(0)
    // Each member's own count still has them (the per-member line stays as it is).
    for (let i = 0; i < 2; i++) await (await l.attempt(post('203.0.113.9'), 1)).noGuess()
    expect((await l.attempt(post('203.0.113.9'), 1)).waitMs).toBeGreaterThan(0)
  })

  it('says in Thai how long to wait, in whole minutes', () => {
    expect(couponLimitMessage(60_000)).toBe('กรอกรหัสคูปองผิดหลายครั้งเกินไป กรุณารอประมาณ 1 นาทีแล้วลองใหม่')
    expect(couponLimitMessage(61_000)).toContain('ประมาณ 2 นาที')
    expect(couponLimitMessage(1)).toContain('ประมาณ 1 นาที')
  })
})
