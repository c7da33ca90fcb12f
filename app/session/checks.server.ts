/**
 * The named route checks (the original's "middleware"). Every loader and
 * action runs them through the guard: `auth` first, then the layout's, then
 * the page's own, in order. A check stops the chain by throwing a redirect or
 * an error Response. An unknown name is a 500 "Unknown middleware NAME".
 */
import { redirect } from '@remix-run/node'
import { unknownMiddlewareMessage } from '~/lib/errors'
import { httpError } from '~/lib/http-error.server'
import { toastCookie } from '~/lib/toast.server'
import { loginPath } from '~/session/redirects'
import type { MemberSession } from '~/session/session.server'

export type Access = 'member' | 'guest' | 'public'
export type Layout = 'default' | 'guest' | 'none'

export interface CheckContext {
  request: Request
  url: URL
  access: Access
  session: MemberSession
}
export type Check = (ctx: CheckContext) => void | Promise<void>

export const SESSION_EXPIRED_TOAST = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'

/** To /login, remembering the page, with a toast saying the session ran out. */
export function sessionEndedRedirect(url: URL): Response {
  return redirect(loginPath(url), {
    headers: { 'Set-Cookie': toastCookie({ type: 'error', message: SESSION_EXPIRED_TOAST }) },
  })
}

/** `auth`: who may see the page. */
const auth: Check = ({ access, session, url }) => {
  if (access === 'member' && !session.loggedIn) {
    throw session.expired ? sessionEndedRedirect(url) : redirect(loginPath(url))
  }
  if (access === 'guest' && session.loggedIn) throw redirect('/')
}

export const WATCHER_REFUSED_MESSAGE = 'โหมดผู้ดูแลดูได้อย่างเดียว ไม่สามารถทำรายการเงินหรือแทงหวยแทนสมาชิกได้'

/** `moneyMoves`: support staff watching a member may not move money or place stakes. */
const moneyMoves: Check = ({ request, session }) => {
  if (request.method !== 'GET' && session.payload?.strategy === 'token') {
    throw httpError(403, WATCHER_REFUSED_MESSAGE)
  }
}

export const CHECKS: Readonly<Record<string, Check>> = { auth, moneyMoves }

/** Each layout's own check names, run after `auth` and before the page's. */
export const LAYOUT_CHECKS: Readonly<Record<Layout, readonly string[]>> = {
  default: [],
  guest: [],
  none: [],
}

/** Runs the chain for one request; `registry` is injectable for tests. */
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
