/**
 * In-memory login attempt limits, per client IP and per username: a fixed
 * window counter per key. One process only — documented in
 * docs/decisions/ with the other per-process state.
 */
export interface RateLimitRule {
  limit: number
  windowMs: number
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

  #sweep(now: number) {
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key)
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < MAX_KEYS) break
      this.#windows.delete(key)
    }
  }
}
