import { describe, expect, it } from 'vitest'
import {
  endStaffSession,
  getStaffSession,
  newStaffSessionId,
  STAFF_IDLE_MS,
  STAFF_TOTAL_MS,
  staffPayloadSchema,
  type StaffPayload,
} from '~/staff/staff-session.server'
import { SESSION_COOKIE_NAME } from '~/session/cookie.server'
import { createMemoryStore } from '~/server/store.server'
import { createTokenStore, type TokenStore } from '~/session/token-store.server'
import { token } from '../../tests/support/session-fixtures'

const T0 = Date.UTC(2026, 10, 27, 3, 0, 0)

function payload(overrides: Partial<StaffPayload> = {}): StaffPayload {
  return {
    v: 1,
    sid: newStaffSessionId(),
    staff: { id: 9001, username: 'support1', displayName: 'สมหญิง ฝ่ายบริการ', role: 'support' },
    accessToken: 'staff-access',
    refreshToken: 'staff-refresh',
    accessExpiresAt: null,
    iat: T0,
    seen: T0,
    ...overrides,
  }
}

/** The staff cookie a login at `at` sets, as the browser sends it back. */
async function cookieFor(value: StaffPayload, at = value.seen): Promise<string> {
  const session = await getStaffSession(new Request('http://app.test/staff'), {}, at)
  session.set(value)
  const [header] = session.setCookieHeaders()
  expect(header).toMatch(/^auth\.staff=[\w-]+; Max-Age=1800; Path=\/; HttpOnly; SameSite=Strict$/)
  return header!.slice(0, header!.indexOf(';'))
}

const read = (cookie: string, now: number) =>
  getStaffSession(new Request('http://app.test/staff', { headers: { Cookie: cookie } }), {}, now)

describe('the staff session', () => {
  it('reads back, and is never read from the member session cookie', async () => {
    const value = payload()
    const cookie = await cookieFor(value)
    expect((await read(cookie, T0 + 1000)).payload).toEqual(value)
    const asMember = cookie.replace(/^auth\.staff=/, `${SESSION_COOKIE_NAME}=`)
    const other = await read(asMember, T0 + 1000)
    expect(other.loggedIn).toBe(false)
    expect(other.setCookieHeaders()).toEqual([])
  })

  it('ends 30 minutes after the last request, and renews that clock at most once a minute', async () => {
    const value = payload()
    const cookie = await cookieFor(value)
    const soon = await read(cookie, T0 + 30_000)
    expect(soon.loggedIn).toBe(true)
    expect(soon.setCookieHeaders()).toEqual([])
    const later = await read(cookie, T0 + 5 * 60_000)
    expect(later.payload?.seen).toBe(T0 + 5 * 60_000)
    expect(later.setCookieHeaders()).toHaveLength(1)
    const idle = await read(cookie, T0 + STAFF_IDLE_MS + 1)
    expect(idle.loggedIn).toBe(false)
    expect(idle.expired).toBe(true)
    // The dead cookie is cleared.
    expect(idle.setCookieHeaders()[0]).toMatch(/^auth\.staff=; Max-Age=0/)
  })

  it('ends 8 hours after the login however busy the staff person is', async () => {
    const late = T0 + STAFF_TOTAL_MS - 10 * 60_000
    const cookie = await cookieFor(payload({ seen: late }), late)
    expect((await read(cookie, late + 60_000)).loggedIn).toBe(true)
    const over = await read(cookie, T0 + STAFF_TOTAL_MS + 1)
    expect(over.loggedIn).toBe(false)
    expect(over.expired).toBe(true)
  })

  it('a logout ends every copy of the cookie', async () => {
    const value = payload({ iat: Date.now(), seen: Date.now() })
    const cookie = await cookieFor(value)
    expect((await read(cookie, Date.now())).loggedIn).toBe(true)
    await endStaffSession(value)
    const replayed = await read(cookie, Date.now())
    expect(replayed.loggedIn).toBe(false)
    expect(replayed.expired).toBe(true)
  })

  it('a tampered cookie is no session, and is cleared', async () => {
    const cookie = await cookieFor(payload())
    const tampered = cookie.slice(0, -4) + (cookie.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    const session = await read(tampered, T0 + 1000)
    expect(session.loggedIn).toBe(false)
    expect(session.setCookieHeaders()[0]).toMatch(/^auth\.staff=; Max-Age=0/)
  })
})

describe('staff tokens too large for the cookie (decision 0134)', () => {
  const large = (length: number) =>
    payload({
      accessToken: token(length),
      refreshToken: token(length),
      iat: Date.now(),
      seen: Date.now(),
    })
  const store = () =>
    createTokenStore(
      createMemoryStore<string>(),
      `staff-tokens-test-${Math.random()}`,
      staffPayloadSchema,
    )
  const readFrom = (tokens: TokenStore<StaffPayload>, cookie: string, now = Date.now()) =>
    getStaffSession(
      new Request('http://app.test/staff', { headers: { Cookie: cookie } }),
      {},
      now,
      { store: tokens },
    )
  async function loginWith(tokens: TokenStore<StaffPayload>, value: StaffPayload) {
    const session = await getStaffSession(
      new Request('http://app.test/staff/login'),
      {},
      value.seen,
      {
        store: tokens,
      },
    )
    session.set(value)
    await session.settled()
    const [header] = session.setCookieHeaders()
    return header!.slice(0, header!.indexOf(';'))
  }

  for (const length of [2800, 8000]) {
    it(`${length}-byte tokens: the cookie holds a reference, and the session reads back`, async () => {
      const tokens = store()
      const value = large(length)
      const cookie = await loginWith(tokens, value)
      expect(new TextEncoder().encode(cookie).length).toBeLessThan(256)
      expect(cookie).not.toContain(value.accessToken.slice(0, 40))
      const session = await readFrom(tokens, cookie)
      expect(session.payload).toEqual(value)
      expect(session.setCookieHeaders()).toEqual([])
    })
  }

  it('a refresh rewrites the same entry: an older copy of the cookie reads the new tokens', async () => {
    const tokens = store()
    const value = large(2800)
    const cookie = await loginWith(tokens, value)
    const session = await readFrom(tokens, cookie)
    const renewed = { ...value, accessToken: token(2800), refreshToken: token(2800) }
    session.set(renewed)
    await session.settled()
    expect(session.setCookieHeaders()).toHaveLength(1)
    expect((await readFrom(tokens, cookie)).payload).toEqual(renewed)
  })

  it('a logout deletes the entry; a copy of the cookie is no session', async () => {
    const tokens = store()
    const value = large(2800)
    const cookie = await loginWith(tokens, value)
    const session = await readFrom(tokens, cookie)
    session.clear()
    await session.settled()
    expect(session.setCookieHeaders()[0]).toMatch(/^auth\.staff=; Max-Age=0/)
    const copy = await readFrom(tokens, cookie)
    expect(copy.loggedIn).toBe(false)
    expect(copy.expired).toBe(true)
  })

  it('small tokens stay in the cookie: the store is not used', async () => {
    const memory = createMemoryStore<string>()
    const tokens = createTokenStore(memory, 'staff-tokens-small', staffPayloadSchema)
    await loginWith(tokens, large(300))
    expect(memory.size).toBe(0)
  })
})
