/**
 * With COOKIE_SECURE every cookie the app sets goes by a `__Host-` name
 * (Secure, Path=/, no Domain), and only such cookies are read: a cookie
 * planted by a sibling subdomain or over plain http under the plain name is
 * never taken for the app's (docs/decisions/0094). The e2e tests run with
 * COOKIE_SECURE=false, where the names stay as written; this is where the
 * Secure names are checked, one module of each cookie.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const HOST = /^__Host-[^=]+=[^;]*; (Max-Age=\d+; )?Path=\/; (HttpOnly; )?Secure; SameSite=Lax$/

beforeEach(() => {
  vi.resetModules()
  vi.stubEnv('COOKIE_SECURE', 'true')
  vi.stubEnv('SESSION_SECRET', 'secure-cookie-names-test-secret-0123456789')
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

/** The Cookie header a browser sends back for these Set-Cookie values. */
const sentBack = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')
const request = (cookie: string) =>
  new Request('https://app.test/', { headers: { Cookie: cookie } })
const unprefixed = (cookie: string) => cookie.replaceAll('__Host-', '')

describe('every cookie the app sets is __Host- when Secure', () => {
  it('the session, and an unprefixed (planted) copy is not a session', async () => {
    const { getSession } = await import('~/session/session.server')
    const session = await getSession(request(''), {})
    session.set({
      v: 2,
      sid: 'secure-names-0123456789',
      strategy: 'local',
      accessToken: 'access',
      refreshToken: 'refresh',
      accessExpiresAt: Date.now() + 60_000,
      refreshExpiresAt: Date.now() + 600_000,
    })
    const headers = session.setCookieHeaders()
    expect(headers).toHaveLength(1)
    for (const header of headers) expect(header).toMatch(HOST)
    expect(headers[0]).toMatch(/^__Host-auth\.session=/)
    expect((await getSession(request(sentBack(headers)), {})).loggedIn).toBe(true)
    const planted = await getSession(request(unprefixed(sentBack(headers))), {})
    expect(planted.loggedIn).toBe(false)
    expect(planted.setCookieHeaders()).toEqual([])
  })

  it('the toast and its signal to the page', async () => {
    const { redirectWithToast, readToast } = await import('~/server/toast.server')
    const { toastPending } = await import('~/lib/toast-pending')
    const cookies = redirectWithToast('/', { type: 'info', message: 'สวัสดี' }).headers.getSetCookie()
    expect(cookies.map((c) => c.slice(0, c.indexOf('=')))).toEqual([
      '__Host-app.toast',
      '__Host-app.toast-pending',
    ])
    for (const cookie of cookies) expect(cookie).toMatch(HOST)
    expect(toastPending(sentBack(cookies))).toBe(true)
    expect(readToast(request(sentBack(cookies))).toast?.message).toBe('สวัสดี')
    expect(readToast(request(unprefixed(sentBack(cookies)))).toast).toBeNull()
  })

  it('the LINE state', async () => {
    const { lineAuthorizeRedirect, checkLineState, clearLineState } =
      await import('~/session/line.server')
    const { location, setCookie } = lineAuthorizeRedirect(request(''), '/lotto')
    expect(setCookie).toMatch(HOST)
    expect(clearLineState()).toMatch(HOST)
    const state = new URL(location).searchParams.get('state')
    expect(checkLineState(request(sentBack([setCookie])), state)).toBe('/lotto')
    expect(checkLineState(request(unprefixed(sentBack([setCookie]))), state)).toBeNull()
  })

  it('the known device, the step progress and the bet slip', async () => {
    const { deviceCookie } = await import('~/limits/login-limits.server')
    const { registrationProgress, passwordRecoveryProgress } =
      await import('~/forms/progress.server')
    const { readSlip, saveSlip } = await import('~/lotto/slip-store.server')
    const device = deviceCookie()
    const slip = {
      drawId: 'thai-20261201',
      lines: [{ kind: 'twoBottom' as const, number: '09', amount: 20 }],
    }
    const slipCookies = await saveSlip(request(''), 'thai', slip)
    const cookies = [
      device.serialize({ id: 'device-id-0123456789', usernames: ['demo'] }),
      registrationProgress.serialize({ step: 'account' }),
      passwordRecoveryProgress.serialize({ step: 'phone', phone: '0812345678' }),
      ...slipCookies,
    ]
    for (const cookie of cookies) expect(cookie).toMatch(HOST)
    expect(device.read(request(sentBack(cookies)))?.usernames).toEqual(['demo'])
    expect(device.read(request(unprefixed(sentBack(cookies))))).toBeNull()
    expect(await readSlip(request(sentBack(slipCookies)), 'thai')).toEqual(slip)
    expect(await readSlip(request(unprefixed(sentBack(slipCookies))), 'thai')).toBeNull()
  })
})
