// Login limits a stranger cannot turn against a member (docs/decisions/0032, 0133): a browser
// that logged in before (the sealed "known device" cookie) counts on its own bucket; others on
// the username's ceiling and, with a trusted address, the address's, which counts only failures
// the username's ceiling let through (thousands of Thai members share one carrier address).
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
} from '~/limits/rate-limit.server'
import {
  backoffDelay,
  sharedBackoff,
  type BackoffCounter,
  type BackoffKey,
  type BackoffRule,
} from '~/limits/backoff.server'
import type { AuditEvent } from '~/backend/audit.schemas'

export const DEVICE_COOKIE = 'auth.device'
const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60
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
  address: (request: Request) => string | null
  device: SealedCookie<typeof deviceSchema>
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
    sharedRateLimiter(name, { limit, windowMs: settings.windowMs }, now)
  const ip = rule('ip', settings.perIp)
  const byName = rule('username', settings.perUsername)
  const byDevice = rule('device', settings.perDevice)
  const notCounted: Hit = { limited: false, retryAfterMs: 0 }

  function knownDevice(request: Request, name: string): Device | null {
    const device = settings.device.read(request, now())
    return device && device.usernames.includes(name) ? device : null
  }

  return {
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

    /** Not a failure: members retrying through an outage are not locked out when it ends. */
    async unanswered(request: Request, username: string): Promise<void> {
      const name = normalise(username)
      const device = knownDevice(request, name)
      if (device) return byDevice.release(`${device.id}:${name}`)
      const address = settings.address(request)
      await Promise.all([byName.release(name), address ? ip.release(address) : null])
    },

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

/** Staff and member logins never share a bucket. */
export const STAFF_DEVICE_COOKIE = 'auth.staff-device'

const FORGET_MS = 15 * 60_000
/** docs/decisions/0155. */
export const STAFF_LOGIN_RULES = {
  pair: { free: 5, baseMs: 2000, maxMs: 60_000, leakMs: 0, forgetMs: FORGET_MS },
  username: { free: 30, baseMs: 2000, maxMs: 60_000, leakMs: 30_000, forgetMs: FORGET_MS },
  device: { free: 5, baseMs: 2000, maxMs: 60_000, leakMs: 0, forgetMs: FORGET_MS },
} as const satisfies Record<string, BackoffRule>

type StaffScope = 'username-address' | 'username' | 'device'

export interface StaffLoginLimitSettings {
  rules?: Partial<Record<keyof typeof STAFF_LOGIN_RULES, BackoffRule>>
  address: (request: Request) => string | null
  device: SealedCookie<typeof deviceSchema>
  counter: BackoffCounter
  now?: () => number
  /** Where a slow-down is put on the record for supervisors (the staff layer's recordLoginLimited). */
  record: (event: LoginLimitedFields) => Promise<void>
}

/** A slowed-down staff login as the audit record takes it. */
type LoginLimitedFields = Omit<Extract<AuditEvent, { type: 'login-limited' }>, 'id' | 'type' | 'at'>

/** One staff login attempt as the limits judged it: what to do with it once the backend answers. */
export interface StaffLoginAttempt {
  readonly waitMs: number
  readonly username: string
  readonly address: string | null
  readonly keys: readonly (BackoffKey & { scope: StaffScope })[]
  readonly counts: readonly number[]
  readonly device: Device | null
}

export function staffLoginLimitMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return `พยายามเข้าสู่ระบบบ่อยเกินไป ลองใหม่ได้ในอีก ${seconds} วินาที`
}

export function createStaffLoginLimits(settings: StaffLoginLimitSettings) {
  const now = settings.now ?? Date.now
  const rules = { ...STAFF_LOGIN_RULES, ...settings.rules }
  const { counter, record } = settings

  function judge(request: Request, username: string) {
    const name = normalise(username)
    const read = settings.device.read(request, now())
    const device = read && read.usernames.includes(name) ? read : null
    const address = settings.address(request)
    const keys: StaffLoginAttempt['keys'] = device
      ? [{ key: `device:${device.id}:${name}`, rule: rules.device, scope: 'device' }]
      : [
          // No trusted address: every new browser of the username shares one pair.
          { key: `pair:${name}@${address ?? ''}`, rule: rules.pair, scope: 'username-address' },
          { key: `username:${name}`, rule: rules.username, scope: 'username' },
        ]
    return { name, device, address, keys }
  }

  return {
    async attempt(request: Request, username: string): Promise<StaffLoginAttempt> {
      const { name, device, address, keys } = judge(request, username)
      const judged = await counter.attempt(keys)
      if (!judged.allowed) {
        return { waitMs: judged.waitMs, username: name, address, keys, counts: [], device }
      }
      return { waitMs: 0, username: name, address, keys, counts: judged.counts, device }
    },

    /** A slow-down is put on the record once until the count is forgotten or a login succeeds. */
    async refused(attempt: StaffLoginAttempt): Promise<void> {
      if (attempt.waitMs > 0) return
      for (const [i, key] of attempt.keys.entries()) {
        const delayMs = backoffDelay(key.rule, attempt.counts[i] ?? 0)
        if (key.scope === 'device' || delayMs === 0) continue
        if (!(await counter.markRecorded(key))) continue
        await record({
          staffUsername: attempt.username,
          address: attempt.address,
          scope: key.scope,
          retryAfterSeconds: Math.ceil(delayMs / 1000),
        })
      }
    },

    async unanswered(attempt: StaffLoginAttempt): Promise<void> {
      if (attempt.waitMs === 0) await counter.release(attempt.keys)
    },

    async succeeded(attempt: StaffLoginAttempt): Promise<string> {
      const [own, byName] = attempt.keys
      // The username's count is everyone's: this success takes back its own try only.
      if (byName) await counter.release([byName])
      if (own) await counter.reset(own.key)
      const id = attempt.device?.id ?? randomBytes(18).toString('base64url')
      const usernames = [
        attempt.username,
        ...(attempt.device?.usernames ?? []).filter((u) => u !== attempt.username),
      ].slice(0, MAX_DEVICE_USERNAMES)
      return settings.device.serialize({ id, usernames }, now())
    },
  }
}

export type LoginLimits = ReturnType<typeof createLoginLimits>
const limits = new Map<'member', LoginLimits>()

/** The address is the trusted proxies' (client-address.server.ts), never a header the client sets. */
export function loginLimitsFor(kind: 'member'): LoginLimits {
  let found = limits.get(kind)
  if (!found) {
    const e = env()
    found = createLoginLimits({
      perIp: e.LOGIN_LIMIT_PER_IP,
      perUsername: e.LOGIN_LIMIT_PER_USERNAME,
      perDevice: e.LOGIN_LIMIT_PER_DEVICE,
      windowMs: e.LOGIN_LIMIT_WINDOW_S * 1000,
      address: (request) => clientAddress(request),
      device: deviceCookie(),
    })
    limits.set(kind, found)
  }
  return found
}

export type StaffLoginLimits = ReturnType<typeof createStaffLoginLimits>

/**
 * The staff login's limits (apart from members': a staff person's tries never
 * slow a member). `record` is the audit's, passed in from above this layer,
 * which keeps the one instance: its memory counts the tries while Redis is away.
 */
export function staffLoginLimitsFor(record: StaffLoginLimitSettings['record']): StaffLoginLimits {
  return createStaffLoginLimits({
    address: (request) => clientAddress(request),
    device: deviceCookie(undefined, STAFF_DEVICE_COOKIE),
    counter: sharedBackoff('staff-login'),
    record,
  })
}
