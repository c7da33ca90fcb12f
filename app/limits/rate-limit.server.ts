/**
 * Attempt limits (logins per client IP, username or known device; wrong
 * coupon codes per member and client IP): a fixed window counter per key. `RateLimiter` counts in this process's memory;
 * `sharedRateLimiter` counts in Redis (every instance adds to the same
 * count) and in memory while Redis is away (docs/decisions/0088).
 */
import { createHmac } from 'node:crypto'
import { env } from '~/server/env.server'
import { redisKey, shared } from '~/server/redis.server'

export interface RateLimitRule {
  limit: number
  windowMs: number
}

export interface Hit {
  limited: boolean
  retryAfterMs: number
}

/** What the limits need of a counter (memory or shared). */
export interface AttemptCounter {
  hit(key: string): Promise<Hit>
  reset(key: string): Promise<void>
  /** Takes back one hit of the window under way (an attempt that turned out not to count). */
  release(key: string): Promise<void>
}

interface Window {
  count: number
  resetAt: number
}

const MAX_KEYS = 50_000

export class RateLimiter {
  readonly #windows = new Map<string, Window>()
  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; true when it is over the limit. Returns the wait in ms too. */
  hit(key: string): { limited: boolean; retryAfterMs: number } {
    const now = this.now()
    let window = this.#windows.get(key)
    if (!window || window.resetAt <= now) {
      if (this.#windows.size >= MAX_KEYS) this.#sweep(now)
      window = { count: 0, resetAt: now + this.rule.windowMs }
      this.#windows.set(key, window)
    }
    window.count += 1
    return { limited: window.count > this.rule.limit, retryAfterMs: window.resetAt - now }
  }

  reset(key: string): void {
    this.#windows.delete(key)
  }

  release(key: string): void {
    const window = this.#windows.get(key)
    if (window && window.resetAt > this.now() && window.count > 0) window.count -= 1
  }

  #sweep(now: number) {
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key)
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < MAX_KEYS) break
      this.#windows.delete(key)
    }
  }
}

/** INCR, with the window's expiry set by the attempt that opens it; returns the count and the ms left. */
const HIT = `local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if c == 1 or t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) t = tonumber(ARGV[1]) end
return {c, t}`

/** DECR within the window under way; nothing once it has expired. */
const RELEASE = `if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`

/**
 * The Redis key of a counter's `key` (a username, an address): an HMAC
 * under the session secret, since a plain hash of an IPv4 address or a
 * username would be reversed by trying them all.
 */
export function hiddenRedisKey(kind: string, name: string, key: string): string {
  const hidden = createHmac('sha256', env().SESSION_SECRETS[0]!).update(key, 'utf8')
  return redisKey(kind, name, hidden.digest('base64url'))
}

/**
 * A counter every instance shares through Redis (keys are an HMAC under the
 * session secret: no username or address in Redis), falling back to this process's memory while Redis is
 * away or not configured.
 */
export function sharedRateLimiter(
  name: string,
  rule: RateLimitRule,
  now: () => number = Date.now,
): AttemptCounter {
  const memory = new RateLimiter(rule, now)
  const keyOf = (key: string) => hiddenRedisKey('limit', name, key)
  return {
    hit: (key) =>
      shared(
        async (r) => {
          const [count, ttl] = (await r.eval(HIT, 1, keyOf(key), String(rule.windowMs))) as [
            number,
            number,
          ]
          return { limited: count > rule.limit, retryAfterMs: Math.max(0, ttl) }
        },
        () => memory.hit(key),
      ),
    async reset(key) {
      memory.reset(key)
      await shared(
        (r) => r.del(keyOf(key)),
        () => 0,
      )
    },
    release: (key) =>
      shared(
        async (r) => {
          await r.eval(RELEASE, 1, keyOf(key))
        },
        () => memory.release(key),
      ),
  }
}

/** How many whole minutes (at least one) a member is told to wait for `retryAfterMs`. */
export function minutesToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000))
}

/**
 * The Retry-After of a 429 for `retryAfterMs`: whole seconds, at least one
 * (the coupon's form reply and the notifications' read post send it).
 */
export function retryAfterHeader(retryAfterMs: number): { 'Retry-After': string } {
  return { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) }
}
