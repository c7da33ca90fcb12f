/**
 * A backend whose tokens are 3 KB each (identity providers with roles and
 * claims): the session keeps them in the shared store under a sealed
 * reference in the cookie (decision 0134). One instance, no Redis: the
 * store is this process's memory.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '~/server/store.server'
import {
  MAX_SESSION_COOKIE_BYTES,
  readSessionCookie,
  sealSessionRef,
  type SessionPayload,
} from '~/session/cookie.server'
import { endSession, getSession, SESSION_STORE_UNAVAILABLE_MESSAGE } from '~/session/session.server'
import { createTokenStore, type TokenStore } from '~/session/token-store.server'

const SECRET = process.env.SESSION_SECRET ?? ''
const HOUR = 3_600_000

/** A random base64url token of `length` characters (incompressible, like a signed JWT). */
const token = (length: number) => randomBytes(length).toString('base64url').slice(0, length)

function payload(overrides: Partial<SessionPayload> = {}): SessionPayload {
  const now = Date.now()
  return {
    v: 2,
    sid: `sid-${Math.random().toString(36).slice(2)}-0123456789`,
    strategy: 'local',
    mid: '7',
    iat: now,
    accessToken: token(3072),
    refreshToken: token(3072),
    accessExpiresAt: now + HOUR,
    refreshExpiresAt: now + 7 * 24 * HOUR,
    ...overrides,
  }
}

/** The `name=value` part of each Set-Cookie, as the browser sends it back. */
const cookieHeader = (setCookies: readonly string[]) =>
  setCookies.map((header) => header.split(';')[0]).join('; ')
const request = (cookie: string) =>
  new Request('http://app.test/profile', { headers: { Cookie: cookie } })

/** An instance's store: its own memory, and an eye on what is written to it. */
function instanceStore() {
  const memory = createMemoryStore<string>()
  const store = createTokenStore(memory, `session-tokens-test-${Math.random()}`)
  return { store, memory }
}

/** A login on `store`: the cookie the browser gets, once the write is done. */
async function login(store: TokenStore, session: SessionPayload = payload()) {
  const empty = await getSession(request(''), {}, { store: store })
  empty.set(session)
  await empty.settled()
  return cookieHeader(empty.setCookieHeaders())
}

