// Tokens too large for the cookie (docs/decisions/0134-large-tokens-in-the-shared-store.md).
// The key is a hash of the reference and the value sealed under a key derived from it: the
// store alone reveals nothing. "No entry" (log in again) is told from "cannot answer" (retry).
import { createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto'
import { open, seal } from '~/server/aead.server'
import { createMemoryStore, createSharedStore, type TtlStore } from '~/server/store.server'
import type { z } from 'zod'
import {
  sessionPayloadSchema,
  SessionTooLargeError,
  type SessionPayload,
} from '~/session/cookie.server'

const STORE_NAME = 'session-tokens'
export const MAX_STORED_SESSION_BYTES = 48 * 1024

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

export type StoredSession<T = SessionPayload> =
  | { found: true; payload: T }
  /** No entry: expired, deleted at logout, or lost by a Redis restarted without persistence. */
  | { found: false; unavailable: false }
  /** Redis did not answer and this instance's memory has no copy: unknown for now. */
  | { found: false; unavailable: true }

export interface TokenStore<T = SessionPayload> {
  newRef(): string
  seal(ref: string, payload: T): string
  write(ref: string, sealed: string, ttlMs: number): Promise<void>
  read(ref: string): Promise<StoredSession<T>>
  forget(ref: string): Promise<void>
}

function parse<T>(schema: z.ZodType<T>, json: string | null): T | null {
  if (json === null) return null
  try {
    const result = schema.safeParse(JSON.parse(json))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/** The name is authenticated with each entry: one store's entry never opens in another. */
export function createTokenStore<T = SessionPayload>(
  memory: TtlStore<string> = createMemoryStore<string>(),
  name = STORE_NAME,
  schema: z.ZodType<T> = sessionPayloadSchema as unknown as z.ZodType<T>,
): TokenStore<T> {
  const both = createSharedStore<string>(name, memory)
  const aad = Buffer.from(`${name} v1`)
  // Anything but a sealed string (a forgotten entry's '', a foreign value) opens as nothing.
  const opened = (ref: string, sealed: unknown): T | null =>
    typeof sealed === 'string' && sealed ? parse(schema, open(sealed, [entryKey(ref)], aad)) : null

  return {
    newRef: () => randomBytes(16).toString('base64url'),
    seal: (ref, payload) => seal(JSON.stringify(schema.parse(payload)), entryKey(ref), aad),
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

export const tokenStore: TokenStore = createTokenStore()

export interface StoredRef {
  ref: string
  sid: string
}

export interface Placement<T> {
  inCookie: (payload: T) => string[] | null
  asRef: (ref: string, payload: T) => string[]
  ttlMs: number
}

/** For the member's session and the staff person's alike; every write and delete goes to `track`. */
export class StoredEntry<T extends { sid: string }> {
  #stored: StoredRef | null
  constructor(
    readonly store: TokenStore<T>,
    stored: StoredRef | null,
    private readonly track: (write: Promise<unknown>) => void,
  ) {
    this.#stored = stored
  }

  /**
   * A refresh rewrites the same reference so every copy of the cookie sees the new tokens; a new
   * session id gets a new one.
   */
  place(payload: T, how: Placement<T>): string[] {
    const inCookie = how.inCookie(payload)
    if (inCookie) {
      this.forget()
      return inCookie
    }
    const kept = this.#stored?.sid === payload.sid ? this.#stored.ref : undefined
    const ref = kept ?? this.store.newRef()
    const sealed = this.store.seal(ref, payload)
    if (sealed.length > MAX_STORED_SESSION_BYTES) throw new SessionTooLargeError(sealed.length)
    const headers = how.asRef(ref, payload)
    if (!kept) this.forget()
    this.#stored = { ref, sid: payload.sid }
    this.track(this.store.write(ref, sealed, how.ttlMs))
    return headers
  }

  forget(): Promise<void> | undefined {
    if (!this.#stored) return undefined
    const { ref } = this.#stored
    this.#stored = null
    const forgotten = this.store.forget(ref).catch(() => undefined)
    this.track(forgotten)
    return forgotten
  }
}
