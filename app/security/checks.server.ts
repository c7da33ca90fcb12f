/**
 * The named route checks (the original's "middleware"). The guard runs `auth`
 * first, then the route's own checks in order. A check stops the chain by
 * throwing a redirect or an error Response; an unknown name is a 500
 * "Unknown middleware NAME".
 */
import { redirect } from '@remix-run/node'
import type { Access } from '~/lib/guest-pages'
import { unknownMiddlewareMessage } from '~/lib/errors'
import { httpError } from '~/server/http-error.server'
import { redirectWithToast } from '~/server/toast.server'
import { loginPath, STAFF_HOME_PATH, staffLoginPath } from '~/lib/redirects'
import type { MemberSession } from '~/session/session.server'
import type { StaffSession } from '~/staff/staff-session.server'
import { isStaffAccess } from '~/lib/guest-pages'

export type { Access }

export interface CheckContext {
  request: Request
  url: URL
  access: Access
  /** The route lets a watcher session post (logout, leaving watcher mode). */
  watcherMayPost: boolean
  session: MemberSession
  /** The staff person's session (its own cookie): the staff console's identity. */
  staffSession: StaffSession
}
export type Check = (ctx: CheckContext) => void | Promise<void>

export const SESSION_EXPIRED_TOAST = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'
export const WATCHER_REFUSED_MESSAGE = 'โหมดผู้ดูแลดูได้อย่างเดียว ไม่สามารถทำรายการเงินหรือแทงหวยแทนสมาชิกได้'
export const STAFF_ONLY_MESSAGE = 'หน้านี้สำหรับเจ้าหน้าที่ฝ่ายบริการเท่านั้น บัญชีสมาชิกไม่สามารถเข้าถึงได้'
export const SUPERVISOR_ONLY_MESSAGE = 'หน้านี้สำหรับหัวหน้าฝ่ายบริการเท่านั้น'
export const STAFF_SESSION_ENDED_TOAST = 'เซสชันเจ้าหน้าที่หมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'

/** To /login, remembering the page, with a toast saying the session ran out. */
export function sessionEndedRedirect(url: URL): Response {
  return redirectWithToast(loginPath(url), { type: 'error', message: SESSION_EXPIRED_TOAST })
}

function isWrite(request: Request): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD'
}

/**
 * `auth`: who may see the page, and what a watcher session may do: support
 * staff watching a member only look; every post is refused unless the route
 * says it is safe for them. Guest-only pages are for reading by visitors;
 * their posts run for anyone, as logins must.
 */
const auth: Check = (ctx) => {
  if (isStaffAccess(ctx.access)) return staffAuth(ctx)
  const { access, session, url, request, watcherMayPost } = ctx
  if (isWrite(request) && session.payload?.strategy === 'watcher' && !watcherMayPost) {
    throw httpError(403, WATCHER_REFUSED_MESSAGE)
  }
  if (access === 'member' && !session.loggedIn) {
    // Ended from elsewhere: the login page itself says why (no toast that is gone in 2 s).
    if (session.endedElsewhere) throw redirect(loginPath(url, 'ended-elsewhere'))
    throw session.expired ? sessionEndedRedirect(url) : redirect(loginPath(url))
  }
  // A member opening a guest page goes home; a post there (a login, a
  // registration) goes on and replaces whatever session the browser had: a
  // session planted by someone else must never keep the member out of their
  // own account (docs/decisions/0094).
  if (access === 'guest' && session.loggedIn && !isWrite(request)) throw redirect('/')
}

/**
 * `auth` on the staff console's pages: the staff session only. A member's
 * session is never a staff person's: with no staff session it gets the
 * Thai 403 (a watch, which is staff's own, goes to the staff login); support
 * staff never reach supervisors' pages; a logged-in staff person opening
 * the staff login goes to the console.
 */
function staffAuth({ access, session, staffSession, url, request }: CheckContext): void {
  if (access === 'staff-guest') {
    if (staffSession.loggedIn && !isWrite(request)) throw redirect(STAFF_HOME_PATH)
    return
  }
  const staff = staffSession.payload
  if (!staff) {
    if (session.loggedIn && session.payload?.strategy !== 'watcher') {
      throw httpError(403, STAFF_ONLY_MESSAGE)
    }
    throw staffSession.expired
      ? redirectWithToast(staffLoginPath(url), {
          type: 'error',
          message: STAFF_SESSION_ENDED_TOAST,
        })
      : redirect(staffLoginPath(url))
  }
  if (access === 'supervisor' && staff.staff.role !== 'supervisor') {
    throw httpError(403, SUPERVISOR_ONLY_MESSAGE)
  }
}

const CHECKS: Readonly<Record<string, Check>> = { auth }

/** Runs the chain for one request. */
export async function runChecks(
  names: readonly string[],
  ctx: CheckContext,
  registry: Readonly<Record<string, Check>> = CHECKS,
): Promise<void> {
  for (const name of names) {
    const check = Object.hasOwn(registry, name) ? registry[name] : undefined
    if (!check) throw httpError(500, unknownMiddlewareMessage(name))
    await check(ctx)
  }
}
