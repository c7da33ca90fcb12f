import { describe, expect, it, vi } from 'vitest'
import {
  runChecks,
  STAFF_ONLY_MESSAGE,
  SUPERVISOR_ONLY_MESSAGE,
  WATCHER_REFUSED_MESSAGE,
  type Check,
  type CheckContext,
} from '~/security/checks.server'
import type { StaffSession } from '~/staff/staff-session.server'
import type { MemberSession, SessionPayload } from '~/session/session.server'

const ctx = { request: new Request('http://x/'), url: new URL('http://x/') } as CheckContext

async function statusAndMessage(promise: Promise<unknown>) {
  try {
    await promise
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const body = (await thrown.json()) as { message?: string }
    return { status: thrown.status, message: body.message }
  }
  throw new Error('expected the chain to stop')
}

describe('runChecks', () => {
  it('runs checks in order', async () => {
    const order: string[] = []
    const registry: Record<string, Check> = {
      auth: () => void order.push('auth'),
      page: () => void order.push('page'),
      second: () => void order.push('second'),
    }
    await runChecks(['auth', 'page', 'second'], ctx, registry)
    expect(order).toEqual(['auth', 'page', 'second'])
  })

  it('an unknown name is a 500 "Unknown middleware NAME" and stops the chain', async () => {
    const after = vi.fn()
    const result = await statusAndMessage(
      runChecks(['auth', 'vipOnly', 'after'], ctx, { auth: () => {}, after }),
    )
    expect(result).toEqual({ status: 500, message: 'Unknown middleware vipOnly' })
    expect(after).not.toHaveBeenCalled()
  })

  it('names from Object.prototype are unknown too', async () => {
    const result = await statusAndMessage(runChecks(['toString'], ctx, {}))
    expect(result.message).toBe('Unknown middleware toString')
  })

  it('a redirect stops the chain', async () => {
    const after = vi.fn()
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } })
    await expect(
      runChecks(['auth', 'after'], ctx, {
        auth: () => {
          throw redirect
        },
        after,
      }),
    ).rejects.toBe(redirect)
    expect(after).not.toHaveBeenCalled()
  })
})

