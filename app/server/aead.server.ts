// AES-256-GCM under an HKDF-SHA256 key; sealed = base64url(version 1 | iv 12 | ciphertext | tag 16).
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto'

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
const BASE64URL = /^[A-Za-z0-9_-]+$/

const keys = new Map<string, KeyObject>()

/** Derived once per process. */
export function aeadKey(secret: string, salt: string, info: string): KeyObject {
  const id = `${salt}\u0000${info}\u0000${secret}`
  let key = keys.get(id)
  if (!key) {
    key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, salt, info, 32)))
    keys.set(id, key)
  }
  return key
}

export function seal(plaintext: string, key: KeyObject, aad: Uint8Array): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(aad)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return Buffer.concat([Buffer.from([VERSION]), iv, ciphertext, cipher.getAuthTag()]).toString(
    'base64url',
  )
}

/** Any of `keys` opens (secret rotation); null for anything tampered or foreign. Never throws. */
export function open(value: string, keys: readonly KeyObject[], aad: Uint8Array): string | null {
  if (typeof value !== 'string' || !BASE64URL.test(value)) return null
  const blob = Buffer.from(value, 'base64url')
  if (blob.length < 1 + IV_BYTES + TAG_BYTES + 1 || blob[0] !== VERSION) return null
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(1, 1 + IV_BYTES), {
        authTagLength: TAG_BYTES,
      })
      decipher.setAAD(aad)
      decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES))
      const ciphertext = blob.subarray(1 + IV_BYTES, blob.length - TAG_BYTES)
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
    } catch {
      // Not this key: try the next one.
    }
  }
  return null
}
