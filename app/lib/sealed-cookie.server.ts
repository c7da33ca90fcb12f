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
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import type { z } from 'zod'
import { env } from '~/lib/env.server'

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
/** Browsers keep cookies up to 4096 bytes; these stay well below. */
const MAX_VALUE_LENGTH = 3072
const BASE64URL = /^[A-Za-z0-9_-]+$/

export interface SealedCookieOptions<S extends z.ZodTypeAny> {
  name: string
  path: string
  maxAgeSeconds: number
  /** Key separation: one key per purpose. */
  purpose: string
  schema: S
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

const keys = new Map<string, KeyObject>()

function keyFor(secret: string, purpose: string): KeyObject {
  const id = `${purpose}\u0000${secret}`
  let key = keys.get(id)
  if (!key) {
    key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, purpose, `${purpose} v1`, 32)))
    keys.set(id, key)
  }
  return key
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

function open(value: string, key: KeyObject, aad: Buffer): string | null {
  const blob = Buffer.from(value, 'base64url')
  if (blob.length < 1 + IV_BYTES + TAG_BYTES + 1 || blob[0] !== VERSION) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(1, 1 + IV_BYTES), {
      authTagLength: TAG_BYTES,
    })
    decipher.setAAD(aad)
    decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES))
    const ciphertext = blob.subarray(1 + IV_BYTES, blob.length - TAG_BYTES)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

export function sealedCookie<S extends z.ZodTypeAny>(
  options: SealedCookieOptions<S>,
): SealedCookie<S> {
  const { name, path, maxAgeSeconds, purpose, schema } = options
  const config =
    options.config ?? (() => ({ secrets: env().SESSION_SECRETS, secure: env().COOKIE_SECURE }))
  // The cookie's name is authenticated too: a value moved to another cookie does not open.
  const aad = Buffer.from(`${VERSION}:${name}`)
  const attributes = (maxAge: number) =>
    `; Path=${path}; Max-Age=${maxAge}; HttpOnly${config().secure ? '; Secure' : ''}; SameSite=Lax`

  return {
    read(request, now = Date.now()) {
      const value = cookieValue(request.headers.get('Cookie'), name)
      if (!value || value.length > MAX_VALUE_LENGTH || !BASE64URL.test(value)) return null
      for (const secret of config().secrets) {
        const json = open(value, keyFor(secret, purpose), aad)
        if (json === null) continue
        try {
          const { exp, data } = JSON.parse(json) as { exp?: unknown; data?: unknown }
          if (typeof exp !== 'number' || now >= exp) return null
          const parsed = schema.safeParse(data)
          return parsed.success ? (parsed.data as z.output<S>) : null
        } catch {
          return null
        }
      }
      return null
    },

    serialize(value, now = Date.now()) {
      const secret = config().secrets[0]
      if (!secret) throw new Error('sealedCookie: no secret')
      const data: unknown = schema.parse(value)
      const plaintext = JSON.stringify({ exp: now + maxAgeSeconds * 1000, data })
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv)
      cipher.setAAD(aad)
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const sealed = Buffer.concat([
        Buffer.from([VERSION]),
        iv,
        ciphertext,
        cipher.getAuthTag(),
      ]).toString('base64url')
      if (sealed.length > MAX_VALUE_LENGTH) throw new Error(`sealedCookie ${name}: value too large`)
      return `${name}=${sealed}${attributes(maxAgeSeconds)}`
    },

    clear() {
      return `${name}=${attributes(0)}`
    },
  }
}
