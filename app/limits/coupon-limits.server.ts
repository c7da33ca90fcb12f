// Wrong coupon codes are limited (docs/decisions/0095, 0133) per member and, with a trusted
// address, per address. Thai carriers put thousands behind one address: the address counts only
// guesses by members within their own limit, against a ceiling honest NAT users never reach.
// Counted before the backend call (parallel posts cannot slip past), taken back when no guess.
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
  address: (request: Request) => string | null
  now?: () => number
}

export interface CouponAttempt {
  waitMs: number
  release(): Promise<void>
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
