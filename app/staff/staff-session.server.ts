/**
 * The staff person's session: the second identity of the house (DESIGN.md
 * "Two identities", docs/decisions/0139). Its own encrypted httpOnly cookie
 * (`auth.staff`, a key of its own), never the member's `auth.session`: one
 * browser may hold both (a staff person watching a member does), and neither
 * is ever read as the other.
 *
 * - It ends after 30 minutes without a request (the cookie's sealed expiry,
 *   renewed at most once a minute while the staff person works) and 8 hours
 *   after the login whatever happens (`iat` inside the cookie).
 * - Logging out ends its id for every copy of the cookie (the shared store,
 *   as member logouts are), so a copy replayed later is no session.
 * - Backend calls go through `staffCaller` (ctx.staff): the staff access
 *   token, renewed by the refresh token when it has run out; a refusal ends
 *   the session here.
 * - Tokens too large for the cookie live in the shared store (`staff-tokens`)
 *   and the cookie holds a sealed reference, by the member session's own
 *   mechanism (`StoredEntry`, token-store.server.ts, decision 0134).
 */
import { randomBytes } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { z as zod } from 'zod'
import { callBackend, isRefreshRefused, isUnauthorized } from '~/backend/client.server'
import { staffSchema } from '~/backend/staff.schemas'
import { staffRefresh, type StaffCaller } from '~/backend/staff.server'
import { readCookie } from '~/server/cookies.server'
import { httpError } from '~/server/http-error.server'
import { SealedCookieTooLargeError, sealedCookie } from '~/server/sealed-cookie.server'
import { createMemoryStore, createSharedStore, type TtlStore } from '~/server/store.server'
import { perRequest } from '~/server/request-context.server'
import { MAX_SESSION_COOKIE_BYTES, sessionRefSchema } from '~/session/cookie.server'
import { expiresAtFor, isExpired } from '~/session/tokens'
import { SESSION_STORE_UNAVAILABLE_MESSAGE, sessionLifetimes } from '~/session/session.server'
import {
  createTokenStore,
  StoredEntry,
  type StoredRef,
  type TokenStore,
} from '~/session/token-store.server'

export const STAFF_COOKIE = 'auth.staff'
/** A staff session ends after this long without a request. */
export const STAFF_IDLE_MS = 30 * 60_000
/** ... and this long after its login, whatever happens. */
export const STAFF_TOTAL_MS = 8 * 60 * 60_000
/** The idle clock is renewed at most this often (a new cookie per minute, not per request). */
const TOUCH_EVERY_MS = 60_000

export const staffPayloadSchema = zod.object({
  v: zod.literal(1),
  sid: zod.string().min(16).max(64),
  /** The staff person as the backend's login answered (backend/staff.schemas.ts). */
  staff: staffSchema.extend({ username: zod.string().min(1).max(100) }),
  accessToken: zod.string().min(1),
  refreshToken: zod.string().min(1),
  accessExpiresAt: zod.number().finite().nullable(),
  /** When the staff person logged in (ms): the 8 hours count from here. */
  iat: zod.number().finite(),
  /** The last request that renewed the idle clock (ms). */
  seen: zod.number().finite(),
})
export type StaffPayload = zod.infer<typeof staffPayloadSchema>
export type StaffIdentity = StaffPayload['staff']

/** What the cookie holds instead of a session whose tokens are in the store. */
const staffRefSchema = zod.object({ v: zod.literal(3), ref: sessionRefSchema }).strict()

const staffCookie = sealedCookie({
  name: STAFF_COOKIE,
  maxAgeSeconds: STAFF_IDLE_MS / 1000,
  purpose: 'staff-session',
  // No request another site starts carries it, not even a link (decision 0156).
  sameSite: 'strict',
  schema: zod.discriminatedUnion('v', [staffPayloadSchema, staffRefSchema]),
})

/** Staff sessions whose tokens do not fit in the cookie (shared with the other instances through Redis). */
export const staffTokenStore: TokenStore<StaffPayload> = createTokenStore(
  createMemoryStore<string>(),
  'staff-tokens',
  staffPayloadSchema,
)

