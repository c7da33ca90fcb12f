/**
 * The member's session cookie: the backend's tokens, encrypted, in an
 * httpOnly cookie the browser cannot read. Pure functions over header strings,
 * so the whole format is unit-tested:
 *
 * - `sealSession` / `unsealSession`: JSON -> AES-256-GCM (app/server/aead.server.ts,
 *   key derived once per secret) -> base64url. The FIRST secret seals; every
 *   secret is tried to open (secret rotation).
 * - `readSessionCookie` / `serializeSessionCookies`: the `auth.session`
 *   cookie, at most MAX_SESSION_COOKIE_BYTES of the Cookie header. A session
 *   that needs more is refused (SessionTooLargeError): the caller then keeps
 *   the tokens in the shared store and writes a reference instead
 *   (`serializeSessionRefCookies`, app/session/token-store.server.ts,
 *   docs/decisions/0134): the whole Cookie header stays under 4 KB. A
 *   session split over `auth.session.0` and `.1` (written before decision
 *   0096) is still read, and its chunks are expired when it is written again.
 * - A reference is `{ v: 3, ref }` sealed as a session is (same key, its own
 *   format version in the additional data): a random id, never the tokens.
 *
 * Only the session id, tokens and their expiry are stored, never the profile.
 * With `secure` the cookies go by `__Host-` names (app/server/cookies.server.ts);
 * the names here are the app's own, without the prefix.
 */
import { z } from 'zod'
import { aeadKey, open, seal } from '~/server/aead.server'
import { cookieName, ownCookies, setCookie } from '~/server/cookies.server'
import { AUTH_PREFIX } from '~/lib/constants'

export const SESSION_COOKIE_NAME = `${AUTH_PREFIX}session`

/** Browsers drop a cookie whose Set-Cookie is longer than this (name, value and attributes). */
export const MAX_SET_COOKIE_BYTES = 4096
/** At most this many cookies held one session before decision 0096: still read, never written. */
export const MAX_SESSION_CHUNKS = 2
/**
 * Most bytes a session with its tokens may take in the Cookie header
 * (`auth.session=…`): with every other cookie of the app the header stays
 * under 4 KB (docs/decisions/0134-large-tokens-in-the-shared-store.md,
 * tests/unit/cookie-budget.test.ts). About 650 bytes per token; the
 * backend's JWTs (docs/backend-api.md "Tokens") are about 300 bytes and
 * take about 1 KB together. Larger tokens go to the shared store, and the
 * cookie holds a reference of about 100 bytes.
 */
export const MAX_SESSION_COOKIE_BYTES = 2048

export const sessionPayloadSchema = z.object({
  v: z.literal(2),
  /** Random id of this login: logout ends it for every copy of the cookie. */
  sid: z.string().min(16).max(64),
  strategy: z.enum(['local', 'line', 'watcher']),
  /**
   * The member's id and when this session was issued (ms since epoch):
   * "every session of this member issued before T" can then be ended
   * (a password change, log out everywhere; docs/decisions/0093). Absent
   * from cookies written before they existed.
   */
  mid: z.string().min(1).max(64).optional(),
  iat: z.number().finite().optional(),
  /**
   * A watch (strategy `watcher`): support staff see the member's screen,
   * read-only, until `expiresAt` (docs/decisions/0139). `staff` for a watch
   * started from the staff console (its staff session must stay alive);
   * none for the original's pasted-token watch. `kind` tells a pasted-token
   * watch of a signed-in staff person (`token`, decision 0156) from a
   * console watch; absent: a console watch when `staff` is there.
   */
  watch: z
    .object({
      id: z.string().min(1).max(64),
      kind: z.enum(['staff', 'token']).optional(),
      memberUsername: z.string().max(100),
      expiresAt: z.number().finite().nullable(),
      staff: z
        .object({
          id: z.number().int(),
          username: z.string().max(100),
          displayName: z.string().max(200),
          sid: z.string().max(64),
        })
        .optional(),
    })
    .optional(),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  /** ms since epoch; null = unknown (never expires). */
  accessExpiresAt: z.number().finite().nullable(),
  refreshExpiresAt: z.number().finite().nullable(),
})
export type SessionPayload = z.infer<typeof sessionPayloadSchema>

