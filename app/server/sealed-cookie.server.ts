// Encrypted step cookies: a key per purpose (HKDF from the session secrets), so a value sealed for
// one purpose never opens as another. The expiry travels inside: a replay after Max-Age fails.
import { aeadKey, open, seal } from '~/server/aead.server'
import type { z } from 'zod'
import { clearCookie, readCookie, setCookie } from '~/server/cookies.server'
import { env } from '~/server/env.server'

const VERSION = 1
const MAX_VALUE_LENGTH = 3072

export interface SealedCookieOptions<S extends z.ZodTypeAny> {
  name: string
  maxAgeSeconds: number
  purpose: string
  schema: S
  sameSite?: 'lax' | 'strict'
  config?: () => { secrets: readonly string[]; secure: boolean }
}

export interface SealedCookie<S extends z.ZodTypeAny> {
  read(request: Request, now?: number): z.output<S> | null
  serialize(value: z.input<S>, now?: number): string
  clear(): string
}

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
