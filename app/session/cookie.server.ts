// The member's session cookie: the backend's tokens sealed with AES-256-GCM (the first secret
// seals, every secret opens). Tokens too large for the cookie go to the shared store and the
// cookie holds a reference, so the Cookie header stays under 4 KB (docs/decisions/0134). Chunked
// cookies written before decision 0096 are still read. Never the profile.
import { z } from 'zod'
import { aeadKey, open, seal } from '~/server/aead.server'
import { cookieName, ownCookies, setCookie } from '~/server/cookies.server'
import { AUTH_PREFIX } from '~/lib/constants'

export const SESSION_COOKIE_NAME = `${AUTH_PREFIX}session`

/** Browsers drop a cookie whose Set-Cookie is longer than this. */
export const MAX_SET_COOKIE_BYTES = 4096
/** At most this many cookies held one session before decision 0096: still read, never written. */
export const MAX_SESSION_CHUNKS = 2
/**
 * With every other cookie the header stays under 4 KB (docs/decisions/0134, tests/unit/cookie-budget.test.ts);
 * the backend's JWTs take about 1 KB together.
 */
export const MAX_SESSION_COOKIE_BYTES = 2048

export const sessionPayloadSchema = z.object({
  v: z.literal(2),
  /** Logout ends it for every copy of the cookie. */
  sid: z.string().min(16).max(64),
  strategy: z.enum(['local', 'line', 'watcher']),
  /** Lets "every session issued before T" be ended (docs/decisions/0093); absent from older cookies. */
  mid: z.string().min(1).max(64).optional(),
  iat: z.number().finite().optional(),
  /**
   * A watch (docs/decisions/0139); `kind: 'token'` for a pasted-token watch of a signed-in staff person
   * (decision 0156).
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
  accessExpiresAt: z.number().finite().nullable(),
  refreshExpiresAt: z.number().finite().nullable(),
})
export type SessionPayload = z.infer<typeof sessionPayloadSchema>

export class SessionTooLargeError extends Error {
  constructor(bytes: number) {
    super(`Session cookie too large: ${bytes} bytes sealed`)
    this.name = 'SessionTooLargeError'
  }
}

const HKDF_SALT = 'auth.session'
const HKDF_INFO = 'auth.session v1'
const AAD = Uint8Array.of(1)
/** A reference never opens as a session, nor a session as a reference. */
const REF_AAD = Uint8Array.of(3)

/** A reference to tokens in the shared store: 128 random bits, base64url. */
export const sessionRefSchema = z.string().regex(/^[\w-]{22}$/)
const refPayloadSchema = z.object({ v: z.literal(3), ref: sessionRefSchema }).strict()
const MAX_SEALED_LENGTH = MAX_SESSION_CHUNKS * MAX_SET_COOKIE_BYTES

/** Throws on a payload outside the schema or no secret (a programming error, not a member's). */
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

/** Never throws. */
export function unsealSession(value: string, secrets: readonly string[]): SessionPayload | null {
  if (typeof value !== 'string' || value.length > MAX_SEALED_LENGTH) return null
  const keys = secrets.filter(Boolean).map((secret) => aeadKey(secret, HKDF_SALT, HKDF_INFO))
  const json = open(value, keys, AAD)
  return json === null ? null : parsePayload(json)
}

export function sealSessionRef(ref: string, secrets: readonly string[]): string {
  const secret = secrets[0]
  if (!secret) throw new Error('sealSessionRef: no session secret')
  const plaintext = JSON.stringify(refPayloadSchema.parse({ v: 3, ref }))
  return seal(plaintext, aeadKey(secret, HKDF_SALT, HKDF_INFO), REF_AAD)
}

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

/** One digit: older, longer sessions are still cleared. */
function isSessionCookieName(name: string): boolean {
  return name === SESSION_COOKIE_NAME || CHUNK_NAME.test(name)
}

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
  payload: SessionPayload | null
  ref: string | null
  /** A null payload must then be cleared. */
  present: boolean
  chunkNames: string[]
}

/** With `secure`, from the `__Host-` cookies only. Never throws. */
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
  previousChunkNames: readonly string[]
  now?: number
}

/** A watcher session has no refresh token. */
export function sessionEndsAt(payload: SessionPayload): number | null {
  return payload.refreshToken ? payload.refreshExpiresAt : payload.accessExpiresAt
}

export function sessionMaxAge(payload: SessionPayload, now: number): number | undefined {
  const endsAt = sessionEndsAt(payload)
  return endsAt === null ? undefined : Math.max(0, Math.ceil((endsAt - now) / 1000))
}

const cookie = (name: string, value: string, secure: boolean, maxAge?: number) =>
  setCookie(name, value, { maxAge, secure })

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

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