/** The tokens do not fit in the cookies a browser will send back. */
export class SessionTooLargeError extends Error {
  constructor(bytes: number) {
    super(`Session cookie too large: ${bytes} bytes sealed`)
    this.name = 'SessionTooLargeError'
  }
}

const HKDF_SALT = 'auth.session'
const HKDF_INFO = 'auth.session v1'
/** The format version, authenticated as additional data. */
const AAD = Uint8Array.of(1)
/** A reference's: a reference never opens as a session, nor a session as a reference. */
const REF_AAD = Uint8Array.of(3)

/** A reference to tokens in the shared store: 128 random bits, base64url. */
export const sessionRefSchema = z.string().regex(/^[\w-]{22}$/)
const refPayloadSchema = z.object({ v: z.literal(3), ref: sessionRefSchema }).strict()
const MAX_SEALED_LENGTH = MAX_SESSION_CHUNKS * MAX_SET_COOKIE_BYTES

/**
 * Encrypts the payload with the first secret. Fields outside the schema are
 * dropped; a payload that does not match the schema or an empty secret list
 * throws (a programming error, not a member's).
 */
export function sealSession(payload: SessionPayload, secrets: readonly string[]): string {
  const secret = secrets[0]
  if (!secret) throw new Error('sealSession: no session secret')
  const plaintext = JSON.stringify(sessionPayloadSchema.parse(payload))
  return seal(plaintext, aeadKey(secret, HKDF_SALT, HKDF_INFO), AAD)
}

