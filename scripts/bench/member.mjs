/**
 * A member's session for the bench: the demo account logs in through the
 * app's own /login form (a form POST as a browser sends it, same-origin),
 * and the bench keeps the `auth.session*` cookies it answers with.
 */
import { randomBytes } from 'node:crypto'
import { tsImport } from 'tsx/esm/api'
import { postJson, request } from './http.mjs'

export const BENCH_MEMBER = { username: 'demo', password: 'demo1234' }

/**
 * A form POST to `url` as a browser sends it from the app's own page at
 * `origin` (same-origin, what the app's cross-site check asks), with `cookie`.
 */
export function postForm(url, fields, { origin = new URL(url).origin, cookie } = {}) {
  return request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origin,
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  })
}

/** The Cookie header of the cookies a login answer set (`name=value` pairs, cleared ones left out). */
function setCookies(res, keep = () => true) {
  return (res.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .filter((pair) => keep(pair) && !pair.endsWith('='))
    .join('; ')
}

/** The Cookie header of a fresh member session on the app at `appUrl`. */
export async function memberCookie(appUrl) {
  const res = await postForm(`${appUrl}/login`, BENCH_MEMBER)
  const cookie = setCookies(res, (pair) => pair.startsWith('auth.session'))
  if (res.status !== 302 || !cookie) {
    throw new Error(`POST /login as ${BENCH_MEMBER.username}: ${res.status}, no session cookie`)
  }
  const check = await request(`${appUrl}/profile`, { headers: { Cookie: cookie } })
  if (check.status !== 200) throw new Error(`GET /profile as a member: ${check.status}`)
  return cookie
}

/** The demo supervisor (tests/mock-backend/staff-accounts.ts): every console page opens to it. */
export const BENCH_STAFF = { username: 'super1', password: 'super1234' }

/**
 * The Cookie header of a fresh staff session on the app at `appUrl`: the
 * staff login form with a code the demo backend at `backendUrl` gives
 * (POST /__mock/staff-otp, as the e2e tests' staffLoginThroughForm).
 */
export async function staffCookie(appUrl, backendUrl) {
  const { data } = await postJson(`${backendUrl}/__mock/staff-otp`, {
    username: BENCH_STAFF.username,
  })
  const res = await postForm(`${appUrl}/staff/login`, { ...BENCH_STAFF, otp: data.otp })
  const cookie = setCookies(res)
  if (res.status !== 302 || !cookie) {
    throw new Error(
      `POST /staff/login as ${BENCH_STAFF.username}: ${res.status}, no session cookie`,
    )
  }
  return cookie
}

/** The app's own cookie sealing and token rules, loaded once (tsx compiles them on import). */
let loadedModules
export function sessionModules() {
  loadedModules ??= (async () => ({
    ...(await tsImport('../../app/session/cookie.server.ts', import.meta.url)),
    ...(await tsImport('../../app/session/tokens.ts', import.meta.url)),
  }))()
  return loadedModules
}

/**
 * A member's session without the login form, as the app would write it:
 * tokens from the demo backend (POST /__mock/tokens, `accessTtlSeconds`
 * for this pair only) sealed with `secret`; the member's id is in it (`mid`),
 * as a login since decision 0093 writes it.
 */
export async function sealedSession(backendUrl, secret, username, { accessTtlSeconds, sid } = {}) {
  const { sealSession, expiresAtFor } = await sessionModules()
  const { data } = await postJson(`${backendUrl}/__mock/tokens`, { username, accessTtlSeconds })
  const claims = JSON.parse(Buffer.from(data.accessToken.split('.')[1], 'base64url').toString())
  const now = Date.now()
  const sealed = sealSession(
    {
      v: 2,
      sid: sid ?? randomBytes(18).toString('base64url'),
      strategy: 'local',
      mid: String(claims.sub),
      accessToken: data.accessToken,
      accessExpiresAt: expiresAtFor(data.accessToken, now, 900),
      refreshToken: data.refreshToken,
      refreshExpiresAt: expiresAtFor(data.refreshToken, now, 604_800),
    },
    [secret],
  )
  return {
    cookie: `auth.session=${sealed}`,
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
  }
}

/**
 * `count` new members of the demo backend (POST /__mock/members), named
 * `${prefix}0001` on, each with a sealed session (sealedSession, tokens of
 * `accessTtlSeconds` when given): [{ username, cookie, accessToken, refreshToken }].
 */
export async function memberSessions(backendUrl, secret, { prefix, count, accessTtlSeconds }) {
  await postJson(`${backendUrl}/__mock/members`, { count, prefix })
  const members = []
  for (let m = 1; m <= count; m++) {
    const username = `${prefix}${String(m).padStart(4, '0')}`
    const session = await sealedSession(backendUrl, secret, username, { accessTtlSeconds })
    members.push({ username, ...session })
  }
  return members
}
