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
 *
 * Tokens too large for the cookie live in the shared store under a random
 * reference the cookie holds instead (token-store.server.ts, decision 0134):
 * read from there with the cookie, rewritten there when they change, deleted
 * when the session ends or its tokens fit in the cookie again.
 */
import { randomBytes } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { env } from '~/server/env.server'
import { errorCodes } from '~/backend/schemas'
import { REFRESH_TOKEN_LIFETIME_S } from '~/lib/constants'
import {
  readSessionCookie,
  serializeSessionCookies,
  serializeSessionRefCookies,
  sessionEndsAt,
  SessionTooLargeError,
  type SessionPayload,
} from '~/session/cookie.server'
import { httpError } from '~/server/http-error.server'
import {
  StoredEntry,
  tokenStore,
  type StoredRef,
  type TokenStore,
} from '~/session/token-store.server'
import { createSharedMaxStore, createSharedStore, type TtlStore } from '~/server/store.server'
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
  /**
   * The session as its cookie carried it, even when it had ended or run out
   * (null when there was none or it did not open): a watch that ended is
   * still known to have been one, and whose (app/staff/watch.server.ts).
   */
  readonly asRead: SessionPayload | null
  /** The backend's error code when it ended the session during this request (`end`). */
  readonly endedBy: string | null
  /**
   * The session was ended from elsewhere: a password change or
   * "ออกจากระบบทุกอุปกรณ์" (found on reading the cookie), or the backend
   * refused its tokens as revoked. The login page tells the member why.
   */
  readonly endedElsewhere: boolean
  /**
   * Tokens too large for the cookie go to the shared store (tracked: the
   * response waits for the write). Throws SessionTooLargeError, changing
   * nothing, only past MAX_STORED_SESSION_BYTES.
   */
  set(payload: SessionPayload): void
  clear(): void
  /** The backend ended the session (both tokens refused, its code): cleared, and `expired` from now on. */
  end(code?: string): void
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
// A T written back late (Redis away or frozen) never replaces a later one.
const endedBefore: TtlStore<number> = createSharedMaxStore('ended-before')

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
export function endSession(payload: SessionPayload, now = Date.now()): Promise<void> {
  return endSessionId(payload.sid, rememberMs(payload, now))
}

/**
 * Ends a session by its id alone, for every copy of its cookie, for `ttlMs`
 * (a watch a supervisor ends from another browser: its session lives at
 * most as long as its token).
 */
export async function endSessionId(sid: string, ttlMs: number): Promise<void> {
  await endedSessions.set(sid, true, Math.max(1000, ttlMs))
  for (const listener of endListeners) listener(sid)
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
  for (const listener of everyEndListeners) listener(memberId)
}

const everyEndListeners = new Set<(memberId: string) => void>()

/**
 * Called with the member whose every other session ended on this instance
 * (their live streams here end at once; on other instances, at a heartbeat).
 */
export function onMemberSessionsEnded(listener: (memberId: string) => void): () => void {
  everyEndListeners.add(listener)
  return () => everyEndListeners.delete(listener)
}

/** How a session was ended: logged out, or issued before its member's "end everything". */
type Ended = false | 'logged-out' | 'ended-everywhere'

/** Whether the session was ended, and how. */
async function isEnded(payload: SessionPayload): Promise<Ended> {
  const [byId, before] = await Promise.all([
    endedSessions.get(payload.sid),
    payload.mid === undefined ? undefined : endedBefore.get(payload.mid),
  ])
  if (before !== undefined && (payload.iat ?? 0) < before) return 'ended-everywhere'
  return byId === true ? 'logged-out' : false
}

/** The store could not say whether the session's tokens exist (Redis away): try again, still logged in. */
export const SESSION_STORE_UNAVAILABLE_MESSAGE =
  'ระบบไม่สามารถตรวจสอบการเข้าสู่ระบบได้ในขณะนี้ กรุณาลองใหม่อีกครั้งในอีกสักครู่'

