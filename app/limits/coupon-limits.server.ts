/**
 * Wrong coupon codes are limited (docs/decisions/0095, 0133): per member
 * (COUPON_LIMIT_PER_MEMBER per window), the main line, and, when the client
 * address is known (TRUST_PROXY_HOPS > 0), per address (COUPON_LIMIT_PER_IP),
 * so that many accounts from one place cannot guess codes without end. Thai
 * carriers put thousands of members behind one address: the address counts
 * only guesses (codes the backend does not know) by members still within
 * their own limit, against a ceiling that honest members behind one NAT
 * never reach. The counters are the login limits' (rate-limit.server.ts): in
 * Redis when REDIS_URL is set, shared by every instance, else in this
 * process's memory.
 *
 * Every attempt that reaches the backend is counted before it goes (so a
 * burst of parallel posts cannot slip past the limit); one that turns out
 * not to be a wrong code (redeemed, or the backend could not answer) is
 * taken back, and one that named a code that exists (expired, used, not for
 * this member) is taken back from the address.
 */
import { clientAddress } from '~/server/client-address.server'
import { env } from '~/server/env.server'
import {
  minutesToWait,
  sharedRateLimiter,
  type AttemptCounter,
  type Hit,
} from '~/limits/rate-limit.server'

export interface CouponLimitSettings {
  perMember: number
  perIp: number
  windowMs: number
  /** The client address (null: unknown, the per-address limit does not apply). */
  address: (request: Request) => string | null
  now?: () => number
}

export interface CouponAttempt {
  /** ms to wait when over a limit (the attempt must not go to the backend), else 0. */
  waitMs: number
  /** The attempt was no wrong code after all: it does not count. */
  release(): Promise<void>
  /** The code exists (expired, used, not for this member): no guess, the address does not count it. */
  noGuess(): Promise<void>
}

export function couponLimitMessage(retryAfterMs: number): string {
  const minutes = minutesToWait(retryAfterMs)
  return `กรอกรหัสคูปองผิดหลายครั้งเกินไป กรุณารอประมาณ ${minutes} นาทีแล้วลองใหม่`
}

export function createCouponLimits(settings: CouponLimitSettings) {
  const now = settings.now ?? Date.now
  const rule = (name: string, limit: number): AttemptCounter =>
    sharedRateLimiter(name, { limit, windowMs: settings.windowMs }, now)
  const byMember = rule('coupon-member', settings.perMember)
  const byIp = rule('coupon-ip', settings.perIp)

  return {
    /** Counts a redeem attempt of `memberId` from this request's address. */
    async attempt(request: Request, memberId: string | number): Promise<CouponAttempt> {
      const member = String(memberId)
      const m = await byMember.hit(member)
      // Past their own limit, a member is stopped by it: the address counts
      // only attempts that would reach the backend, so one member's flood
      // does not stop the others behind the same address.
      const address = m.limited ? null : settings.address(request)
      const a: Hit = address ? await byIp.hit(address) : { limited: false, retryAfterMs: 0 }
      const waitMs = Math.max(m.limited ? m.retryAfterMs : 0, a.limited ? a.retryAfterMs : 0)
      const fromAddress = async () => {
        if (address) await byIp.release(address)
      }
      return {
        waitMs: m.limited || a.limited ? Math.max(1, waitMs) : 0,
        release: async () => {
          await Promise.all([byMember.release(member), fromAddress()])
        },
        noGuess: fromAddress,
      }
    },
  }
}

let limits: ReturnType<typeof createCouponLimits> | undefined

/** Counts a redeem attempt of the member (see createCouponLimits). */
export function couponAttempt(request: Request, memberId: string | number): Promise<CouponAttempt> {
  if (!limits) {
    const e = env()
    limits = createCouponLimits({
      perMember: e.COUPON_LIMIT_PER_MEMBER,
      perIp: e.COUPON_LIMIT_PER_IP,
      windowMs: e.COUPON_LIMIT_WINDOW_S * 1000,
      address: (request) => clientAddress(request),
    })
  }
  return limits.attempt(request, memberId)
}
