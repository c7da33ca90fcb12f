/**
 * Small encrypted cookies for progress the server keeps between the steps of
 * a form (registration, password recovery): JSON checked by a zod schema,
 * sealed with AES-256-GCM under a key of its own, derived with HKDF-SHA256
 * from the session secrets and the cookie's purpose (so a value sealed for one
 * purpose never opens as another, nor as the session). The first secret
 * seals, every secret opens (rotation, as for the session cookie). The expiry
 * travels inside the sealed value too: an old copy of the cookie replayed
 * after its Max-Age does not open.
 *
 *   value = base64url( version(1) | iv(12) | ciphertext | tag(16) )
 *   plaintext = JSON { exp: ms since epoch, data }
 */
import { aeadKey, open, seal } from '~/server/aead.server'
import type { z } from 'zod'
import { clearCookie, readCookie, setCookie } from '~/server/cookies.server'
import { env } from '~/server/env.server'

const VERSION = 1
/** Browsers keep cookies up to 4096 bytes; these stay well below. */
const MAX_VALUE_LENGTH = 3072

export interface SealedCookieOptions<S extends z.ZodTypeAny> {
  name: string
  maxAgeSeconds: number
  /** Key separation: one key per purpose. */
  purpose: string
  schema: S
  /** SameSite=Strict instead of Lax (cookies.server.ts). */
  sameSite?: 'lax' | 'strict'
  /** Secrets and the Secure flag; the app's environment by default. */
  config?: () => { secrets: readonly string[]; secure: boolean }
}

export interface SealedCookie<S extends z.ZodTypeAny> {
  /** The value this request carries, or null (absent, tampered, expired, old secret, wrong shape). */
  read(request: Request, now?: number): z.output<S> | null
  /** The Set-Cookie header that stores `value` for maxAgeSeconds from now. */
  serialize(value: z.input<S>, now?: number): string
  /** The Set-Cookie header that removes the cookie. */
  clear(): string
}

/** The sealed value is past what a browser keeps (the caller may keep it elsewhere). */
export class SealedCookieTooLargeError extends Error {
  constructor(name: string) {
    super(`sealedCookie ${name}: value too large`)
    this.name = 'SealedCookieTooLargeError'
  }
}

function keyFor(secret: string, purpose: string) {
  return aeadKey(secret, purpose, `${purpose} v1`)
}

export function sealedCookie<S extends z.ZodTypeAny>(
  options: SealedCookieOptions<S>,
): SealedCookie<S> {
  const { name, maxAgeSeconds, purpose, schema, sameSite } = options
  const config =
    options.config ?? (() => ({ secrets: env().SESSION_SECRETS, secure: env().COOKIE_SECURE }))
  // The cookie's name is authenticated too: a value moved to another cookie does not open.
  const aad = Buffer.from(`${VERSION}:${name}`)

  return {
    read(request, now = Date.now()) {
      const value = readCookie(request, name, config().secure)
      if (!value || value.length > MAX_VALUE_LENGTH) return null
      const keys = config().secrets.map((secret) => keyFor(secret, purpose))
      const json = open(value, keys, aad)
      if (json === null) return null
      try {
        const { exp, data } = JSON.parse(json) as { exp?: unknown; data?: unknown }
        if (typeof exp !== 'number' || now >= exp) return null
        const parsed = schema.safeParse(data)
        return parsed.success ? (parsed.data as z.output<S>) : null
      } catch {
        return null
      }
    },

    serialize(value, now = Date.now()) {
      const secret = config().secrets[0]
      if (!secret) throw new Error('sealedCookie: no secret')
      const data: unknown = schema.parse(value)
      const plaintext = JSON.stringify({ exp: now + maxAgeSeconds * 1000, data })
      const sealed = seal(plaintext, keyFor(secret, purpose), aad)
      if (sealed.length > MAX_VALUE_LENGTH) throw new SealedCookieTooLargeError(name)
      return setCookie(name, sealed, { maxAge: maxAgeSeconds, secure: config().secure, sameSite })
    },

    clear() {
      return clearCookie(name, { secure: config().secure, sameSite })
    },
  }
}
