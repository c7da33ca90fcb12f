// The named route checks (the original's "middleware"); an unknown name is a 500.
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
  watcherMayPost: boolean
  session: MemberSession
  staffSession: StaffSession
}
export type Check = (ctx: CheckContext) => void | Promise<void>

export const SESSION_EXPIRED_TOAST = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'
export const WATCHER_REFUSED_MESSAGE = 'โหมดผู้ดูแลดูได้อย่างเดียว ไม่สามารถทำรายการเงินหรือแทงหวยแทนสมาชิกได้'
export const STAFF_ONLY_MESSAGE = 'หน้านี้สำหรับเจ้าหน้าที่ฝ่ายบริการเท่านั้น บัญชีสมาชิกไม่สามารถเข้าถึงได้'
export const SUPERVISOR_ONLY_MESSAGE = 'หน้านี้สำหรับหัวหน้าฝ่ายบริการเท่านั้น'
export const STAFF_SESSION_ENDED_TOAST = 'เซสชันเจ้าหน้าที่หมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'

export function sessionEndedRedirect(url: URL): Response {
  return redirectWithToast(loginPath(url), { type: 'error', message: SESSION_EXPIRED_TOAST })
}

function isWrite(request: Request): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD'
}

/**
 * A watcher (support staff) only looks: every post is refused unless the route says it is safe.
 * Guest-only pages' posts run for anyone, as logins must.
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

/** A member's session is never a staff person's: without a staff session a Thai 403. */
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
