/**
 * The member's session for one request: read from the encrypted cookie once
 * (memoised per Request, so parallel loaders of one document share it),
 * changed by login, refresh and logout, and written back as Set-Cookie only
 * when it changed: the same header strings for every loader of the request,
 * which Remix merges into one.
 *
 * Logout ends the session id for every copy of the cookie: ended ids are
 * remembered (store.server.ts) until the session's refresh token would
 * have expired, and a cookie carrying one is a logged-out visitor.
 */
import { randomBytes } from 'node:crypto'
import { env } from '~/lib/env.server'
import { REFRESH_TOKEN_LIFETIME_S } from '~/lib/constants'
import {
  readSessionCookie,
  serializeSessionCookies,
  sessionEndsAt,
  type SessionPayload,
} from '~/session/cookie.server'
import { createMemoryStore, type TtlStore } from '~/session/store.server'
import { isExpired, type TokenLifetimes } from '~/session/tokens'

export type { SessionPayload }
export type Strategy = SessionPayload['strategy']

export interface MemberSession {
  readonly payload: SessionPayload | null
  /** A session whose refresh token (or, without one, access token) is still valid. */
  readonly loggedIn: boolean
  /** The session existed but has run out: the member should be told so. */
  readonly expired: boolean
  /** Throws SessionTooLargeError, changing nothing, when the tokens do not fit in the cookies. */
  set(payload: SessionPayload): void
  clear(): void
  /** Set-Cookie values for the response: empty when nothing changed. Never throws. */
  setCookieHeaders(): string[]
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

/** Session ids that were logged out (shared by every request of this process). */
const endedSessions: TtlStore<true> = createMemoryStore<true>()

/** Ends the session for every copy of its cookie, until its tokens would have run out anyway. */
export async function endSession(payload: SessionPayload, now = Date.now()): Promise<void> {
  const until = sessionEndsAt(payload) ?? now + REFRESH_TOKEN_LIFETIME_S * 1000
  if (until > now) await endedSessions.set(payload.sid, true, until - now)
}

class CookieSession implements MemberSession {
  #payload: SessionPayload | null
  #changed: boolean
  #headers: string[] | undefined
  readonly #chunkNames: string[]
  readonly #expiredOnRead: boolean

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
    return this.#expiredOnRead
  }
  set(payload: SessionPayload) {
    this.#headers = this.#serialize(payload)
    this.#payload = payload
    this.#changed = true
  }
  clear() {
    if (this.#payload === null && this.#changed) return
    this.#payload = null
    this.#changed = true
    this.#headers = undefined
  }
  setCookieHeaders(): string[] {
    if (!this.#changed) return []
    this.#headers ??= this.#serialize(this.#payload)
    return this.#headers
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
  const read = readSessionCookie(request.headers.get('Cookie'), env().SESSION_SECRETS)
  const ended = read.payload !== null && (await endedSessions.get(read.payload.sid)) === true
  return new CookieSession(read, ended)
}

const sessions = new WeakMap<Request, Promise<MemberSession>>()

/** The session of this request, read once. */
export function getSession(request: Request): Promise<MemberSession> {
  let session = sessions.get(request)
  if (!session) {
    session = readSession(request)
    sessions.set(request, session)
  }
  return session
}
