import { describe, expect, it } from 'vitest'
import { RateLimiter, retryAfterHeader } from '~/limits/rate-limit.server'

describe('RateLimiter', () => {
  it('allows `limit` hits per window, then refuses until the window ends', () => {
    let now = 1_000
    const limiter = new RateLimiter({ limit: 3, windowMs: 10_000 }, () => now)
    expect([1, 2, 3].map(() => limiter.hit('a').limited)).toEqual([false, false, false])
    const fourth = limiter.hit('a')
    expect(fourth.limited).toBe(true)
    expect(fourth.retryAfterMs).toBe(10_000)
    expect(limiter.hit('b').limited).toBe(false)
    now += 10_000
    expect(limiter.hit('a').limited).toBe(false)
  })
  it('reset clears a key', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, () => 0)
    limiter.hit('a')
    expect(limiter.hit('a').limited).toBe(true)
    limiter.reset('a')
    expect(limiter.hit('a').limited).toBe(false)
  })
  it('release takes back one hit of the window under way, never below zero', () => {
    let now = 0
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, () => now)
    limiter.hit('a')
    limiter.release('a')
    limiter.release('a')
    expect(limiter.hit('a').limited).toBe(false)
    expect(limiter.hit('a').limited).toBe(true)
    now += 1000
    limiter.release('a')
    expect(limiter.hit('a').limited).toBe(false)
  })
})

describe('retryAfterHeader', () => {
  it('is whole seconds, rounded up, at least one', () => {
    expect(retryAfterHeader(0)).toEqual({ 'Retry-After': '1' })
    expect(retryAfterHeader(1)).toEqual({ 'Retry-After': '1' })
    expect(retryAfterHeader(1000)).toEqual({ 'Retry-After': '1' })
    expect(retryAfterHeader(1001)).toEqual({ 'Retry-After': '2' })
    expect(retryAfterHeader(900_000)).toEqual({ 'Retry-After': '900' })
  })
})
