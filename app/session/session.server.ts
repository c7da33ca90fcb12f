/**
 * The member's session for one request: read from the encrypted cookie once
 * (memoised per Request, so parallel loaders of one document share it),
 * changed by login, refresh and logout, and written back as Set-Cookie only
 * when it changed — the same header strings for every loader of the request,
 * which Remix merges into one.
 */
import { env } from '~/lib/env.server'
import {
  readSessionCookie,
  serializeSessionCookies,
  type SessionPayload,
} from '~/session/cookie.server'
import { isExpired } from '~/session/tokens'

export type { SessionPayload }
export type Strategy = SessionPayload['strategy']

export interface MemberSession {
  readonly payload: SessionPayload | null
  /** A session whose refresh token (or, without one, access token) is still valid. */
  readonly loggedIn: boolean
  /** The session existed but has run out: the member should be told so. */
  readonly expired: boolean
  set(payload: SessionPayload): void
  clear(): void
  /** Set-Cookie values for the response: empty when nothing changed. */
  setCookieHeaders(): string[]
}

/** A session whose every token has run out (a watcher session has no refresh token). */
export function isSessionExpired(payload: SessionPayload, now = Date.now()): boolean {
  if (payload.refreshToken) return isExpired(payload.refreshExpiresAt, now)
  return isExpired(payload.accessExpiresAt, now)
}

class CookieSession implements MemberSession {
  #payload: SessionPayload | null
  #changed = false
  #headers: string[] | undefined
  readonly #chunkNames: string[]
  readonly #expiredOnRead: boolean

  constructor(cookieHeader: string | null) {
    const { payload, present, chunkNames } = readSessionCookie(cookieHeader, env().SESSION_SECRETS)
    this.#chunkNames = chunkNames
    this.#expiredOnRead = payload !== null && isSessionExpired(payload)
    this.#payload = this.#expiredOnRead ? null : payload
    // A cookie we cannot open (tampered, old secret, garbage) or a dead session is cleared.
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
    this.#payload = payload
    this.#changed = true
    this.#headers = undefined
  }
  clear() {
    if (this.#payload === null && this.#changed) return
    this.#payload = null
    this.#changed = true
    this.#headers = undefined
  }
  setCookieHeaders(): string[] {
    if (!this.#changed) return []
    const headers =
      this.#headers ??
      serializeSessionCookies(this.#payload, {
        secrets: env().SESSION_SECRETS,
        secure: env().COOKIE_SECURE,
        previousChunkNames: this.#chunkNames,
      })
    this.#headers = headers
    return headers
  }
}

const sessions = new WeakMap<Request, MemberSession>()

/** The session of this request, read once. */
export function getSession(request: Request): MemberSession {
  let session = sessions.get(request)
  if (!session) {
    session = new CookieSession(request.headers.get('Cookie'))
    sessions.set(request, session)
  }
  return session
}
