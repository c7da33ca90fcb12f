/**
 * Where a session's tokens live when they do not fit in the cookie
 * (docs/decisions/0134-large-tokens-in-the-shared-store.md): in the shared
 * store (Redis when REDIS_URL is set, with this instance's memory as its
 * fallback; memory alone without Redis), under a random reference the
 * browser keeps in its sealed `auth.session` cookie (cookie.server.ts).
 *
 * Whoever reads the store learns nothing from it: an entry's key is a
 * SHA-256 hash of the reference, and its value is the whole session sealed
 * (AES-256-GCM) under a key derived from the reference, which only the
 * member's cookie holds, encrypted under the session secret.
 *
 * A read tells "no such entry" (it ran out, was deleted at logout, or Redis
 * lost it: the member logs in again) from "the store cannot answer" (Redis
 * is away and this instance never saw the entry: the member tries again in a
 * moment, still logged in).
 */
import { createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto'
import { open, seal } from '~/server/aead.server'
import { createMemoryStore, createSharedStore, type TtlStore } from '~/server/store.server'
import { sessionPayloadSchema, type SessionPayload } from '~/session/cookie.server'

const STORE_NAME = 'session-tokens'
/** A sealed session larger than this (about 36 KB of tokens) is refused: SessionTooLargeError. */
export const MAX_STORED_SESSION_BYTES = 48 * 1024

const AAD = Buffer.from('session-tokens v1')
const keyCache = new Map<string, KeyObject>()

function entryKey(ref: string): KeyObject {
  let key = keyCache.get(ref)
  if (!key) {
    key = createSecretKey(Buffer.from(hkdfSync('sha256', ref, 'auth.session tokens', 'v1', 32)))
    // A few entries per request at most: the cache only spares the HKDF of one request's loaders.
    if (keyCache.size >= 1000) keyCache.clear()
    keyCache.set(ref, key)
  }
  return key
}

const storeKey = (ref: string) => createHash('sha256').update(ref, 'utf8').digest('base64url')

export type StoredSession =
  | { found: true; payload: SessionPayload }
  /** No entry: expired, deleted at logout, or lost by a Redis restarted without persistence. */
  | { found: false; unavailable: false }
  /** Redis did not answer and this instance's memory has no copy: unknown for now. */
  | { found: false; unavailable: true }

export interface TokenStore {
  /** A new random reference (128 bits). */
  newRef(): string
  /** The sealed entry for `payload` (throws nothing); its size decides whether it may be stored. */
  seal(ref: string, payload: SessionPayload): string
  /** Writes a sealed entry for `ttlMs` (Redis and this instance's memory; replayed when Redis returns). */
  write(ref: string, sealed: string, ttlMs: number): Promise<void>
  read(ref: string): Promise<StoredSession>
  /** Deletes the entry (logout, a new login, tokens small enough for the cookie again). */
  forget(ref: string): Promise<void>
}

function parse(json: string | null): SessionPayload | null {
  if (json === null) return null
  try {
    const result = sessionPayloadSchema.safeParse(JSON.parse(json))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/**
 * The store under `name`: `memory` is this instance's copy (every write goes
 * there too), Redis (when configured) the copy every instance reads first.
 */
export function createTokenStore(
  memory: TtlStore<string> = createMemoryStore<string>(),
  name = STORE_NAME,
): TokenStore {
  const both = createSharedStore<string>(name, memory)
  // Anything but a sealed string (a forgotten entry's '', a foreign value) opens as nothing.
  const opened = (ref: string, sealed: unknown): SessionPayload | null =>
    typeof sealed === 'string' && sealed ? parse(open(sealed, [entryKey(ref)], AAD)) : null

  return {
    newRef: () => randomBytes(16).toString('base64url'),
    seal: (ref, payload) =>
      seal(JSON.stringify(sessionPayloadSchema.parse(payload)), entryKey(ref), AAD),
    write: (ref, sealed, ttlMs) => both.set(storeKey(ref), sealed, Math.max(1, ttlMs)),
    async read(ref) {
      const entry = await both.lookup(storeKey(ref))
      const payload = entry.found ? opened(ref, entry.value) : null
      if (payload) return { found: true, payload }
      return { found: false, unavailable: !entry.found && entry.unavailable }
    },
    // The store has no delete: an empty value that lives a millisecond.
    forget: (ref) => both.set(storeKey(ref), '', 1),
  }
}

/** This process's store of large token sets (shared with the other instances through Redis). */
export const tokenStore: TokenStore = createTokenStore()