/** Staff session ids that were logged out, kept as long as such a session could live. */
const endedStaffSessions: TtlStore<true> = createSharedStore<true>('staff-ended')

export function newStaffSessionId(): string {
  return randomBytes(18).toString('base64url')
}

/** The session ran past its 8 hours. */
export function isPastTotal(payload: StaffPayload, now = Date.now()): boolean {
  return now >= payload.iat + STAFF_TOTAL_MS
}

export interface StaffSession {
  readonly payload: StaffPayload | null
  readonly loggedIn: boolean
  /** A staff session existed (a cookie that opens) and has ended: logged out, idle, past 8 hours. */
  readonly expired: boolean
  set(payload: StaffPayload): void
  clear(): void
  /** The backend refused the session: cleared, ended for every copy, and `expired` from now on. */
  end(): void
  /** Set-Cookie values for the answer (a renewal of the idle clock, a login, a logout). */
  setCookieHeaders(): string[]
  /** Resolves once the store has what the cookie points at (large tokens), so the answer may leave. */
  settled(): Promise<void>
}

/** The cookie for `payload` when it fits the same budget as the member's session, else null. */
function inCookie(payload: StaffPayload, now: number): string[] | null {
  try {
    const header = staffCookie.serialize(payload, now)
    const pair = header.slice(0, header.indexOf(';'))
    return Buffer.byteLength(pair) <= MAX_SESSION_COOKIE_BYTES ? [header] : null
  } catch (error) {
    if (error instanceof SealedCookieTooLargeError) return null
    throw error
  }
}

class CookieStaffSession implements StaffSession {
  #payload: StaffPayload | null
  #changed: boolean
  #expired: boolean
  #emitted = false
  #headers: string[] | undefined
  readonly #writes = new Set<Promise<unknown>>()
  /** The store entry the cookie points at, if any. */
  readonly #stored: StoredEntry<StaffPayload>
  /** This request's clock: the cookie's sealed expiry counts from it. */
  readonly #now: number

