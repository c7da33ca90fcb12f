import { BackendError } from '~/backend/client.server'
import { linkLine, lineRefusal, PROFILE_MESSAGES } from '~/backend/profile.server'
import { PAGES } from '~/lib/pages'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import {
  checkLineState,
  clearLineState,
  lineRedirectUri,
  LINE_LINK_RETURN,
} from '~/session/line.server'
import { LoginError, loginWithLine } from '~/session/strategies.server'

const MESSAGES = {
  state: 'ไม่สามารถยืนยันการเข้าสู่ระบบด้วย LINE ได้ (ข้อมูลไม่ตรงกัน) กรุณาลองใหม่อีกครั้ง',
  linkState: 'ไม่สามารถเชื่อมต่อบัญชี LINE ได้ (หมดเวลาหรือข้อมูลไม่ตรงกัน) กรุณาลองใหม่อีกครั้ง',
  denied: 'คุณยกเลิกการเข้าสู่ระบบด้วย LINE',
  linkDenied: 'คุณยกเลิกการเชื่อมต่อบัญชี LINE',
} as const

export async function loadPage(ctx: RouteContext) {
  const { request, url, session, cookies } = ctx
  // The state is good for one return: forgotten whatever follows.
  cookies.add(clearLineState())
  const fail = (message: string) => ({ message })
  const returnTo = checkLineState(request, url.searchParams.get('state'))
  if (returnTo === LINE_LINK_RETURN && session.loggedIn) {
    // A watcher only looks: no link made in the member's name.
    const watcher = session.payload?.strategy === 'watcher'
    return linkAndReturn(ctx, watcher ? null : url.searchParams.get('code'))
  }
  // A member who went to link LINE and came back too late (or without the
  // state cookie): back to the profile, not to the login's error.
  if (returnTo === null && session.loggedIn) {
    throw redirectWithToast(PAGES.profile.path, { type: 'error', message: MESSAGES.linkState })
  }
  if (returnTo === null) return fail(MESSAGES.state)
  if (url.searchParams.has('error')) return fail(MESSAGES.denied)
  const code = url.searchParams.get('code')
  if (!code) return fail(MESSAGES.state)
  // A login replaces whatever session this browser had (docs/decisions/0094).
  try {
    const member = await loginWithLine(ctx, { code, redirectUri: lineRedirectUri(request) })
    throw redirectWithToast(returnTo, {
      type: 'success',
      message: `ยินดีต้อนรับ ${member.displayName}`,
    })
  } catch (error) {
    if (error instanceof LoginError) return fail(error.message)
    throw error
  }
}

async function linkAndReturn(ctx: RouteContext, code: string | null): Promise<never> {
  const { request, url } = ctx
  const back = (type: 'success' | 'error', message: string): never => {
    throw redirectWithToast(PAGES.profile.path, { type, message })
  }
  if (url.searchParams.has('error')) return back('error', MESSAGES.linkDenied)
  if (!code) return back('error', PROFILE_MESSAGES.lineCodeInvalid)
  try {
    await linkLine(ctx, { code, redirectUri: lineRedirectUri(request) })
  } catch (error) {
    const message = lineRefusal(error)
    if (message) return back('error', message)
    // The backend down or slow: its Thai message, back on the page the member came from.
    if (error instanceof BackendError) return back('error', error.message)
    throw error
  }
  return back('success', PROFILE_MESSAGES.lineLinked)
}
