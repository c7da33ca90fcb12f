// LINE login's `state` check against a short-lived httpOnly cookie.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { clearCookie, readCookie, setCookie } from '~/server/cookies.server'
import { env } from '~/server/env.server'
import { canonicalOrigin } from '~/server/origins.server'
import { safeReturnPath } from '~/lib/redirects'

const STATE_COOKIE = 'auth.line-state'
const STATE_MAX_AGE_S = 600
export const LINE_CALLBACK_PATH = '/line/callback'
/** docs/decisions/0076-member-pages.md. */
export const LINE_LINK_RETURN = '/profile?line=link'

/** Never the Host or X-Forwarded-* a client sends. */
export function publicOrigin(request: Request): string {
  return canonicalOrigin(request.url)
}

export function lineRedirectUri(request: Request): string {
  return `${publicOrigin(request)}${LINE_CALLBACK_PATH}`
}

export function lineAuthorizeRedirect(request: Request, returnTo: string) {
  const state = randomBytes(24).toString('base64url')
  const { LINE_AUTHORIZE_URL, LINE_CHANNEL_ID } = env()
  const url = new URL(LINE_AUTHORIZE_URL)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', LINE_CHANNEL_ID)
  url.searchParams.set('redirect_uri', lineRedirectUri(request))
  url.searchParams.set('state', state)
  url.searchParams.set('scope', 'profile openid')
  const value = `${state}.${Buffer.from(safeReturnPath(returnTo)).toString('base64url')}`
  return {
    location: url.toString(),
    setCookie: setCookie(STATE_COOKIE, value, { maxAge: STATE_MAX_AGE_S }),
  }
}

export function clearLineState(): string {
  return clearCookie(STATE_COOKIE)
}

export function checkLineState(request: Request, state: string | null): string | null {
  const raw = readCookie(request, STATE_COOKIE)
  if (!raw || !state) return null
  const [expected, returnTo = ''] = raw.split('.')
  if (!expected) return null
  const a = Buffer.from(expected)
  const b = Buffer.from(state)
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null
  try {
    return safeReturnPath(Buffer.from(returnTo, 'base64url').toString('utf8'))
  } catch {
    return '/'
  }
}
