/** Login attempt limits per client IP and per username (configurable by env). */
import { getClientIPAddress } from 'remix-utils/get-client-ip-address'
import { env } from '~/lib/env.server'
import { RateLimiter } from '~/session/rate-limit.server'

let limiters: { ip: RateLimiter; username: RateLimiter } | undefined

function get() {
  if (!limiters) {
    const { LOGIN_LIMIT_PER_IP, LOGIN_LIMIT_PER_USERNAME, LOGIN_LIMIT_WINDOW_S } = env()
    const windowMs = LOGIN_LIMIT_WINDOW_S * 1000
    limiters = {
      ip: new RateLimiter({ limit: LOGIN_LIMIT_PER_IP, windowMs }),
      username: new RateLimiter({ limit: LOGIN_LIMIT_PER_USERNAME, windowMs }),
    }
  }
  return limiters
}

export function loginLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  return `พยายามเข้าสู่ระบบบ่อยเกินไป กรุณารอประมาณ ${minutes} นาทีแล้วลองใหม่`
}

/** Counts a login attempt; returns the wait in ms when over a limit, else 0. */
export function loginAttempt(request: Request, username: string): number {
  const { ip, username: byName } = get()
  const a = ip.hit(getClientIPAddress(request) ?? 'unknown')
  const b = byName.hit(username.trim().toLowerCase())
  if (a.limited || b.limited)
    return Math.max(a.limited ? a.retryAfterMs : 0, b.limited ? b.retryAfterMs : 0)
  return 0
}

/** A successful login clears the username's count. */
export function loginSucceeded(username: string): void {
  get().username.reset(username.trim().toLowerCase())
}
