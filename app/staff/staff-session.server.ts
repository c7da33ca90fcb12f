// The staff session: the second identity (DESIGN.md "Two identities", docs/decisions/0139), its
// own cookie and key, never read as the member's. 30 minutes idle, 8 hours at most. Large tokens
// go to the shared store as the member's do (decision 0134).
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
export const STAFF_IDLE_MS = 30 * 60_000
export const STAFF_TOTAL_MS = 8 * 60 * 60_000
/** A new cookie per minute, not per request. */
const TOUCH_EVERY_MS = 60_000

export const staffPayloadSchema = zod.object({
  v: zod.literal(1),
  sid: zod.string().min(16).max(64),
  staff: staffSchema.extend({ username: zod.string().min(1).max(100) }),
  accessToken: zod.string().min(1),
  refreshToken: zod.string().min(1),
  accessExpiresAt: zod.number().finite().nullable(),
  iat: zod.number().finite(),
  seen: zod.number().finite(),
})
export type StaffPayload = zod.infer<typeof staffPayloadSchema>

const staffRefSchema = zod.object({ v: zod.literal(3), ref: sessionRefSchema }).strict()

const staffCookie = sealedCookie({
  name: STAFF_COOKIE,
  maxAgeSeconds: STAFF_IDLE_MS / 1000,
  purpose: 'staff-session',
  // No request another site starts carries it, not even a link (decision 0156).
  sameSite: 'strict',
  schema: zod.discriminatedUnion('v', [staffPayloadSchema, staffRefSchema]),
})

export const staffTokenStore: TokenStore<StaffPayload> = createTokenStore(
  createMemoryStore<string>(),
  'staff-tokens',
  staffPayloadSchema,
)

const endedStaffSessions: TtlStore<true> = createSharedStore<true>('staff-ended')

export function newStaffSessionId(): string {
  return randomBytes(18).toString('base64url')
}

export function isPastTotal(payload: StaffPayload, now = Date.now()): boolean {
  return now >= payload.iat + STAFF_TOTAL_MS
}

export interface StaffSession {
  readonly payload: StaffPayload | null
  readonly loggedIn: boolean
  readonly expired: boolean
  set(payload: StaffPayload): void
  clear(): void
  end(): void
  setCookieHeaders(): string[]
  settled(): Promise<void>
}

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
  readonly #stored: StoredEntry<StaffPayload>
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

export function getStaffSession(
  request: Request,
  context: AppLoadContext,
  now = Date.now(),
  options: StaffSessionReadOptions = {},
): Promise<StaffSession> {
  return perRequest(context, 'staff-session', () => readStaffSession(request, now, options))
}

export async function endStaffSession(payload: StaffPayload, now = Date.now()): Promise<void> {
  const ttlMs = Math.max(1000, payload.iat + STAFF_TOTAL_MS - now)
  await endedStaffSessions.set(payload.sid, true, ttlMs)
}

/** What a watch asks when its request carries no staff cookie. */
export async function isStaffSessionEnded(sid: string): Promise<boolean> {
  return (await endedStaffSessions.get(sid)) === true
}

export class StaffSessionEndedError extends Error {
  constructor() {
    super('Staff session ended')
    this.name = 'StaffSessionEndedError'
  }
}

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

/** A second refusal ends the staff session. */
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
