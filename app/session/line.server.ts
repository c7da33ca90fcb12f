/**
 * LINE login: the authorize redirect with a random `state` kept in a
 * short-lived httpOnly cookie, and the check of that state on the way back.
 * The cookie is for the whole site (Path=/) like every cookie of the app, so
 * it can carry the `__Host-` name (app/server/cookies.server.ts).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { clearCookie, readCookie, setCookie } from '~/server/cookies.server'
import { env } from '~/server/env.server'
import { canonicalOrigin } from '~/server/origins.server'
import { safeReturnPath } from '~/lib/redirects'

const STATE_COOKIE = 'auth.line-state'
const STATE_MAX_AGE_S = 600
export const LINE_CALLBACK_PATH = '/line/callback'
/**
 * The return path /profile's "link LINE" gives the authorize redirect: a
 * member who comes back to the callback with it, logged in, links the LINE
 * account instead of logging in (docs/decisions/0076-member-pages.md).
 */
export const LINE_LINK_RETURN = '/profile?line=link'

/**
 * The site's own origin as the member's browser sees it: APP_ORIGIN's first
 * origin (development without it: the request's). Never the Host or
 * X-Forwarded-Host/Proto a client sends.
 */
export function publicOrigin(request: Request): string {
  return canonicalOrigin(request.url)
}

export function lineRedirectUri(request: Request): string {
  return `${publicOrigin(request)}${LINE_CALLBACK_PATH}`
}

/** Where to send the member to approve the login, and the cookie that remembers the state. */
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

/** The Set-Cookie that forgets the state once the member is back. */
export function clearLineState(): string {
  return clearCookie(STATE_COOKIE)
}

/** Checks the `state` LINE sent back against the cookie; returns where to go after login. */
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
