/**
 * The refresh storm: one member whose access token has already expired fires
 * 50 parallel requests — documents and single-fetch data requests — with the
 * same session cookie. The app must refresh once, answer all 50 with the
 * member's page or data, and log nobody out.
 */
import { getJson, postJson, request } from './http.mjs'
import { sealedSession, sessionModules } from './member.mjs'
import { judgeAnswer, stormPaths, STORM_USERNAME } from './storm-rules.mjs'

export { STORM_SIZE } from './storm-rules.mjs'

/** How one storm answer counts: success, logout (and why), or neither. */
export function classify(path, res, username = STORM_USERNAME) {
  const verdict = judgeAnswer(
    {
      status: res.status,
      body: res.body.toString('utf8'),
      setCookies: res.headers['set-cookie'] ?? [],
      location: res.headers.location ?? '',
    },
    username,
  )
  return { path, status: res.status, ...verdict }
}

/** Fires the storm; resolves with the counts the bench prints. */
export async function refreshStorm({ appUrl, backendUrl, secret }) {
  const { unsealSession } = await sessionModules()
  await postJson(`${backendUrl}/__mock/reset`)
  const { cookie, refreshToken } = await sealedSession(backendUrl, secret, STORM_USERNAME, {
    accessTtlSeconds: -60,
    sid: 'bench-storm-session-id',
  })
  const paths = stormPaths()
  const started = performance.now()
  const answers = await Promise.all(
    paths.map((path) => request(`${appUrl}${path}`, { headers: { Cookie: cookie } })),
  )
  const ms = performance.now() - started
  const results = answers.map((res, i) => classify(paths[i], res))
  const { data: calls } = await getJson(
    `${backendUrl}/__mock/calls?path=${encodeURIComponent('/auth/refresh')}`,
  )
  // Every new cookie must carry the same rotated refresh token.
  const refreshTokens = new Set()
  let newCookies = 0
  for (const res of answers) {
    for (const c of res.headers['set-cookie'] ?? []) {
      const match = /^auth\.session=([^;]+)/.exec(c)
      if (!match) continue
      newCookies++
      refreshTokens.add(unsealSession(match[1], [secret])?.refreshToken ?? '(unreadable)')
    }
  }
  const statuses = {}
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1
  return {
    ms,
    refreshCalls: calls.filter((c) => c.method === 'POST').length,
    successes: results.filter((r) => r.success).length,
    logouts: results.filter((r) => r.logout).length,
    failures: results.filter((r) => !r.success),
    statuses,
    newCookies,
    distinctRefreshTokens: refreshTokens.size,
    rotated: !refreshTokens.has(refreshToken),
  }
}
