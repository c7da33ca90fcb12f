/**
 * Logging in without the login form: real tokens from the demo backend
 * (POST /__mock/tokens), sealed into the app's `auth.session` cookie with the
 * e2e session secret, exactly as the app would have written it.
 */
import type { BrowserContext } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { sealSession, type SessionPayload } from '~/session/cookie.server'
import { expiresAtFor } from '~/session/tokens'
import { APP_URL, E2E_SESSION_SECRET } from '../../../playwright.config'
import { mock } from './mock'

export interface SessionOptions {
  strategy?: SessionPayload['strategy']
  accessTtlSeconds?: number
  refreshTtlSeconds?: number
  /** Leave the refresh token out (a watcher session). */
  withoutRefresh?: boolean
  /**
   * Seal the member's id and the issue time, as a login since decision 0093
   * does (the request timeline records such sessions). Off by default: the
   * older specs were written for cookies without them.
   */
  withMemberId?: boolean
}

/** A sealed session cookie value for `username`, with the tokens it holds. */
export async function sealedSessionFor(username: string, options: SessionOptions = {}) {
  const { accessToken, refreshToken } = await mock.tokens({
    username,
    accessTtlSeconds: options.accessTtlSeconds,
    refreshTtlSeconds: options.refreshTtlSeconds,
  })
  const now = Date.now()
  // The member's id, as a login takes it from the profile: the token's subject.
  const { sub } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString())
  const payload: SessionPayload = {
    v: 2,
    sid: randomBytes(18).toString('base64url'),
    strategy: options.strategy ?? 'local',
    ...(options.withMemberId ? { mid: String(sub), iat: now } : {}),
    accessToken,
    accessExpiresAt: expiresAtFor(accessToken, now, 9000),
    ...(options.withoutRefresh
      ? { refreshExpiresAt: null }
      : { refreshToken, refreshExpiresAt: expiresAtFor(refreshToken, now, 604_800) }),
  }
  return { value: sealSession(payload, [E2E_SESSION_SECRET]), accessToken, refreshToken }
}

/** Puts a logged-in session for `username` into the browser context. */
export async function loginAs(
  context: BrowserContext,
  username = 'demo',
  options?: SessionOptions,
) {
  const sealed = await sealedSessionFor(username, options)
  await context.addCookies([
    { name: 'auth.session', value: sealed.value, url: APP_URL, httpOnly: true, sameSite: 'Lax' },
  ])
  return sealed
}

/** The Cookie header of a session for `username`, for API-level requests. */
export async function sessionCookieHeader(username = 'demo', options?: SessionOptions) {
  const sealed = await sealedSessionFor(username, options)
  return { cookie: `auth.session=${sealed.value}`, ...sealed }
}
