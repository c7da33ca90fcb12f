import type { IncomingMessage } from 'node:http'
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { memberCall } from '~/backend/client.server'
import { action as logout } from '~/routes/logout'
import { sealSession, type SessionPayload } from '~/session/cookie.server'
import { guard } from '~/security/guard'
import { getLoadContext } from '~/server/request-context.server'
import { endEverySessionButThis, endSession, getSession } from '~/session/session.server'
import { HOUR, SECRET, sessionPayload as payload } from '../../tests/support/session-fixtures'

function requestWith(session: SessionPayload, init: RequestInit = {}) {
  return new Request('http://app.test/casino', {
    ...init,
    headers: { Cookie: `auth.session=${sealSession(session, [SECRET])}`, ...init.headers },
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('one session per HTTP request (decision 0067)', () => {
  it('every loader of one request gets the same session; a renewal sets one cookie', async () => {
    const cookie = payload()
    // Remix gives each loader its own copy of the Request, and all of them one load context.
    const context = getLoadContext({ headers: {} } as IncomingMessage)
    const [root, page] = await Promise.all([
      getSession(requestWith(cookie), context),
      getSession(requestWith(cookie), context),
    ])
    expect(page).toBe(root)
    root.set({ ...cookie, accessToken: 'renewed-access' })
    const cookies = [...root.setCookieHeaders(), ...page.setCookieHeaders()]
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatch(/^auth\.session=/)
    // Another HTTP request (its own context) reads its own.
    expect(
      await getSession(requestWith(cookie), getLoadContext({ headers: {} } as IncomingMessage)),
    ).not.toBe(root)
  })

  it("a handler's backend calls renew the tokens of the session the guard opened", async () => {
    const answers = { refresh: 0, call: 0 }
    // The backend (BACKEND_URL), answered by undici's own mock in place of the network.
    const backend = new MockAgent()
    backend.disableNetConnect()
    const origin = backend.get(new URL(process.env.BACKEND_URL ?? '').origin)
    origin.intercept({ method: 'POST', path: '/auth/refresh' }).reply(200, () => {
      answers.refresh += 1
      return { data: { accessToken: 'renewed-access' } }
    })
    origin.intercept({ method: 'GET', path: '/member/echo' }).reply(200, ({ headers }) => {
      answers.call += 1
      return {
        data: { bearer: new Headers(headers as Record<string, string>).get('Authorization') },
      }
    })
    const before = getGlobalDispatcher()
    setGlobalDispatcher(backend)
    onTestFinished(() => setGlobalDispatcher(before))
    const request = requestWith(payload({ accessExpiresAt: Date.now() - 1000 }))
    const context = getLoadContext({ headers: {} } as IncomingMessage)
    const result = (await guard({ request, params: {}, context }, { access: 'member' }, (ctx) =>
      memberCall(ctx, {
        method: 'GET',
        path: '/member/echo',
        schema: z.object({ data: z.object({ bearer: z.string().nullable() }) }),
      }),
    )) as unknown as { data: { bearer: string }; init: ResponseInit | null }
    expect(answers).toEqual({ refresh: 1, call: 1 })
    expect(result.data.bearer).toBe('Bearer renewed-access')
    const cookies = new Headers(result.init?.headers).getSetCookie()
    expect(cookies).toHaveLength(1)
    // The renewal is on the request's one session: every loader of it sees the new token.
    const session = await getSession(request, context)
    expect(session.payload?.accessToken).toBe('renewed-access')
  })
})

describe('endSession', () => {
  it('ends every copy of the cookie, a copy refreshed later than the logging-out one too', async () => {
    vi.useFakeTimers({ now: Date.now() })
    // The copy that logs out would have expired in one hour; another copy of the same
    // session was refreshed since and lives a full refresh lifetime.
    const loggingOut = payload({ refreshExpiresAt: Date.now() + HOUR })
    const refreshedCopy = { ...loggingOut, refreshExpiresAt: Date.now() + 7 * 24 * HOUR }
    await endSession(loggingOut)
    vi.advanceTimersByTime(2 * HOUR)
    const session = await getSession(requestWith(refreshedCopy), {})
    expect(session.loggedIn).toBe(false)
    expect(session.setCookieHeaders().join()).toMatch(/auth\.session=; Max-Age=0/)
  })

  it('leaves other sessions of the member alone', async () => {
    const mine = payload()
    await endSession(mine)
    expect((await getSession(requestWith(payload()), {})).loggedIn).toBe(true)
    expect((await getSession(requestWith(mine), {})).loggedIn).toBe(false)
  })
})

describe('endEverySessionButThis (a password change, log out everywhere)', () => {
  it('ends every session of the member issued before now, and every copy of this one; this browser goes on', async () => {
    vi.useFakeTimers({ now: Date.now() })
    const mid = `member-${Math.random().toString(36).slice(2)}`
    const issued = Date.now() - HOUR
    const here = payload({ mid, iat: issued })
    const otherDevice = payload({ mid, iat: issued + 1000 })
    const otherMember = payload({ mid: `${mid}-other`, iat: issued })
    // A cookie written before sessions carried the member: ended by its id only.
    const stolenOldCopy = { ...here, mid: undefined, iat: undefined }

    const session = await getSession(requestWith(here), {})
    await endEverySessionButThis(session, mid)
    const [cookie = ''] = session.setCookieHeaders()
    expect(session.payload?.sid).not.toBe(here.sid)
    expect(session.payload).toMatchObject({ mid, iat: Date.now(), accessToken: here.accessToken })

    const after = (p: SessionPayload) => getSession(requestWith(p), {})
    expect((await after(here)).loggedIn).toBe(false)
    expect((await after(stolenOldCopy)).loggedIn).toBe(false)
    expect((await after(otherDevice)).loggedIn).toBe(false)
    expect((await after(otherMember)).loggedIn).toBe(true)
    // This browser's new cookie, and a login made afterwards, are alive.
    const next = new Request('http://app.test/', { headers: { Cookie: cookie.split(';')[0]! } })
    expect((await getSession(next, {})).loggedIn).toBe(true)
    vi.advanceTimersByTime(1)
    expect((await after(payload({ mid, iat: Date.now() }))).loggedIn).toBe(true)
  })
})

describe('POST /logout', () => {
  it('ends the session even when the post is no form', async () => {
    const mine = payload()
    const thrown = await Promise.resolve(
      logout({
        request: requestWith(mine, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"from":',
        }),
        params: {},
        context: {},
      }),
    ).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    // No `from` could be read: home, a public page.
    expect((thrown as Response).headers.get('Location')).toBe('/')
    expect((await getSession(requestWith(mine), {})).loggedIn).toBe(false)
  })

  /** The backend (BACKEND_URL) as undici's mock; every call it gets, with its body. */
  function backendForLogout() {
    const calls: { path: string; body: unknown }[] = []
    const backend = new MockAgent()
    backend.disableNetConnect()
    const before = getGlobalDispatcher()
    setGlobalDispatcher(backend)
    onTestFinished(async () => {
      setGlobalDispatcher(before)
      await backend.close()
    })
    const origin = backend.get(new URL(process.env.BACKEND_URL ?? '').origin)
    const seen = (path: string) => (body: string) => {
      calls.push({ path, body: JSON.parse(body) })
      return true
    }
    return { backend, origin, calls, seen }
  }

  const postLogout = (session: SessionPayload) =>
    Promise.resolve(
      logout({
        request: requestWith(session, { method: 'POST', body: new URLSearchParams() }),
        params: {},
        context: {},
      }),
    ).catch((e: unknown) => e)

  it("asks the backend to end the session's token family, without waiting for its answer", async () => {
    const { origin, calls, seen } = backendForLogout()
    // A slow backend: it answers well after the browser's logout is done.
    let answered = false
    origin
      .intercept({ method: 'POST', path: '/auth/logout', body: seen('/auth/logout') })
      .reply(200, () => {
        answered = true
        return { data: { ok: true } }
      })
      .delay(1500)
    const mine = payload({ refreshToken: 'refresh-of-the-family' })
    const thrown = await postLogout(mine)
    expect(answered).toBe(false)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('Set-Cookie')).toMatch(/auth\.session=; Max-Age=0/)
    expect(calls).toEqual([
      { path: '/auth/logout', body: { refreshToken: 'refresh-of-the-family' } },
    ])
    await vi.waitFor(() => expect(answered).toBe(true), { timeout: 5000 })
  })

  it.each([
    ['down', null, true],
    ['without the call', 404, false],
    ['failing', 500, true],
  ])('logs the browser out all the same with a backend %s', async (_name, status, logged) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    onTestFinished(() => warn.mockRestore())
    const { origin, backend } = backendForLogout()
    if (status !== null) {
      origin
        .intercept({ method: 'POST', path: '/auth/logout' })
        .reply(status, { code: 'X', message: 'x' })
    }
    const mine = payload({ refreshToken: 'refresh-of-the-family' })
    const thrown = await postLogout(mine)
    expect((thrown as Response).status).toBe(302)
    expect((await getSession(requestWith(mine), {})).loggedIn).toBe(false)
    await vi.waitFor(() => expect(backend.pendingInterceptors()).toEqual([]))
    await new Promise((r) => setTimeout(r, 20))
    // One line for operators when the backend could not end it, never with the token.
    expect(warn.mock.calls.map(([m]) => String(m))).toEqual(
      logged ? [expect.stringContaining('did not end the token family')] : [],
    )
    expect(warn.mock.calls.join()).not.toContain('refresh-of-the-family')
  })

  it("leaves a watcher's tokens (the member's own family) alone", async () => {
    const { calls, origin, seen } = backendForLogout()
    origin
      .intercept({ method: 'POST', path: '/auth/logout', body: seen('/auth/logout') })
      .reply(200, { data: { ok: true } })
    await postLogout(payload({ strategy: 'watcher', refreshToken: undefined }))
    await postLogout(payload({ strategy: 'watcher' }))
    await new Promise((r) => setTimeout(r, 50))
    expect(calls).toEqual([])
  })
})

describe('guard and renewals in flight', () => {
  it('a redirect thrown while another loader renews the tokens carries the new cookie', async () => {
    const request = requestWith(payload())
    const context = {}
    const session = await getSession(request, context)
    // Another loader of this request is renewing the tokens.
    let finish!: () => void
    session.track(
      new Promise<void>((resolve) => (finish = resolve)).then(() =>
        session.set({ ...session.payload!, accessToken: 'renewed-access' }),
      ),
    )
    const redirected = guard({ request, params: {}, context }, { access: 'public' }, () => {
      throw redirect('/elsewhere')
    }).catch((e: unknown) => e)
    setTimeout(finish, 10)
    const response = (await redirected) as Response
    expect(response.headers.get('Location')).toBe('/elsewhere')
    expect(response.headers.get('Set-Cookie')).toMatch(/^auth\.session=/)
  })
})
