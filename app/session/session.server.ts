/**
 * The member's session for one request: read from the encrypted cookie once
 * (memoised in the request's load context, so parallel loaders of one
 * document share it),
 * changed by login, refresh and logout, and written back as Set-Cookie only
 * when it changed: the same header strings for every loader of the request,
 * which Remix merges into one.
 *
 * Logout ends the session id for every copy of the cookie: ended ids are
 * remembered (store.server.ts) until the session's refresh token would
 * have expired, and a cookie carrying one is a logged-out visitor. A
 * password change or "log out everywhere" ends every session of the member
 * issued before that moment, on every instance (docs/decisions/0093).
 */
import { randomBytes } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { env } from '~/server/env.server'
import { REFRESH_TOKEN_LIFETIME_S } from '~/lib/constants'
import {
  readSessionCookie,
  serializeSessionCookies,
  sessionEndsAt,
  type SessionPayload,
} from '~/session/cookie.server'
import { createSharedStore, type TtlStore } from '~/server/store.server'
import { perRequest } from '~/server/request-context.server'
import { isExpired, jwtLifetimeMs, type TokenLifetimes } from '~/session/tokens'

export type { SessionPayload }
export type Strategy = SessionPayload['strategy']

export interface MemberSession {
  readonly payload: SessionPayload | null
  /** A session whose refresh token (or, without one, access token) is still valid. */
  readonly loggedIn: boolean
  /**
   * The session existed but has run out: found so on reading the cookie, or
   * ended by the backend during this request. The member should be told so.
   */
  readonly expired: boolean
  /** Throws SessionTooLargeError, changing nothing, when the tokens do not fit in the cookies. */
  set(payload: SessionPayload): void
  clear(): void
  /** The backend ended the session (both tokens refused): cleared, and `expired` from now on. */
  end(): void
  /**
   * Set-Cookie values for the response: empty when nothing changed. Never
   * throws. Once per change, as Remix merges every loader's data headers into
   * one response; a redirect leaves alone (the first loader's wins, the
   * others' headers are dropped), so `redirect` gives them every time.
   */
  setCookieHeaders(options?: { redirect?: boolean }): string[]
  /** A token renewal under way for this session (any loader of the request). */
  track(renewal: Promise<unknown>): void
  /** Resolves once every tracked renewal has settled, so a response carries their cookie. */
  settled(): Promise<void>
}

/** Lifetimes for tokens without `exp` (ACCESS_/REFRESH_TOKEN_LIFETIME_S; `none` = unknown). */
export function sessionLifetimes(): TokenLifetimes {
  const e = env()
  return { accessSeconds: e.ACCESS_TOKEN_LIFETIME_S, refreshSeconds: e.REFRESH_TOKEN_LIFETIME_S }
}

export function newSessionId(): string {
  return randomBytes(18).toString('base64url')
}

export function isSessionExpired(payload: SessionPayload, now = Date.now()): boolean {
  return isExpired(sessionEndsAt(payload), now)
}

/** Session ids that were logged out (every instance's, with REDIS_URL; else this process's). */
const endedSessions: TtlStore<true> = createSharedStore<true>('ended')
/** Member id -> every session of the member issued before this time (ms) has ended. */
const endedBefore: TtlStore<number> = createSharedStore<number>(
  'ended-before',
  undefined,
  undefined,
  // A T written back late (Redis away or frozen) never replaces a later one.
  { keepLarger: true },
)

/** How long an ended session must be remembered: until any refresh token issued before now has run out. */
function rememberMs(payload: SessionPayload, now: number): number {
  const lifetimeMs = Math.max(
    (sessionLifetimes().refreshSeconds ?? REFRESH_TOKEN_LIFETIME_S) * 1000,
    jwtLifetimeMs(payload.refreshToken ?? payload.accessToken) ?? 0,
  )
  return Math.max(sessionEndsAt(payload) ?? 0, now + lifetimeMs) - now
}

/**
 * Ends the session for every copy of its cookie. Another copy may have been
 * refreshed later than this one, and a rotation gives a full lifetime from
 * then: the id is kept until any refresh token issued before now has run out.
 */
export async function endSession(payload: SessionPayload, now = Date.now()): Promise<void> {
  await endedSessions.set(payload.sid, true, rememberMs(payload, now))
  for (const listener of endListeners) listener(payload.sid)
}

const endListeners = new Set<(sid: string) => void>()

/** Called with the id of each session logged out on this instance (its live streams end at once). */
export function onSessionEnded(listener: (sid: string) => void): () => void {
  endListeners.add(listener)
  return () => endListeners.delete(listener)
}