describe('the named checks', () => {
  const payload = (strategy: SessionPayload['strategy']): SessionPayload => ({
    v: 2,
    sid: 'session-id-0123456789',
    strategy,
    accessToken: 'a',
    accessExpiresAt: null,
    refreshExpiresAt: null,
  })
  function context(
    method: string,
    access: CheckContext['access'],
    session: Partial<MemberSession>,
    watcherMayPost = false,
    staff: Partial<StaffSession> = { loggedIn: false, expired: false, payload: null },
  ): CheckContext {
    const url = new URL('http://app.test/lotto/stake?round=5')
    return {
      request: new Request(url, { method }),
      url,
      access,
      watcherMayPost,
      session: { loggedIn: false, expired: false, payload: null, ...session } as MemberSession,
      staffSession: staff as StaffSession,
    }
  }

  it('auth sends a guest on a member page to /login with the page remembered', async () => {
    const thrown = await runChecks(['auth'], context('GET', 'member', {})).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe(
      '/login?redirectTo=%2Flotto%2Fstake%3Fround%3D5',
    )
    expect((thrown as Response).headers.get('Set-Cookie')).toBeNull()
  })

  it('auth tells a member whose session ran out, with a toast', async () => {
    const thrown = (await runChecks(['auth'], context('GET', 'member', { expired: true })).catch(
      (e: unknown) => e,
    )) as Response
    expect(thrown.headers.get('Location')).toBe('/login?redirectTo=%2Flotto%2Fstake%3Fround%3D5')
    expect(thrown.headers.get('Set-Cookie')).toContain('app.toast=')
  })

  it('auth sends a member away from guest-only pages, and lets public pages be', async () => {
    const member = { loggedIn: true, payload: payload('local') }
    const thrown = (await runChecks(['auth'], context('GET', 'guest', member)).catch(
      (e: unknown) => e,
    )) as Response
    expect(thrown.headers.get('Location')).toBe('/')
    await expect(runChecks(['auth'], context('GET', 'public', member))).resolves.toBeUndefined()
    await expect(runChecks(['auth'], context('GET', 'public', {}))).resolves.toBeUndefined()
  })

  it('auth lets a post to a guest-only page run for a member: a login replaces the session', async () => {
    const member = { loggedIn: true, payload: payload('local') }
    await expect(runChecks(['auth'], context('POST', 'guest', member))).resolves.toBeUndefined()
  })

  it('auth refuses every post of a watcher session, in Thai, unless the route allows it', async () => {
    const watcher = { loggedIn: true, payload: payload('watcher') }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const refused = await statusAndMessage(
        runChecks(['auth'], context(method, 'member', watcher)),
      )
      expect(refused).toEqual({ status: 403, message: WATCHER_REFUSED_MESSAGE })
    }
    await expect(runChecks(['auth'], context('GET', 'member', watcher))).resolves.toBeUndefined()
    await expect(
      runChecks(['auth'], context('POST', 'public', watcher, true)),
    ).resolves.toBeUndefined()
    const member = { loggedIn: true, payload: payload('local') }
    await expect(runChecks(['auth'], context('POST', 'member', member))).resolves.toBeUndefined()
  })

  const staffPayload = (role: 'support' | 'supervisor') =>
    ({
      v: 1,
      sid: 'staff-session-id-0123456789',
      staff: { id: 9001, username: 'support1', displayName: 'สมหญิง', role },
      accessToken: 'a',
      refreshToken: 'r',
      accessExpiresAt: null,
      iat: 0,
      seen: 0,
    }) as StaffSession['payload']
  const staff = (role: 'support' | 'supervisor') => ({
    loggedIn: true,
    payload: staffPayload(role),
  })

  it('auth gives a member session on a staff page the Thai 403, never the console', async () => {
    const member = { loggedIn: true, payload: payload('local') }
    for (const access of ['staff', 'supervisor'] as const) {
      const refused = await statusAndMessage(runChecks(['auth'], context('GET', access, member)))
      expect(refused).toEqual({ status: 403, message: STAFF_ONLY_MESSAGE })
    }
  })

  it('auth sends nobody on a staff page to the staff login, remembering a console page', async () => {
    const url = new URL('http://app.test/staff/members/1001')
    const ctx = { ...context('GET', 'staff', {}), url, request: new Request(url) }
    const thrown = (await runChecks(['auth'], ctx).catch((e: unknown) => e)) as Response
    expect(thrown.headers.get('Location')).toBe('/staff/login?redirectTo=%2Fstaff%2Fmembers%2F1001')
    // A member page's address is never a console one: the staff login goes to its first page.
    const off = (await runChecks(['auth'], context('GET', 'staff', {})).catch(
      (e: unknown) => e,
    )) as Response
    expect(off.headers.get('Location')).toBe('/staff/login')
  })

  it('auth keeps support staff off supervisor pages and lets supervisors in', async () => {
    const refused = await statusAndMessage(
      runChecks(['auth'], context('GET', 'supervisor', {}, false, staff('support'))),
    )
    expect(refused).toEqual({ status: 403, message: SUPERVISOR_ONLY_MESSAGE })
    await expect(
      runChecks(['auth'], context('GET', 'supervisor', {}, false, staff('supervisor'))),
    ).resolves.toBeUndefined()
    await expect(
      runChecks(['auth'], context('GET', 'staff', {}, false, staff('support'))),
    ).resolves.toBeUndefined()
  })

  it('auth lets a watch post on staff pages (its own end, a new watch) but never on member pages', async () => {
    const watcher = { loggedIn: true, payload: payload('watcher') }
    await expect(
      runChecks(['auth'], context('POST', 'staff', watcher, false, staff('support'))),
    ).resolves.toBeUndefined()
    const refused = await statusAndMessage(runChecks(['auth'], context('POST', 'member', watcher)))
    expect(refused.status).toBe(403)
  })

  it('auth sends a logged-in staff person from the staff login to the console', async () => {
    const thrown = (await runChecks(
      ['auth'],
      context('GET', 'staff-guest', {}, false, staff('support')),
    ).catch((e: unknown) => e)) as Response
    expect(thrown.headers.get('Location')).toBe('/staff')
  })
})
