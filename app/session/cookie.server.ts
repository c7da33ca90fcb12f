/**
 * The member's session cookie: the backend's tokens, encrypted, in an
 * httpOnly cookie the browser cannot read. Pure functions over header strings
 * (no Remix API), so the whole format is unit-tested:
 *
 * - `sealSession` / `unsealSession`: JSON -> AES-256-GCM (random 12-byte IV,
 *   key derived once per secret with HKDF-SHA256) -> base64url. The FIRST
 *   secret seals; every secret is tried to open (secret rotation).
 * - `readSessionCookie` / `serializeSessionCookies`: the `auth.session`
 *   cookie, split over `auth.session.0`, `auth.session.1`, ... when one
 *   Set-Cookie would exceed the 4096 bytes browsers keep.
 *
 * Only tokens and their expiry are stored, never the member's profile.
 */
import { aeadKey, open, seal } from '~/lib/aead.server'
import { z } from 'zod'
import { AUTH_COOKIE_PATH, AUTH_PREFIX } from '~/lib/constants'

export const SESSION_COOKIE_NAME = `${AUTH_PREFIX}session`

/** Browsers drop a cookie whose Set-Cookie is longer than this (name, value and attributes). */
export const MAX_SET_COOKIE_BYTES = 4096
/** More chunks than this are neither written nor read. */
export const MAX_SESSION_CHUNKS = 16

export const sessionPayloadSchema = z.object({
  v: z.literal(1),
  strategy: z.enum(['local', 'line', 'watcher']),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  /** ms since epoch; null = unknown (never expires). */
  accessExpiresAt: z.number().finite().nullable(),
  refreshExpiresAt: z.number().finite().nullable(),
})
export type SessionPayload = z.infer<typeof sessionPayloadSchema>

// ---------------------------------------------------------------------------
// Sealing: AES-256-GCM (app/lib/aead.server.ts)
// ---------------------------------------------------------------------------

const HKDF_SALT = 'auth.session'
const HKDF_INFO = 'auth.session v1'
/** The format version, authenticated as additional data. */
const AAD = Uint8Array.of(1)
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

// ---------------------------------------------------------------------------
// Reading the Cookie header
// ---------------------------------------------------------------------------

const CHUNK_NAME = /^auth\.session\.(0|[1-9][0-9]?)$/

function chunkName(index: number): string {
  return `${SESSION_COOKIE_NAME}.${index}`
}

/** `auth.session` or `auth.session.N` (N < MAX_SESSION_CHUNKS, no leading zeros). */
function isSessionCookieName(name: string): boolean {
  if (name === SESSION_COOKIE_NAME) return true
  const match = CHUNK_NAME.exec(name)
  return match !== null && Number(match[1]) < MAX_SESSION_CHUNKS
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1)
    : value
}

/** The session cookies in a Cookie header (first occurrence of a name wins). */
function sessionCookiesIn(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>()
  if (typeof header !== 'string') return cookies
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    const name = part.slice(0, eq).trim()
    if (!isSessionCookieName(name) || cookies.has(name)) continue
    cookies.set(name, unquote(part.slice(eq + 1).trim()))
  }
  return cookies
}

/** `auth.session.0` + `.1` + ... up to the first missing index; null without chunk 0. */
function joinChunks(cookies: Map<string, string>): string | null {
  let joined = ''
  for (let i = 0; i < MAX_SESSION_CHUNKS; i++) {
    const chunk = cookies.get(chunkName(i))
    if (chunk === undefined) break
    joined += chunk
  }
  return joined === '' ? null : joined
}

export interface SessionCookieRead {
  /** The opened session, or null (absent, unreadable, tampered, old secret ...). */
  payload: SessionPayload | null
  /** Some `auth.session*` cookie was sent: a null payload must then be cleared. */
  present: boolean
  /** Every `auth.session*` cookie name sent, for `serializeSessionCookies`. */
  chunkNames: string[]
}