/** How long a stored session's entry lives: until its refresh token runs out (else the configured lifetime). */
function entryTtlMs(payload: SessionPayload, now: number): number {
  const endsAt = sessionEndsAt(payload)
  if (endsAt !== null) return endsAt - now
  return (sessionLifetimes().refreshSeconds ?? REFRESH_TOKEN_LIFETIME_S) * 1000
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
  #endedBy: string | null = null
  readonly #endedEverywhere: boolean
  readonly asRead: SessionPayload | null
  /** The store entry the browser's cookie points at, if any (decision 0134). */
  readonly #stored: StoredEntry<SessionPayload>

  constructor(
    read: ReturnType<typeof readSessionCookie>,
    ended: Ended,
    store: TokenStore,
    { stored = null, missing = false }: { stored?: StoredRef | null; missing?: boolean } = {},
  ) {
    const { payload, present, chunkNames } = read
    this.asRead = payload
    this.#chunkNames = chunkNames
    this.#stored = new StoredEntry(store, stored, (write) => this.track(write))
    // A reference whose tokens are gone (run out, Redis lost them) is a session that ended.
    this.#expiredOnRead = missing || (payload !== null && !ended && isSessionExpired(payload))
    this.#endedEverywhere = ended === 'ended-everywhere'
    this.#payload = ended || this.#expiredOnRead ? null : payload
    // A cookie we cannot open (tampered, old secret, garbage), an ended or a dead session is cleared.
    this.#changed = present && this.#payload === null
    if (this.#changed) this.#stored.forget()
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
    this.#headers = this.#stored.place(payload, {
      inCookie: (p) => {
        try {
          return this.#serialize(p)
        } catch (error) {
          if (error instanceof SessionTooLargeError) return null
          throw error
        }
      },
      asRef: (ref, p) => serializeSessionRefCookies(ref, p, this.#cookieOptions()),
      ttlMs: entryTtlMs(payload, Date.now()),
    })
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
    this.#stored.forget()
  }
  get endedBy() {
    return this.#endedBy
  }
  get endedElsewhere() {
    return this.#endedEverywhere || this.#endedBy === errorCodes.tokenRevoked
  }
  end(code?: string) {
    this.#endedByBackend = true
    this.#endedBy = code ?? null
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
    return serializeSessionCookies(payload, this.#cookieOptions())
  }
  #cookieOptions() {
    return {
      secrets: env().SESSION_SECRETS,
      secure: env().COOKIE_SECURE,
      previousChunkNames: this.#chunkNames,
    }
  }
}

export interface SessionReadOptions {
  /** Where tokens too large for the cookie are kept (tests pass their own). */
  store?: TokenStore
  /**
   * The route only ends the session (logout: guard's `endsSession`): when the
   * store cannot say where the tokens are, the session reads as none, so the
   * browser's cookie still goes, instead of the others' 503.
   */
  endsSession?: boolean
}

async function readSession(
  request: Request,
  { store = tokenStore, endsSession = false }: SessionReadOptions,
): Promise<MemberSession> {
  const { SESSION_SECRETS, COOKIE_SECURE } = env()
  const read = readSessionCookie(request.headers.get('Cookie'), SESSION_SECRETS, COOKIE_SECURE)
  if (read.ref === null) {
    const ended = read.payload !== null && (await isEnded(read.payload))
    return new CookieSession(read, ended, store)
  }
  const found = await store.read(read.ref)
  if (found.found) {
    const { payload } = found
    const ended = await isEnded(payload)
    return new CookieSession({ ...read, payload }, ended, store, {
      stored: { ref: read.ref, sid: payload.sid },
    })
  }
  if (found.unavailable) {
    // The browser's own logout needs no tokens: its cookie goes (copies are
    // ended by id once the entry can be read, as any logged-out copy is).
    if (endsSession) return new CookieSession({ ...read, payload: null }, false, store)
    // Redis is away and this instance never saw these tokens: not a logout, a moment's wait.
    throw httpError(503, SESSION_STORE_UNAVAILABLE_MESSAGE)
  }
  return new CookieSession(read, false, store, { missing: true })
}

/**
 * The session of this HTTP request, read once for all its loaders and
 * actions: Remix gives each its own Request copy but the same load context
 * (server/request-context.server.ts), so a token renewal sets one cookie on the
 * response, not one per loader. A unit test passes a fresh context.
 */
export function getSession(
  request: Request,
  context: AppLoadContext,
  options: SessionReadOptions = {},
): Promise<MemberSession> {
  return perRequest(context, 'session', () => readSession(request, options))
}
