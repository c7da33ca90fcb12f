/**
 * Sessions for unit tests: payloads as a login writes them (opaque tokens, or
 * 3 KB ones that go to the shared store, decision 0134), the cookies the
 * real serializers make of them, and a login on a token store as the
 * browser sees it.
 */
import { randomBytes } from 'node:crypto'
import {
  SessionTooLargeError,
  serializeSessionCookies,
  type SessionPayload,
} from '~/session/cookie.server'
import { deviceCookie, MAX_DEVICE_USERNAMES } from '~/limits/login-limits.server'
import { getSession } from '~/session/session.server'
import type { TokenStore } from '~/session/token-store.server'

/** The unit tests' SESSION_SECRET (vitest.config.ts). */
export const SECRET = process.env.SESSION_SECRET ?? ''
export const HOUR = 3_600_000

/** A random base64url token of `length` characters (incompressible, like a signed JWT). */
export const token = (length: number) => randomBytes(length).toString('base64url').slice(0, length)

/** A fresh session with opaque tokens: access for an hour, refresh for a week. */
export function sessionPayload(overrides: Partial<SessionPayload> = {}): SessionPayload {
  const now = Date.now()
  return {
    v: 2,
    sid: `sid-${Math.random().toString(36).slice(2)}-0123456789`,
    strategy: 'local',
    accessToken: 'opaque-access',
    refreshToken: 'opaque-refresh',
    accessExpiresAt: now + HOUR,
    refreshExpiresAt: now + 7 * 24 * HOUR,
    ...overrides,
  }
}

/** A member's session with 3 KB tokens (identity providers with roles and claims). */
export const largeTokenPayload = (overrides: Partial<SessionPayload> = {}) =>
  sessionPayload({
    mid: '7',
    iat: Date.now(),
    accessToken: token(3072),
    refreshToken: token(3072),
    ...overrides,
  })

/** The `name=value` part of each Set-Cookie, as the browser sends it back. */
export const cookieHeader = (setCookies: readonly string[]) =>
  setCookies.map((header) => header.split(';')[0]).join('; ')

/** A member page's request carrying `cookie`. */
export const requestWith = (cookie: string) =>
  new Request('http://app.test/profile', { headers: { Cookie: cookie } })

/** The session `store` reads from `cookie`. */
export const readBack = (store: TokenStore, cookie: string) =>
  getSession(requestWith(cookie), {}, { store })

/** `session` rewritten as `next`: the cookie the browser gets, once the write is done. */
export async function rewrite(
  session: Awaited<ReturnType<typeof getSession>>,
  next: SessionPayload,
) {
  session.set(next)
  await session.settled()
  return cookieHeader(session.setCookieHeaders())
}

/** A login on `store` (3 KB tokens unless told): the cookie the browser gets, once the write is done. */
export const login = async (store: TokenStore, session: SessionPayload = largeTokenPayload()) =>
  rewrite(await readBack(store, ''), session)

/** A fixed session with tokens of `tokenLength` characters (for measuring cookie sizes). */
export const sizedSession = (tokenLength: number): SessionPayload => ({
  v: 2,
  sid: 's'.repeat(64),
  strategy: 'local',
  accessToken: 'a'.repeat(tokenLength),
  refreshToken: 'r'.repeat(tokenLength),
  accessExpiresAt: 1_900_000_000_000,
  refreshExpiresAt: 1_900_000_000_000,
})

export const sealedCookieOptions = { secrets: [SECRET], secure: true, previousChunkNames: [] }
const write = (payload: SessionPayload) => serializeSessionCookies(payload, sealedCookieOptions)

/** The Set-Cookie lines of the largest session the cookie holds itself: the longest tokens serializeSessionCookies takes. */
export function largestSession(): string[] {
  let fits = 1
  let tooBig = 64 * 1024
  while (tooBig - fits > 1) {
    const mid = Math.floor((fits + tooBig) / 2)
    try {
      write(sizedSession(mid))
      fits = mid
    } catch (error) {
      if (!(error instanceof SessionTooLargeError)) throw error
      tooBig = mid
    }
  }
  return write(sizedSession(fits))
}

/** A full known-device cookie (MAX_DEVICE_USERNAMES usernames). */
export const knownDevice = () =>
  deviceCookie(() => ({ secrets: [SECRET], secure: true })).serialize({
    id: 'd'.repeat(64),
    usernames: Array.from({ length: MAX_DEVICE_USERNAMES }, (_, i) => `${i}`.repeat(20)),
  })
