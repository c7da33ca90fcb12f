// The member's session for one request, memoised in the load context so parallel loaders share
// it and write the same Set-Cookie. Logout ends the session id for every copy of the cookie;
// "log out everywhere" ends every session issued before then (docs/decisions/0093). Tokens too
// large for the cookie: token-store.server.ts (decision 0134).
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
  readonly loggedIn: boolean
  /** Found so on reading the cookie, or ended by the backend during this request. */
  readonly expired: boolean
  /** Even when ended: a watch that ended is still known to have been one, and whose. */
  readonly asRead: SessionPayload | null
  readonly endedBy: string | null
  readonly endedElsewhere: boolean
  set(payload: SessionPayload): void
  clear(): void
  end(code?: string): void
  /**
   * Remix merges every loader's data headers into one response, but of redirects only the first
   * loader's wins: `redirect` gives them every time.
   */
  setCookieHeaders(options?: { redirect?: boolean }): string[]
  track(renewal: Promise<unknown>): void
  /** So a response carries their cookie. */
  settled(): Promise<void>
}

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

const endedSessions: TtlStore<true> = createSharedStore<true>('ended')
// A T written back late (Redis away or frozen) never replaces a later one.
const endedBefore: TtlStore<number> = createSharedMaxStore('ended-before')

function rememberMs(payload: SessionPayload, now: number): number {
  const lifetimeMs = Math.max(
    (sessionLifetimes().refreshSeconds ?? REFRESH_TOKEN_LIFETIME_S) * 1000,
    jwtLifetimeMs(payload.refreshToken ?? payload.accessToken) ?? 0,
  )
  return Math.max(sessionEndsAt(payload) ?? 0, now + lifetimeMs) - now
}

/**
 * Another copy may have been refreshed later: the id is kept until any refresh token issued before
 * now has run out.
 */
export function endSession(payload: SessionPayload, now = Date.now()): Promise<void> {
  return endSessionId(payload.sid, rememberMs(payload, now))
}

export async function endSessionId(sid: string, ttlMs: number): Promise<void> {
  await endedSessions.set(sid, true, Math.max(1000, ttlMs))
  for (const listener of endListeners) listener(sid)
}

const endListeners = new Set<(sid: string) => void>()

export function onSessionEnded(listener: (sid: string) => void): () => void {
  endListeners.add(listener)
  return () => endListeners.delete(listener)
}

export async function isSessionOpen(payload: SessionPayload, now = Date.now()): Promise<boolean> {
  return !isSessionExpired(payload, now) && !(await isEnded(payload))
}

/** A cookie written before sessions carried `memberId` is ended by its id. */
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

/** On other instances their streams end at a heartbeat. */
export function onMemberSessionsEnded(listener: (memberId: string) => void): () => void {
  everyEndListeners.add(listener)
  return () => everyEndListeners.delete(listener)
}

type Ended = false | 'logged-out' | 'ended-everywhere'

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

function entryTtlMs(payload: SessionPayload, now: number): number {
  const endsAt = sessionEndsAt(payload)
  if (endsAt !== null) return endsAt - now
  return (sessionLifetimes().refreshSeconds ?? REFRESH_TOKEN_LIFETIME_S) * 1000
}

class CookieSession implements MemberSession {
  #payload: SessionPayload | null
  #changed: boolean
  #headers: string[] | undefined
  #emitted = false
  readonly #renewals = new Set<Promise<unknown>>()
  readonly #chunkNames: string[]
  readonly #expiredOnRead: boolean
  #endedByBackend = false
  #endedBy: string | null = null
  readonly #endedEverywhere: boolean
  readonly asRead: SessionPayload | null
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
  store?: TokenStore
  /** When the store cannot say where the tokens are, the cookie still goes (instead of a 503). */
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

/** Remix gives each loader its own Request copy but the same load context: one renewal, one cookie. */
export function getSession(
  request: Request,
  context: AppLoadContext,
  options: SessionReadOptions = {},
): Promise<MemberSession> {
  return perRequest(context, 'session', () => readSession(request, options))
}