function parsePayload(json: string): SessionPayload | null {
  try {
    const result = sessionPayloadSchema.safeParse(JSON.parse(json))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/**
 * Opens a sealed session with any of the secrets. Tampered, truncated,
 * forged, unknown-secret or schema-failing values give null. Never throws.
 */
export function unsealSession(value: string, secrets: readonly string[]): SessionPayload | null {
  if (typeof value !== 'string' || value.length > MAX_SEALED_LENGTH) return null
  const keys = secrets.filter(Boolean).map((secret) => aeadKey(secret, HKDF_SALT, HKDF_INFO))
  const json = open(value, keys, AAD)
  return json === null ? null : parsePayload(json)
}

/** Seals a reference to tokens kept in the shared store, with the first secret. */
export function sealSessionRef(ref: string, secrets: readonly string[]): string {
  const secret = secrets[0]
  if (!secret) throw new Error('sealSessionRef: no session secret')
  const plaintext = JSON.stringify(refPayloadSchema.parse({ v: 3, ref }))
  return seal(plaintext, aeadKey(secret, HKDF_SALT, HKDF_INFO), REF_AAD)
}

/** The reference in a sealed value, or null (a session, tampered, foreign ...). Never throws. */
export function unsealSessionRef(value: string, secrets: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length > MAX_SET_COOKIE_BYTES) return null
  const keys = secrets.filter(Boolean).map((secret) => aeadKey(secret, HKDF_SALT, HKDF_INFO))
  const json = open(value, keys, REF_AAD)
  if (json === null) return null
  try {
    const result = refPayloadSchema.safeParse(JSON.parse(json))
    return result.success ? result.data.ref : null
  } catch {
    return null
  }
}

const CHUNK_NAME = /^auth\.session\.[0-9]$/

function chunkName(index: number): string {
  return `${SESSION_COOKIE_NAME}.${index}`
}

/** `auth.session` or `auth.session.N` (one digit: older, longer sessions are still cleared). */
function isSessionCookieName(name: string): boolean {
  return name === SESSION_COOKIE_NAME || CHUNK_NAME.test(name)
}

/** `auth.session.0` + `.1` up to the first missing index; null without chunk 0. */
function joinChunks(cookies: Record<string, string | undefined>): string | null {
  let joined = ''
  for (let i = 0; i < MAX_SESSION_CHUNKS; i++) {
    const chunk = cookies[chunkName(i)]
    if (chunk === undefined) break
    joined += chunk
  }
  return joined === '' ? null : joined
}

export interface SessionCookieRead {
  /** The opened session, or null (absent, unreadable, tampered, old secret, a reference ...). */
  payload: SessionPayload | null
  /** The reference to tokens in the shared store the cookie holds instead, or null. */
  ref: string | null
  /** Some `auth.session*` cookie was sent: a null payload must then be cleared. */
  present: boolean
  /** Every `auth.session*` cookie name sent (without `__Host-`), for `serializeSessionCookies`. */
  chunkNames: string[]
}

/**
 * Reads the session from a Cookie header, in its single or chunked form;
 * with `secure`, from the `__Host-` cookies only. Never throws.
 */
export function readSessionCookie(
  cookieHeader: string | null,
  secrets: readonly string[],
  secure = false,
): SessionCookieRead {
  const cookies = ownCookies(cookieHeader, secure)
  const single = cookies[SESSION_COOKIE_NAME]
  const chunked = joinChunks(cookies)
  const payload =
    (single ? unsealSession(single, secrets) : null) ??
    (chunked ? unsealSession(chunked, secrets) : null)
  const ref = payload === null && single ? unsealSessionRef(single, secrets) : null
  const chunkNames = Object.keys(cookies).filter(isSessionCookieName)
  return { payload, ref, present: chunkNames.length > 0, chunkNames }
}

export interface SerializeOptions {
  secrets: readonly string[]
  secure: boolean
  /** `chunkNames` from `readSessionCookie`: names no longer written are expired. */
  previousChunkNames: readonly string[]
  now?: number
}

/** When every token of the session has run out (a watcher session has no refresh token). */
export function sessionEndsAt(payload: SessionPayload): number | null {
  return payload.refreshToken ? payload.refreshExpiresAt : payload.accessExpiresAt
}

/** Seconds the cookie should live: until the session ends; a browser-session cookie when unknown. */
export function sessionMaxAge(payload: SessionPayload, now: number): number | undefined {
  const endsAt = sessionEndsAt(payload)
  return endsAt === null ? undefined : Math.max(0, Math.ceil((endsAt - now) / 1000))
}

const cookie = (name: string, value: string, secure: boolean, maxAge?: number) =>
  setCookie(name, value, { maxAge, secure })

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

/** One `auth.session` cookie within `maxBytes`, else SessionTooLargeError. */
function splitIntoCookies(
  value: string,
  secure: boolean,
  maxAge?: number,
  maxBytes = MAX_SESSION_COOKIE_BYTES,
): { names: string[]; cookies: string[] } {
  if (bytes(`${cookieName(SESSION_COOKIE_NAME, secure)}=${value}`) > maxBytes) {
    throw new SessionTooLargeError(value.length)
  }
  return {
    names: [SESSION_COOKIE_NAME],
    cookies: [cookie(SESSION_COOKIE_NAME, value, secure, maxAge)],
  }
}

function expireAll(names: Iterable<string>, secure: boolean): string[] {
  return [...new Set(names)].filter(isSessionCookieName).map((name) => cookie(name, '', secure, 0))
}

/**
 * The Set-Cookie header values that store `payload` (or, for null, clear the
 * session): the sealed value in one cookie or in chunks, each header at most
 * 4096 bytes, plus an expired cookie for every previous name no longer used.
 */
export function serializeSessionCookies(
  payload: SessionPayload | null,
  opts: SerializeOptions,
): string[] {
  const { secure, previousChunkNames } = opts
  if (payload === null) return expireAll([...previousChunkNames, SESSION_COOKIE_NAME], secure)

  const maxAge = sessionMaxAge(payload, opts.now ?? Date.now())
  const { names, cookies } = splitIntoCookies(sealSession(payload, opts.secrets), secure, maxAge)
  const written = new Set(names)
  const stale = previousChunkNames.filter((name) => !written.has(name))
  return [...cookies, ...expireAll(stale, secure)]
}

/**
 * The Set-Cookie values that point this browser at tokens kept in the shared
 * store under `ref`: the sealed reference (about 100 bytes), living as long
 * as the session `payload` it stands for, plus an expired cookie for every
 * previous chunk name.
 */
export function serializeSessionRefCookies(
  ref: string,
  payload: SessionPayload,
  opts: SerializeOptions,
): string[] {
  const { secure, previousChunkNames } = opts
  const maxAge = sessionMaxAge(payload, opts.now ?? Date.now())
  const { cookies } = splitIntoCookies(
    sealSessionRef(ref, opts.secrets),
    secure,
    maxAge,
    MAX_SET_COOKIE_BYTES,
  )
  const stale = previousChunkNames.filter((name) => name !== SESSION_COOKIE_NAME)
  return [...cookies, ...expireAll(stale, secure)]
}
