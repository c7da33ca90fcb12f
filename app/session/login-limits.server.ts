/**
 * Login attempt limits that a stranger cannot turn against a member
 * (docs/decisions/0032, 0133).
 *
 * - A browser where a username has logged in before carries the sealed
 *   "known device" cookie naming it. Its attempts on that username count on
 *   their own bucket (device, username): LOGIN_LIMIT_PER_DEVICE per window,
 *   and nothing strangers do fills it, the per-address count neither.
 * - Everyone else (a stranger, or the member on a new browser) counts on the
 *   per-username ceiling LOGIN_LIMIT_PER_USERNAME and, when the client
 *   address is known (TRUST_PROXY_HOPS > 0), on LOGIN_LIMIT_PER_IP. Thai
 *   carriers put thousands of members behind one address: the address
 *   counts only failed attempts that the username's ceiling let through,
 *   against a ceiling that honest members behind one NAT never reach.
 * - A successful login clears the bucket it was counted in, takes its
 *   attempt back from the address, and (re)writes the device cookie with
 *   the username.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { clientAddress } from '~/server/client-address.server'
import { env } from '~/server/env.server'
import { sealedCookie, type SealedCookie } from '~/server/sealed-cookie.server'
import {
  minutesToWait,
  sharedRateLimiter,
  type AttemptCounter,
  type Hit,
} from '~/session/rate-limit.server'

export const DEVICE_COOKIE = 'auth.device'
const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60
/** The usernames one browser remembers (the latest logins first). */
export const MAX_DEVICE_USERNAMES = 5

const deviceSchema = z.object({
  id: z.string().min(16).max(64),
  usernames: z.array(z.string().min(1).max(100)).max(MAX_DEVICE_USERNAMES),
})
type Device = z.infer<typeof deviceSchema>

export interface LoginLimitSettings {
  perIp: number
  perUsername: number
  perDevice: number
  windowMs: number
  /** The client address (null: unknown, the per-IP limit does not apply). */
  address: (request: Request) => string | null
  device: SealedCookie<typeof deviceSchema>
  /** The counters' names start with it: staff logins count apart from members' (`staff-`). */
  prefix?: string
  now?: () => number
}

export function deviceCookie(
  config?: () => { secrets: readonly string[]; secure: boolean },
  name = DEVICE_COOKIE,
): SealedCookie<typeof deviceSchema> {
  return sealedCookie({
    name,
    maxAgeSeconds: DEVICE_MAX_AGE_S,
    purpose: name === DEVICE_COOKIE ? 'known-device' : `known-device:${name}`,
    schema: deviceSchema,
    config,
  })
}

const normalise = (username: string) => username.trim().toLowerCase()

export function loginLimitMessage(retryAfterMs: number): string {
  const minutes = minutesToWait(retryAfterMs)
  return `พยายามเข้าสู่ระบบบ่อยเกินไป กรุณารอประมาณ ${minutes} นาทีแล้วลองใหม่`
}

export function createLoginLimits(settings: LoginLimitSettings) {
  const now = settings.now ?? Date.now
  const rule = (name: string, limit: number): AttemptCounter =>
    sharedRateLimiter(
      `${settings.prefix ?? ''}${name}`,
      { limit, windowMs: settings.windowMs },
      now,
    )
  const ip = rule('ip', settings.perIp)
  const byName = rule('username', settings.perUsername)
  const byDevice = rule('device', settings.perDevice)
  const notCounted: Hit = { limited: false, retryAfterMs: 0 }

  /** The device cookie's value when it names `name`. */
  function knownDevice(request: Request, name: string): Device | null {
    const device = settings.device.read(request, now())
    return device && device.usernames.includes(name) ? device : null
  }

  return {
    /** Counts a login attempt; returns the wait in ms when over a limit, else 0. */
    async attempt(request: Request, username: string): Promise<number> {
      const name = normalise(username)
      const device = knownDevice(request, name)
      if (device) {
        const own = await byDevice.hit(`${device.id}:${name}`)
        return own.limited ? own.retryAfterMs : 0
      }
      const b = await byName.hit(name)
      // Refused by the username's own ceiling: the address does not count it,
      // so one username hammered does not stop the others behind the address.
      if (b.limited) return b.retryAfterMs
      const address = settings.address(request)
      const a = address ? await ip.hit(address) : notCounted
      return a.limited ? a.retryAfterMs : 0
    },

    /**
     * The backend could not judge the attempt (down, slow, a fault): it is
     * no failure, and is taken back from every count it went to, so members
     * retrying through an outage are not locked out when it ends.
     */
    async unanswered(request: Request, username: string): Promise<void> {
      const name = normalise(username)
      const device = knownDevice(request, name)
      if (device) return byDevice.release(`${device.id}:${name}`)
      const address = settings.address(request)
      await Promise.all([byName.release(name), address ? ip.release(address) : null])
    },

    /** A successful login: clears its bucket; returns the Set-Cookie that remembers this browser. */
    async succeeded(request: Request, username: string): Promise<string> {
      const name = normalise(username)
      const device = settings.device.read(request, now())
      if (device?.usernames.includes(name)) await byDevice.reset(`${device.id}:${name}`)
      else {
        // Counted on the address before it went: a success is no failure.
        const address = settings.address(request)
        await Promise.all([byName.reset(name), address ? ip.release(address) : null])
      }
      const id = device?.id ?? randomBytes(18).toString('base64url')
      const usernames = [name, ...(device?.usernames ?? []).filter((u) => u !== name)].slice(
        0,
        MAX_DEVICE_USERNAMES,
      )
      return settings.device.serialize({ id, usernames }, now())
    },
  }
}

/** The staff login's known-device cookie: staff and member logins never share a bucket. */
export const STAFF_DEVICE_COOKIE = 'auth.staff-device'

export type LoginLimits = ReturnType<typeof createLoginLimits>
const limits = new Map<'member' | 'staff', LoginLimits>()

/**
 * The login limits of members, or of staff (the same rules and settings,
 * counted apart: a staff person's attempts never lock a member out, nor the
 * other way round). The client address is the trusted proxies' (not
 * spoofable by a header the client sends: client-address.server.ts).
 */
export function loginLimitsFor(kind: 'member' | 'staff'): LoginLimits {
  let found = limits.get(kind)
  if (!found) {
    const e = env()
    found = createLoginLimits({
      perIp: e.LOGIN_LIMIT_PER_IP,
      perUsername: e.LOGIN_LIMIT_PER_USERNAME,
      perDevice: e.LOGIN_LIMIT_PER_DEVICE,
      windowMs: e.LOGIN_LIMIT_WINDOW_S * 1000,
      address: (request) => clientAddress(request),
      device: kind === 'staff' ? deviceCookie(undefined, STAFF_DEVICE_COOKIE) : deviceCookie(),
      prefix: kind === 'staff' ? 'staff-' : '',
    })
    limits.set(kind, found)
  }
  return found
}