  constructor(
    read: StaffPayload | null,
    present: boolean,
    ended: boolean,
    now: number,
    store: TokenStore<StaffPayload>,
    stored: StoredRef | null,
  ) {
    this.#now = now
    this.#stored = new StoredEntry(store, stored, (write) => this.#track(write))
    const dead = read !== null && (ended || isPastTotal(read, now))
    this.#payload = dead ? null : read
    // A cookie that no longer opens was a session once (idle past its expiry, tampered, its entry gone).
    this.#expired = dead || (present && read === null)
    // A cookie that does not open (tampered, idle past its expiry, old secret) goes too.
    this.#changed = present && this.#payload === null
    if (this.#changed) this.#stored.forget()
    // The idle clock: renewed by this request when the last renewal is a minute old.
    if (this.#payload && now - this.#payload.seen >= TOUCH_EVERY_MS) {
      this.set({ ...this.#payload, seen: now })
    }
  }
  get payload() {
    return this.#payload
  }
  get loggedIn() {
    return this.#payload !== null
  }
  get expired() {
    return this.#expired
  }
  set(payload: StaffPayload) {
    const parsed = staffPayloadSchema.parse(payload)
    this.#headers = this.#stored.place(parsed, {
      inCookie: (p) => inCookie(p, this.#now),
      asRef: (ref) => [staffCookie.serialize({ v: 3, ref }, this.#now)],
      ttlMs: parsed.iat + STAFF_TOTAL_MS - this.#now,
    })
    this.#payload = parsed
    this.#changed = true
    this.#emitted = false
  }
  clear() {
    if (this.#payload === null && this.#changed) return
    this.#payload = null
    this.#headers = undefined
    this.#changed = true
    this.#emitted = false
    this.#stored.forget()
  }
  end() {
    const payload = this.#payload
    this.#expired = true
    this.clear()
    // Refused by the backend: over for every copy of the cookie, and for the watch it holds.
    if (payload) this.#track(endStaffSession(payload, this.#now))
  }
  setCookieHeaders(): string[] {
    if (!this.#changed || this.#emitted) return []
    this.#emitted = true
    return this.#headers ?? [staffCookie.clear()]
  }
  async settled() {
    while (this.#writes.size > 0) await Promise.allSettled([...this.#writes])
  }
  #track(write: Promise<unknown>) {
    this.#writes.add(write)
    const done = () => this.#writes.delete(write)
    write.then(done, done)
  }
}

export interface StaffSessionReadOptions {
  /** Where tokens too large for the cookie are kept (tests pass their own). */
  store?: TokenStore<StaffPayload>
}

async function readStaffSession(
  request: Request,
  now: number,
  { store = staffTokenStore }: StaffSessionReadOptions,
): Promise<StaffSession> {
  // Most requests are members': no staff cookie, nothing to open.
  const present = readCookie(request, STAFF_COOKIE) !== undefined
  const opened = present ? staffCookie.read(request, now) : null
  let read: StaffPayload | null = opened?.v === 1 ? opened : null
  let stored: StoredRef | null = null
  if (opened?.v === 3) {
    const found = await store.read(opened.ref)
    // Redis is away and this instance never saw these tokens: a moment's wait, not a logout.
    if (!found.found && found.unavailable) throw httpError(503, SESSION_STORE_UNAVAILABLE_MESSAGE)
    if (found.found) {
      read = found.payload
      stored = { ref: opened.ref, sid: found.payload.sid }
    }
  }
  const ended = read !== null && (await endedStaffSessions.get(read.sid)) === true
  return new CookieStaffSession(read, present, ended, now, store, stored)
}

/** The staff session of this HTTP request, read once for all its loaders and actions. */
export function getStaffSession(
  request: Request,
  context: AppLoadContext,
  now = Date.now(),
  options: StaffSessionReadOptions = {},
): Promise<StaffSession> {
  return perRequest(context, 'staff-session', () => readStaffSession(request, now, options))
}

/** Logout: the id ends for every copy of the cookie, for as long as one could still open. */
export async function endStaffSession(payload: StaffPayload, now = Date.now()): Promise<void> {
  const ttlMs = Math.max(1000, payload.iat + STAFF_TOTAL_MS - now)
  await endedStaffSessions.set(payload.sid, true, ttlMs)
}

/**
 * The staff session `sid` was ended (logged out, refused by the backend), on
 * any instance: what a watch asks when its request carries no staff cookie.
 */
export async function isStaffSessionEnded(sid: string): Promise<boolean> {
  return (await endedStaffSessions.get(sid)) === true
}

/** Raised when the staff session cannot go on: the guard sends the staff person to log in. */
export class StaffSessionEndedError extends Error {
  constructor() {
    super('Staff session ended')
    this.name = 'StaffSessionEndedError'
  }
}

/** New tokens for the staff session; a refusal ends it. */
async function renewStaff(session: StaffSession): Promise<string> {
  const payload = session.payload
  if (!payload) throw new StaffSessionEndedError()
  try {
    const pair = await staffRefresh(payload.refreshToken)
    const now = Date.now()
    session.set({
      ...payload,
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      accessExpiresAt: expiresAtFor(pair.accessToken, now, sessionLifetimes().accessSeconds),
    })
    return pair.accessToken
  } catch (error) {
    if (isRefreshRefused(error)) {
      throw new StaffSessionEndedError()
    }
    throw error
  }
}

/**
 * The staff side of this request's backend calls (ctx.staff): the staff
 * token, renewed when it has run out or the backend refuses it once; a
 * second refusal ends the staff session.
 */
export function staffCaller(session: StaffSession, signal: AbortSignal): StaffCaller {
  const call: StaffCaller['call'] = async (req) => {
    const payload = session.payload
    if (!payload) throw new StaffSessionEndedError()
    const stale = isExpired(payload.accessExpiresAt, Date.now())
    const token = stale ? await renewStaff(session) : payload.accessToken
    try {
      return await callBackend({ ...req, token, signal })
    } catch (error) {
      if (!isUnauthorized(error) || stale) throw error
    }
    return callBackend({ ...req, token: await renewStaff(session), signal })
  }
  return {
    call: async (req) => {
      try {
        return await call(req)
      } catch (error) {
        if (error instanceof StaffSessionEndedError || isUnauthorized(error)) {
          session.end()
          throw new StaffSessionEndedError()
        }
        throw error
      }
    },
  }
}
