import { data, redirect } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { SessionEndedError } from '~/backend/client.server'
import { SESSION_EXPIRED_TOAST } from '~/security/checks.server'
import { sealSession } from '~/session/cookie.server'
import { guard, memberPart, type RouteContext } from '~/security/guard'

const secret = process.env.SESSION_SECRET ?? ''

/** A GET (or POST) of `path` by a logged-in member. */
function memberRequest(path: string, method = 'GET'): Request {
  const cookie = sealSession(
    {
      v: 2,
      sid: `guard-test-${Math.random().toString(36).slice(2)}`,
      strategy: 'local',
      accessToken: 'a-member-access-token',
      accessExpiresAt: null,
      refreshExpiresAt: null,
    },
    [secret],
  )
  return new Request(`http://app.test${path}`, {
    method,
    headers: { Cookie: `auth.session=${cookie}` },
    body: method === 'POST' ? new URLSearchParams() : undefined,
  })
}

const args = (request: Request) => ({ request, params: {}, context: {} })

/** What the backend's "both tokens refused" does to the session, as the member caller does it. */
function backendEndsSession(ctx: RouteContext): never {
  ctx.session.end()
  throw new SessionEndedError()
}

const setCookies = (value: unknown): string[] => {
  if (value instanceof Response) return value.headers.getSetCookie()
  const init = (value as { init: ResponseInit | null }).init
  return new Headers(init?.headers).getSetCookie()
}

describe('guard', () => {
  it("writes the jar's cookies on data, on a redirect and on an error", async () => {
    const request = new Request('http://app.test/promotion')
    const onData = await guard(args(request), { access: 'public' }, ({ cookies }) => {
      cookies.set('a.cookie', '1', { maxAge: 60 })
      return { shown: true }
    })
    expect(onData.data).toEqual({ shown: true })
    expect(setCookies(onData)).toEqual([expect.stringMatching(/^a\.cookie=1; Max-Age=60; Path=\//)])

    const onRedirect = await guard(
      args(new Request('http://app.test/promotion')),
      { access: 'public' },
      ({ cookies }) => {
        cookies.add('b.cookie=2; Path=/')
        return redirect('/lotto')
      },
    )
    expect(onRedirect.headers.get('Location')).toBe('/lotto')
    expect(setCookies(onRedirect)).toEqual(['b.cookie=2; Path=/'])

    const thrown = await guard(
      args(new Request('http://app.test/promotion')),
      { access: 'public' },
      ({ cookies }) => {
        cookies.clear('c.cookie')
        throw data({ message: 'ไม่พบ' }, 404)
      },
    ).catch((e: unknown) => e)
    expect(setCookies(thrown)).toEqual([expect.stringMatching(/^c\.cookie=; Max-Age=0/)])
  })

  it('keeps the status and headers of a data() result, beside its cookies', async () => {
    const result = await guard(
      args(new Request('http://app.test/coupon')),
      { access: 'public' },
      ({ cookies }) => {
        cookies.set('d.cookie', '4')
        return data({ error: 'ผิด' }, { status: 409, headers: { 'X-Kept': 'yes' } })
      },
    )
    expect(result.init?.status).toBe(409)
    expect(new Headers(result.init?.headers).get('X-Kept')).toBe('yes')
    expect(setCookies(result)).toHaveLength(1)
  })

  it("gives the handler the request's id from the load context, the one its log line has", async () => {
    // A document request sends no X-Request-Id: an id read from the loader's copy of the
    // Request would be a new one, not the one the request log and the error page give.
    const request = new Request('http://app.test/promotion')
    const context = { requestId: 'k3v9q2xa' }
    const result = await guard(
      { request, params: {}, context },
      { access: 'public' },
      ({ requestId }) => ({ requestId }),
    )
    expect(result.data).toEqual({ requestId: context.requestId })
  })

  it('on a page a visitor may see, runs the handler once when the backend ends the session', async () => {
    let runs = 0
    const result = await guard(args(memberRequest('/promotion')), { access: 'public' }, (ctx) => {
      runs += 1
      return memberPart(ctx, async () => backendEndsSession(ctx)).then((mine) => ({ mine }))
    })
    expect(runs).toBe(1)
    // The visitor's view, and the session cookie cleared.
    expect(result.data).toEqual({ mine: null })
    expect(setCookies(result)).toEqual([expect.stringMatching(/^auth\.session=; Max-Age=0/)])
  })

  it('sends a member page to /login with the toast when the backend ends the session', async () => {
    let runs = 0
    const thrown = (await guard(
      args(memberRequest('/transaction?tab=history')),
      { access: 'member' },
      (ctx) => {
        runs += 1
        return backendEndsSession(ctx)
      },
    ).catch((e: unknown) => e)) as Response
    expect(runs).toBe(1)
    expect(thrown.status).toBe(302)
    expect(thrown.headers.get('Location')).toBe('/login?redirectTo=%2Ftransaction%3Ftab%3Dhistory')
    const cookies = thrown.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('app.toast='))).toBe(true)
    expect(cookies.some((c) => /^auth\.session=; Max-Age=0/.test(c))).toBe(true)
  })

  it('a member part that finds the session ended sends the member page under it to /login', async () => {
    // The root loader (public) reads the member through memberPart; the page under it is /profile.
    const thrown = (await guard(args(memberRequest('/profile')), { access: 'public' }, (ctx) =>
      memberPart(ctx, async () => backendEndsSession(ctx)),
    ).catch((e: unknown) => e)) as Response
    expect(thrown.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile')
    const toast = thrown.headers.getSetCookie().find((c) => c.startsWith('app.toast='))
    const value = toast?.slice('app.toast='.length, toast.indexOf(';')) ?? ''
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toMatchObject({
      message: SESSION_EXPIRED_TOAST,
    })
  })

  it('memberPart gives a visitor nothing without calling the backend', async () => {
    let called = false
    const result = await guard(
      args(new Request('http://app.test/')),
      { access: 'public' },
      async (ctx) => ({
        play: await memberPart(ctx, async () => {
          called = true
          return 1
        }),
      }),
    )
    expect(called).toBe(false)
    expect(result.data).toEqual({ play: null })
  })

  it('a redirect carries the session cookie even when another loader of the request sent it already', async () => {
    // Remix sends a winning redirect alone: the other loaders' headers are dropped.
    // The loaders of one request share its load context (and so its session).
    const sameRequest = args(memberRequest('/promotion'))
    const first = await guard(sameRequest, { access: 'public' }, async (ctx) => ({
      mine: await memberPart(ctx, async () => backendEndsSession(ctx)),
    }))
    expect(setCookies(first)).toEqual([expect.stringMatching(/^auth\.session=; Max-Age=0/)])
    const second = await guard(sameRequest, { access: 'public' }, () => ({ again: true }))
    expect(setCookies(second)).toEqual([])
    const thrown = await guard(sameRequest, { access: 'public' }, () => {
      throw redirect('/lotto')
    }).catch((e: unknown) => e)
    expect(setCookies(thrown)).toEqual([expect.stringMatching(/^auth\.session=; Max-Age=0/)])
  })
})