/** The session was not logged out or ended since it was read (on any instance, with REDIS_URL). */
export async function isSessionOpen(payload: SessionPayload, now = Date.now()): Promise<boolean> {
  return !isSessionExpired(payload, now) && !(await isEnded(payload))
}

/**
 * Ends every session of the member issued before now, on every device and
 * every instance, and every copy of this one; this browser goes on with a
 * new session id issued now (a password change, "ออกจากระบบทุกอุปกรณ์").
 * `memberId` comes from the profile: a cookie written before sessions
 * carried it is ended by its id.
 */
export async function endEverySessionButThis(
  session: MemberSession,
  memberId: string,
  now = Date.now(),
): Promise<void> {
  const payload = session.payload
  if (!payload) return
  const ttlMs = rememberMs(payload, now)
  await Promise.all([endedBefore.set(memberId, now, ttlMs), endSession(payload, now)])
  session.set({ ...payload, sid: newSessionId(), mid: memberId, iat: now })
}

/** Whether the session was ended: logged out, or issued before its member's "end everything". */
async function isEnded(payload: SessionPayload): Promise<boolean> {
  const [byId, before] = await Promise.all([
    endedSessions.get(payload.sid),
    payload.mid === undefined ? undefined : endedBefore.get(payload.mid),
  ])
  return byId === true || (before !== undefined && (payload.iat ?? 0) < before)
}

class CookieSession implements MemberSession {
  #payload: SessionPayload | null
  #changed: boolean
  #headers: string[] | undefined
  /** The current change is already on this request's response. */
  #emitted = false
  readonly #renewals = new Set<Promise<unknown>>()
  readonly #chunkNames: string[]
  readonly #expiredOnRead: boolean
  #endedByBackend = false

  constructor(read: ReturnType<typeof readSessionCookie>, ended: boolean) {
    const { payload, present, chunkNames } = read
    this.#chunkNames = chunkNames
    this.#expiredOnRead = payload !== null && !ended && isSessionExpired(payload)
    this.#payload = ended || this.#expiredOnRead ? null : payload
    // A cookie we cannot open (tampered, old secret, garbage), an ended or a dead session is cleared.
    this.#changed = present && this.#payload === null
  }

  get payload() {
    return this.#payload
  }
  get loggedIn() {
    return this.#payload !== null && !isSessionExpired(this.#payload)
  }
  get expired() {
    return this.#expiredOnRead || this.#endedByBackend
  }
  set(payload: SessionPayload) {
    this.#headers = this.#serialize(payload)
    this.#payload = payload
    this.#changed = true
    this.#emitted = false
  }
  clear() {
    if (this.#payload === null && this.#changed) return
    this.#payload = null
    this.#changed = true
    this.#headers = undefined
    this.#emitted = false
  }
  end() {
    this.#endedByBackend = true
    this.clear()
  }
  setCookieHeaders(options?: { redirect?: boolean }): string[] {
    // Remix merges every loader's headers into one response: the cookie goes
    // out once per change, not once per loader that saw it.
    if (!this.#changed || (this.#emitted && !options?.redirect)) return []
    this.#emitted = true
    this.#headers ??= this.#serialize(this.#payload)
    return this.#headers
  }
  track(renewal: Promise<unknown>) {
    this.#renewals.add(renewal)
    const forget = () => this.#renewals.delete(renewal)
    renewal.then(forget, forget)
  }
  async settled() {
    while (this.#renewals.size > 0) await Promise.allSettled([...this.#renewals])
  }
  #serialize(payload: SessionPayload | null) {
    return serializeSessionCookies(payload, {
      secrets: env().SESSION_SECRETS,
      secure: env().COOKIE_SECURE,
      previousChunkNames: this.#chunkNames,
    })
  }
}

async function readSession(request: Request): Promise<MemberSession> {
  const { SESSION_SECRETS, COOKIE_SECURE } = env()
  const read = readSessionCookie(request.headers.get('Cookie'), SESSION_SECRETS, COOKIE_SECURE)
  const ended = read.payload !== null && (await isEnded(read.payload))
  return new CookieSession(read, ended)
}

/**
 * The session of this HTTP request, read once for all its loaders and
 * actions: Remix gives each its own Request copy but the same load context
 * (server/request-context.server.ts), so a token renewal sets one cookie on the
 * response, not one per loader. A unit test passes a fresh context.
 */
export function getSession(request: Request, context: AppLoadContext): Promise<MemberSession> {
  return perRequest(context, 'session', () => readSession(request))
}
