/**
 * Where a session's tokens live when they do not fit in the cookie
 * (docs/decisions/0134-large-tokens-in-the-shared-store.md): in the shared
 * store (Redis when REDIS_URL is set, with this instance's memory as its
 * fallback; memory alone without Redis), under a random reference the
 * browser keeps in its sealed cookie: the member's `auth.session`
 * (cookie.server.ts) and the staff person's `auth.staff`
 * (staff-session.server.ts), each in a store of its own, both placed by
 * `StoredEntry`.
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
import type { z } from 'zod'
import {
  sessionPayloadSchema,
  SessionTooLargeError,
  type SessionPayload,
} from '~/session/cookie.server'

const STORE_NAME = 'session-tokens'
/** A sealed session larger than this (about 36 KB of tokens) is refused: SessionTooLargeError. */
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
  /** A new random reference (128 bits). */
  newRef(): string
  /** The sealed entry for `payload` (throws nothing); its size decides whether it may be stored. */
  seal(ref: string, payload: T): string
  /** Writes a sealed entry for `ttlMs` (Redis and this instance's memory; replayed when Redis returns). */
  write(ref: string, sealed: string, ttlMs: number): Promise<void>
  read(ref: string): Promise<StoredSession<T>>
  /** Deletes the entry (logout, a new login, tokens small enough for the cookie again). */
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

/**
 * The store under `name`, of payloads `schema` checks (a member's session by
 * default): `memory` is this instance's copy (every write goes there too),
 * Redis (when configured) the copy every instance reads first. The name is
 * authenticated with each entry: one store's entry never opens in another.
 */
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

/** This process's store of members' large token sets (shared with the other instances through Redis). */
export const tokenStore: TokenStore = createTokenStore()

/** The entry a session's cookie points at: its reference, for the session id that wrote it. */
export interface StoredRef {
  ref: string
  sid: string
}

/** How a session's cookie is written for one payload (StoredEntry.place). */
export interface Placement<T> {
  /** The cookie holding the payload itself, or null when it does not fit. */
  inCookie: (payload: T) => string[] | null
  /** The cookie holding `ref` instead. */
  asRef: (ref: string, payload: T) => string[]
  /** How long the entry lives (the session's end). */
  ttlMs: number
}

/**
 * One request's view of the store entry its session's cookie points at, for
 * the member's session and the staff person's alike: where the next cookie
 * keeps the tokens, and the entry deleted when it is no longer pointed at.
 * Every write and delete goes to `track` (the answer waits for it).
 */
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
   * The cookie for `payload`: the tokens themselves when they fit, else a
   * reference to them in the store, with the write to wait for. The
   * reference stays while the session id does (a refresh rewrites its
   * entry, so every copy of the cookie sees the new tokens); a new id (a
   * login, "log out everywhere") gets a new one, and the old entry goes.
   * Throws SessionTooLargeError, changing nothing, past MAX_STORED_SESSION_BYTES.
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

  /** Deletes the entry the cookie pointed at (tracked), if there is one. */
  forget(): Promise<void> | undefined {
    if (!this.#stored) return undefined
    const { ref } = this.#stored
    this.#stored = null
    const forgotten = this.store.forget(ref).catch(() => undefined)
    this.track(forgotten)
    return forgotten
  }
}