describe('tokens too large for the cookie (3 KB access + 3 KB refresh)', () => {
  it('a login writes a small cookie holding a reference, never the tokens', async () => {
    const { store, memory } = instanceStore()
    const tokens = payload()
    const cookie = await login(store, tokens)
    expect(new TextEncoder().encode(cookie).length).toBeLessThan(128)
    expect(cookie).not.toContain(tokens.accessToken.slice(0, 40))
    const read = readSessionCookie(cookie, [SECRET])
    expect(read.payload).toBeNull()
    expect(read.ref).toMatch(/^[\w-]{22}$/)
    expect(memory.size).toBe(1)
  })

  it('reading the cookie gets the tokens back', async () => {
    const { store } = instanceStore()
    const tokens = payload()
    const session = await getSession(request(await login(store, tokens)), {}, { store })
    expect(session.loggedIn).toBe(true)
    expect(session.payload).toEqual(tokens)
    // Nothing changed: no Set-Cookie.
    expect(session.setCookieHeaders()).toEqual([])
  })

  it('a refresh rewrites the stored entry: every copy of the cookie gets the new tokens', async () => {
    const { store } = instanceStore()
    const first = payload()
    const cookie = await login(store, first)
    const session = await getSession(request(cookie), {}, { store: store })
    const renewed = { ...first, accessToken: token(3072), refreshToken: token(3072) }
    session.set(renewed)
    await session.settled()
    const rewritten = cookieHeader(session.setCookieHeaders())
    // The same reference: the answer with the new cookie may be lost on its way to the phone.
    expect(readSessionCookie(rewritten, [SECRET]).ref).toBe(readSessionCookie(cookie, [SECRET]).ref)
    for (const copy of [cookie, rewritten]) {
      expect((await getSession(request(copy), {}, { store: store })).payload).toEqual(renewed)
    }
  })

  it('a tampered reference is refused as a tampered cookie is: cleared, logged out', async () => {
    const { store } = instanceStore()
    const cookie = await login(store)
    const value = cookie.slice(cookie.indexOf('=') + 1)
    const blob = Buffer.from(value, 'base64url')
    blob[30] = (blob[30] ?? 0) ^ 1
    for (const forged of [
      `auth.session=${blob.toString('base64url')}`,
      `auth.session=${sealSessionRef('AAAAAAAAAAAAAAAAAAAAAA', ['another-secret-0123456789'])}`,
    ]) {
      const session = await getSession(request(forged), {}, { store: store })
      expect(session.loggedIn).toBe(false)
      expect(session.expired).toBe(false)
      expect(session.setCookieHeaders().join()).toMatch(/auth\.session=; Max-Age=0/)
    }
  })

  it('a reference whose entry is gone ends the session cleanly: cleared, and the member told so', async () => {
    const { store } = instanceStore()
    const cookie = await login(store)
    // Another instance's memory (no Redis), or a Redis restarted without persistence.
    const elsewhere = instanceStore().store
    const session = await getSession(request(cookie), {}, { store: elsewhere })
    expect(session.loggedIn).toBe(false)
    expect(session.expired).toBe(true)
    expect(session.setCookieHeaders().join()).toMatch(/auth\.session=; Max-Age=0/)
  })

  it('logout deletes the entry; a copy of the cookie is a visitor', async () => {
    const { store } = instanceStore()
    const cookie = await login(store)
    const session = await getSession(request(cookie), {}, { store: store })
    await endSession(session.payload!)
    session.clear()
    await session.settled()
    const ref = readSessionCookie(cookie, [SECRET]).ref!
    expect(await store.read(ref)).toEqual({ found: false, unavailable: false })
    expect((await getSession(request(cookie), {}, { store: store })).loggedIn).toBe(false)
  })

  it('a new session id (a new login, log out everywhere) gets a new reference; the old entry goes', async () => {
    const { store } = instanceStore()
    const before = payload()
    const cookie = await login(store, before)
    const session = await getSession(request(cookie), {}, { store: store })
    session.set({ ...before, sid: `${before.sid}-new` })
    await session.settled()
    const next = cookieHeader(session.setCookieHeaders())
    const oldRef = readSessionCookie(cookie, [SECRET]).ref!
    expect(readSessionCookie(next, [SECRET]).ref).not.toBe(oldRef)
    expect((await store.read(oldRef)).found).toBe(false)
    expect((await getSession(request(next), {}, { store: store })).payload?.sid).toBe(
      `${before.sid}-new`,
    )
  })

  it('the entry lives as long as the refresh token', async () => {
    const { store, memory } = instanceStore()
    const now = Date.now()
    const written: number[] = []
    const watching: TokenStore = {
      ...store,
      write: (ref, sealed, ttlMs) => (written.push(ttlMs), store.write(ref, sealed, ttlMs)),
    }
    await login(watching, payload({ refreshExpiresAt: now + 2 * HOUR }))
    expect(written[0]).toBeGreaterThan(2 * HOUR - 1000)
    expect(written[0]).toBeLessThanOrEqual(2 * HOUR)
    expect(memory.size).toBe(1)
  })
})

describe('tokens that fit the cookie', () => {
  it(`stay in the cookie (at most ${MAX_SESSION_COOKIE_BYTES} bytes): the store is not used`, async () => {
    const { store, memory } = instanceStore()
    const small = payload({ accessToken: token(300), refreshToken: token(300) })
    const cookie = await login(store, small)
    expect(readSessionCookie(cookie, [SECRET]).payload).toEqual(small)
    expect(memory.size).toBe(0)
  })

  it('a session whose refreshed tokens fit again leaves the store', async () => {
    const { store } = instanceStore()
    const large = payload()
    const cookie = await login(store, large)
    const session = await getSession(request(cookie), {}, { store: store })
    const small = { ...large, accessToken: token(300), refreshToken: token(300) }
    session.set(small)
    await session.settled()
    const next = cookieHeader(session.setCookieHeaders())
    expect(readSessionCookie(next, [SECRET]).payload).toEqual(small)
    expect((await store.read(readSessionCookie(cookie, [SECRET]).ref!)).found).toBe(false)
  })
})

describe('a store that cannot answer', () => {
  it('keeps the member logged in and answers a Thai 503 to try again', async () => {
    const { store } = instanceStore()
    const cookie = await login(store)
    const away: TokenStore = {
      ...store,
      read: async () => ({ found: false, unavailable: true }),
    }
    const thrown = await getSession(request(cookie), {}, { store: away }).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(503)
    expect(await (thrown as Response).json()).toEqual({
      message: SESSION_STORE_UNAVAILABLE_MESSAGE,
    })
  })

  it('still lets the browser log out: its cookie is cleared', async () => {
    const { store } = instanceStore()
    const cookie = await login(store)
    const away: TokenStore = { ...store, read: async () => ({ found: false, unavailable: true }) }
    const logout = new Request('http://app.test/logout', {
      method: 'POST',
      headers: { Cookie: cookie },
    })
    const session = await getSession(logout, {}, { store: away, endsSession: true })
    expect(session.loggedIn).toBe(false)
    session.clear()
    expect(session.setCookieHeaders().join()).toMatch(/auth\.session=; Max-Age=0/)
  })
})
