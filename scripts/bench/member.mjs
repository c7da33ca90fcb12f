/**
 * A member's session for the bench: the demo account logs in through the
 * app's own /login form (a form POST as a browser sends it, same-origin),
 * and the bench keeps the `auth.session*` cookies it answers with.
 */
import { request } from './http.mjs'

export const BENCH_MEMBER = { username: 'demo', password: 'demo1234' }

/** The Cookie header of a fresh member session on the app at `appUrl`. */
export async function memberCookie(appUrl) {
  const res = await request(`${appUrl}/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: appUrl,
      'Sec-Fetch-Site': 'same-origin',
    },
    body: new URLSearchParams(BENCH_MEMBER).toString(),
  })
  const cookie = (res.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .filter((pair) => pair.startsWith('auth.session') && !pair.endsWith('='))
    .join('; ')
  if (res.status !== 302 || !cookie) {
    throw new Error(`POST /login as ${BENCH_MEMBER.username}: ${res.status}, no session cookie`)
  }
  const check = await request(`${appUrl}/profile`, { headers: { Cookie: cookie } })
  if (check.status !== 200) throw new Error(`GET /profile as a member: ${check.status}`)
  return cookie
}