/** Reads the session from a Cookie header, in its single or chunked form. Never throws. */
export function readSessionCookie(
  cookieHeader: string | null,
  secrets: readonly string[],
): SessionCookieRead {
  const cookies = sessionCookiesIn(cookieHeader)
  const single = cookies.get(SESSION_COOKIE_NAME)
  const chunked = joinChunks(cookies)
  const payload =
    (single ? unsealSession(single, secrets) : null) ??
    (chunked ? unsealSession(chunked, secrets) : null)
  return { payload, present: cookies.size > 0, chunkNames: [...cookies.keys()] }
}

// ---------------------------------------------------------------------------
// Writing Set-Cookie headers
// ---------------------------------------------------------------------------

export interface SerializeOptions {
  secrets: readonly string[]
  secure: boolean
  /** `chunkNames` from `readSessionCookie`: names no longer written are expired. */
  previousChunkNames: readonly string[]
  now?: number
}

interface CookieToWrite {
  name: string
  value: string
}

/**
 * Seconds the cookie should live: until the refresh token expires, or for a
 * session without one (a watcher session) until the access token expires;
 * undefined (a browser-session cookie) when that expiry is unknown.
 */
export function sessionMaxAge(payload: SessionPayload, now: number): number | undefined {
  const expiresAt = payload.refreshToken ? payload.refreshExpiresAt : payload.accessExpiresAt
  if (expiresAt === null) return undefined
  return Math.max(0, Math.ceil((expiresAt - now) / 1000))
}

/** The attributes after `name=value`, starting with "; ". */
function attributes(secure: boolean, maxAge: number | undefined): string {
  const parts = [`Path=${AUTH_COOKIE_PATH}`]
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`)
  parts.push('HttpOnly')
  if (secure) parts.push('Secure')
  parts.push('SameSite=Lax')
  return `; ${parts.join('; ')}`
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

function sliceInto(value: string, size: number): string[] {
  const slices: string[] = []
  for (let i = 0; i < value.length; i += size) slices.push(value.slice(i, i + size))
  return slices
}

/** One `auth.session` cookie when it fits, else as few chunks as fit the limit. */
function splitIntoCookies(value: string, attrs: string): CookieToWrite[] {
  if (bytes(`${SESSION_COOKIE_NAME}=${value}${attrs}`) <= MAX_SET_COOKIE_BYTES) {
    return [{ name: SESSION_COOKIE_NAME, value }]
  }
  // Chunk names grow with the index's digits: size the chunks for the longest name.
  for (let digits = 1; ; digits++) {
    const overhead = bytes(`${SESSION_COOKIE_NAME}.${'0'.repeat(digits)}=${attrs}`)
    const size = MAX_SET_COOKIE_BYTES - overhead
    const count = Math.ceil(value.length / size)
    if (String(count - 1).length > digits) continue
    if (count > MAX_SESSION_CHUNKS) {
      throw new Error(`Session cookie too large: ${count} chunks (max ${MAX_SESSION_CHUNKS})`)
    }
    return sliceInto(value, size).map((chunk, i) => ({ name: chunkName(i), value: chunk }))
  }
}

function expired(name: string, secure: boolean): string {
  return `${name}=${attributes(secure, 0)}`
}

function expireAll(names: Iterable<string>, secure: boolean): string[] {
  return [...new Set(names)].filter(isSessionCookieName).map((name) => expired(name, secure))
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

  const attrs = attributes(secure, sessionMaxAge(payload, opts.now ?? Date.now()))
  const cookies = splitIntoCookies(sealSession(payload, opts.secrets), attrs)
  const written = new Set(cookies.map((c) => c.name))
  const stale = previousChunkNames.filter((name) => !written.has(name))
  return [...cookies.map((c) => `${c.name}=${c.value}${attrs}`), ...expireAll(stale, secure)]
}
