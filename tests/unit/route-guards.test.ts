/**
 * Every route module goes through the guard: each loader and action is
 * called with a fresh request, and the guard must have seen that request. A
 * loader or action that skips `guard()` fails this test, and so does a page
 * without a loader (a member page's checks would never run on a client
 * navigation).
 */
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isStaffAccess, PAGES, type PageInfo } from '~/lib/pages'
import { WATCHER_REFUSED_MESSAGE } from '~/security/checks.server'
import { sealSession } from '~/session/cookie.server'
import { guardedRulesOf, type RouteRules } from '~/security/guard'

const ROUTES_DIR = new URL('../../app/routes/', import.meta.url)
const ROUTE_FILE = /\.(ts|tsx)$/
/**
 * Every route module, as Remix v2 finds them: a file in app/routes, or the
 * `route.tsx` / `route.ts` of a route folder (its other files are not routes).
 */
const files = readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
  if (entry.isFile()) {
    return ROUTE_FILE.test(entry.name) && !entry.name.includes('.test.') ? [entry.name] : []
  }
  if (!entry.isDirectory()) return []
  const inside = readdirSync(new URL(`${entry.name}/`, ROUTES_DIR))
  const route = inside.find((name) => name === 'route.tsx' || name === 'route.ts')
  return route ? [`${entry.name}/${route}`] : []
})

/** Pathless layouts render no page of their own: they need no loader. */
const LAYOUTS = new Set(['_default.tsx', '_guest.tsx'])
/** Resource routes that answer without a session. */
const UNGUARDED = new Set(['healthz.ts', 'readyz.ts'])

type Handler = (args: {
  request: Request
  params: Record<string, string>
  context: object
}) => unknown

const modules = await Promise.all(
  files.map(async (file) => ({
    file,
    mod: (await import(/* @vite-ignore */ new URL(file, ROUTES_DIR).href)) as {
      loader?: Handler
      action?: Handler
    },
  })),
)

/** Calls a loader or action as Remix would; returns the rules the guard applied. */
async function rulesApplied(fn: Handler, method: 'GET' | 'POST'): Promise<RouteRules | undefined> {
  const request = new Request('http://app.test/some/page', {
    method,
    body: method === 'POST' ? new URLSearchParams() : undefined,
  })
  try {
    await fn({ request, params: {}, context: {} })
  } catch {
    // Redirects and error responses are fine: the guard ran.
  }
  return guardedRulesOf(request)
}

describe('route modules', () => {
  it('were found', () => expect(files.length).toBeGreaterThanOrEqual(30))

  for (const { file, mod } of modules) {
    if (UNGUARDED.has(file)) continue
    it(`${file}: loader and action go through guard()`, async () => {
      if (LAYOUTS.has(file)) {
        expect(mod.loader).toBeUndefined()
        expect(mod.action).toBeUndefined()
        return
      }
      expect(mod.loader, 'every page needs a guarded loader').toBeTypeOf('function')
      expect(await rulesApplied(mod.loader!, 'GET')).toBeDefined()
      if (mod.action !== undefined) expect(await rulesApplied(mod.action, 'POST')).toBeDefined()
    })
  }

  it('a watcher session cannot post anywhere but the routes that say it may', async () => {
    // One session per route: the logout route's post ends its session, and a route
    // after it in the list would meet an ended session (a redirect) instead of the refusal.
    const watcherFor = (file: string) =>
      sealSession(
        {
          v: 2,
          sid: `unit-watcher-session-${file}`,
          strategy: 'watcher',
          accessToken: 'a-member-access-token',
          accessExpiresAt: null,
          refreshExpiresAt: null,
        },
        [process.env.SESSION_SECRET ?? ''],
      )
    const allowed: string[] = []
    const staffForms: string[] = []
    for (const { file, mod } of modules) {
      const watcher = watcherFor(file)
      // /healthz answers every post with a 405 and touches no session.
      if (!mod.action || UNGUARDED.has(file)) continue
      const request = new Request('http://app.test/some/page', {
        method: 'POST',
        headers: { Cookie: `auth.session=${watcher}` },
        body: new URLSearchParams({ amount: '100' }),
      })
      const thrown = await Promise.resolve(mod.action({ request, params: {}, context: {} })).catch(
        (e: unknown) => e,
      )
      if (guardedRulesOf(request)?.watcherMayPost) {
        allowed.push(file)
        continue
      }
      // The staff console's forms are the staff session's: a watch is no staff
      // person there (staff.spec.ts and checks.server.test.ts cover them).
      if (isStaffAccess(guardedRulesOf(request)?.access)) {
        staffForms.push(file)
        continue
      }
      expect(thrown, file).toBeInstanceOf(Response)
      expect((thrown as Response).status, file).toBe(403)
      expect(await (thrown as Response).json(), file).toEqual({ message: WATCHER_REFUSED_MESSAGE })
    }
    // A login replaces the watcher session: nothing is done in the member's name.
    expect(allowed.sort()).toEqual([
      '_guest.login/route.tsx',
      '_guest.watcher/route.tsx',
      'logout.ts',
    ])
    expect(staffForms.sort()).toEqual([
      'staff.audit/route.tsx',
      'staff.login/route.tsx',
      'staff.logout.ts',
      'staff.members.$id/route.tsx',
    ])
  })

  it('a loader that skips the guard is caught', async () => {
    expect(await rulesApplied(() => null, 'GET')).toBeUndefined()
  })

  it('every page is declared with the access the spec gives it', () => {
    const publicPaths = [
      '/',
      '/promotion',
      '/lotto/result',
      '/watcher',
      '/line/callback',
      '/news',
      // Visitors browse the lobbies and the lotto types (decision 0106).
      '/games',
      '/casino',
      '/slot',
      '/sport',
      '/games/lobby',
      '/lotto',
    ]
    const guestPaths = ['/login', '/register', '/forget']
    // The staff console (decision 0139): its login, its pages, and the supervisors' record.
    const staffPaths: Record<string, string> = {
      '/staff/login': 'staff-guest',
      '/staff': 'staff',
      '/staff/members': 'staff',
      '/staff/audit': 'supervisor',
    }
    for (const page of Object.values(PAGES as Record<string, PageInfo>)) {
      const expected = publicPaths.includes(page.path)
        ? 'public'
        : guestPaths.includes(page.path)
          ? 'guest'
          : (staffPaths[page.path] ?? 'member')
      expect(page.access, page.path).toBe(expected)
    }
  })

  it('member routes are guarded as member routes', async () => {
    const byFile = new Map(modules.map(({ file, mod }) => [file, mod]))
    const accessOf = async (file: string) =>
      (await rulesApplied(byFile.get(file)!.loader!, 'GET'))?.access
    expect(await accessOf('_default.casino.tsx')).toBe('public')
    expect(await accessOf('_default.cashback/route.tsx')).toBe('member')
    expect(await accessOf('_default.order.($id)/route.tsx')).toBe('member')
    expect(await accessOf('_guest.login/route.tsx')).toBe('guest')
    expect(await accessOf('_default.lotto.result/route.tsx')).toBe('public')
    expect(await accessOf('_default.lotto.stake/route.tsx')).toBe('member')
    let members = 0
    for (const { file, mod } of modules) {
      if (LAYOUTS.has(file) || UNGUARDED.has(file)) continue
      if ((await rulesApplied(mod.loader!, 'GET'))?.access === 'member') members++
    }
    // The 14 member pages of app/lib/pages.ts and the PromptPay picture; the
    // lobbies and the lotto types are public since decision 0106.
    expect(members).toBeGreaterThanOrEqual(15)
  })
})
