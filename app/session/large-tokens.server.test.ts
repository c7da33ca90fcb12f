/**
 * A backend whose tokens are 3 KB each (identity providers with roles and
 * claims): the session keeps them in the shared store under a sealed
 * reference in the cookie (decision 0134). One instance, no Redis: the
 * store is this process's memory.
 */
import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '~/server/store.server'
import {
  MAX_SESSION_COOKIE_BYTES,
  readSessionCookie,
  sealSessionRef,
} from '~/session/cookie.server'
import { endSession, getSession, SESSION_STORE_UNAVAILABLE_MESSAGE } from '~/session/session.server'
import { createTokenStore, type TokenStore } from '~/session/token-store.server'
import {
  HOUR,
  largeTokenPayload as payload,
  login,
  readBack,
  rewrite,
  SECRET,
  token,
} from '../../tests/support/session-fixtures'

/** An instance's store: its own memory, and an eye on what is written to it. */
function instanceStore() {
  const memory = createMemoryStore<string>()
  const store = createTokenStore(memory, `session-tokens-test-${Math.random()}`)
  return { store, memory }
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
    const session = await readBack(store, await login(store, tokens))
    expect(session.loggedIn).toBe(true)
    expect(session.payload).toEqual(tokens)
    // Nothing changed: no Set-Cookie.
    expect(session.setCookieHeaders()).toEqual([])
  })

  it('a refresh rewrites the stored entry: every copy of the cookie gets the new tokens', async () => {
    const { store } = instanceStore()
    const first = payload()
    const cookie = await login(store, first)
    const session = await readBack(store, cookie)
    const renewed = { ...first, accessToken: token(3072), refreshToken: token(3072) }
    const rewritten = await rewrite(session, renewed)
    // The same reference: the answer with the new cookie may be lost on its way to the phone.
    expect(readSessionCookie(rewritten, [SECRET]).ref).toBe(readSessionCookie(cookie, [SECRET]).ref)
    for (const copy of [cookie, rewritten]) {
      expect((await readBack(store, copy)).payload).toEqual(renewed)
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
      const session = await readBack(store, forged)
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
    const session = await readBack(elsewhere, cookie)
    expect(session.loggedIn).toBe(false)
    expect(session.expired).toBe(true)
    expect(session.setCookieHeaders().join()).toMatch(/auth\.session=; Max-Age=0/)
  })

  it('logout deletes the entry; a copy of the cookie is a visitor', async () => {
    const { store } = instanceStore()
    const cookie = await login(store)
    const session = await readBack(store, cookie)
    await endSession(session.payload!)
    session.clear()
    await session.settled()
    const ref = readSessionCookie(cookie, [SECRET]).ref!
    expect(await store.read(ref)).toEqual({ found: false, unavailable: false })
    expect((await readBack(store, cookie)).loggedIn).toBe(false)
  })

  it('a new session id (a new login, log out everywhere) gets a new reference; the old entry goes', async () => {
    const { store } = instanceStore()
    const before = payload()
    const cookie = await login(store, before)
    const session = await readBack(store, cookie)
    const next = await rewrite(session, { ...before, sid: `${before.sid}-new` })
    const oldRef = readSessionCookie(cookie, [SECRET]).ref!
    expect(readSessionCookie(next, [SECRET]).ref).not.toBe(oldRef)
    expect((await store.read(oldRef)).found).toBe(false)
    expect((await readBack(store, next)).payload?.sid).toBe(`${before.sid}-new`)
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
    const session = await readBack(store, cookie)
    const small = { ...large, accessToken: token(300), refreshToken: token(300) }
    const next = await rewrite(session, small)
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
    const thrown = await readBack(away, cookie).catch((e: unknown) => e)
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
