/**
 * The refresh storm (docs/decisions/0002-one-refresh-per-refresh-token.md): one member whose access token has
 * already expired fires 50 parallel requests — documents and single-fetch
 * data requests — with the same cookie. The app must call POST /auth/refresh
 * once, answer all 50 with the member's page or data, and log nobody out.
 * (The demo backend answers a reused refresh token within its own grace
 * window, so only the call count shows a bypassed refresher.)
 */
import { expect, test } from '@playwright/test'
import { unsealSession } from '~/session/cookie.server'
import { E2E_SESSION_SECRET } from '../../playwright.config'
import { STORM_SIZE, STORM_USERNAME, stormPaths } from '../../scripts/bench/storm-rules.mjs'
import { mock } from './support/mock'
import { sessionCookieHeader } from './support/session'
import { outcomeOf } from './support/storm'

test('50 parallel requests with one expired access token share one refresh', async ({
  request,
}) => {
  await mock.reset()
  const { cookie, refreshToken } = await sessionCookieHeader(STORM_USERNAME, {
    accessTtlSeconds: -60,
  })
  await mock.clearCalls()

  const paths = stormPaths()
  // An explicit Cookie header is sent as is: every request carries the expired session.
  const responses = await Promise.all(
    paths.map((path) => request.get(path, { headers: { cookie }, maxRedirects: 0 })),
  )
  const outcomes = await Promise.all(responses.map((r, i) => outcomeOf(paths[i]!, r)))

  const refreshes = (await mock.calls('/auth/refresh')).filter((c) => c.method === 'POST')
  const successes = outcomes.filter((o) => o.success)
  const logouts = outcomes.filter((o) => o.logout)

  expect(refreshes).toHaveLength(1)
  expect(successes.map((o) => o.path)).toEqual(paths)
  expect(logouts).toEqual([])

  // Every answer stores the same rotated tokens.
  const stored = outcomes.flatMap((o) => o.newSessionCookies)
  expect(stored).toHaveLength(STORM_SIZE)
  const refreshTokens = new Set(
    stored.map((v) => unsealSession(v, [E2E_SESSION_SECRET])?.refreshToken),
  )
  expect(refreshTokens.size).toBe(1)
  expect([...refreshTokens][0]).toEqual(expect.any(String))
  expect(refreshTokens.has(refreshToken)).toBe(false)
})
