/**
 * Sessions that survive what they should and end when they must: a backend
 * that refuses a token early, a profile fault mid-session, a lost answer
 * carrying rotated tokens, tokens too large for the cookie, logout against
 * replayed cookies.
 */
import { expect, test } from '@playwright/test'
import { readSessionCookie } from '~/session/cookie.server'
import { E2E_SESSION_SECRET } from '../../playwright.config'
import {
  DEMO,
  loginThroughForm,
  openedSession,
  sessionCookies,
  storedSessionCookie,
} from './support/login'
import { mock } from './support/mock'
import { loginAs, sessionCookieHeader } from './support/session'

const EXPIRED_TOAST = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'

test.beforeEach(async () => {
  await mock.reset()
})

/** The session cookies a response sets, as the Cookie header a browser would send back. */
function cookieSetBy(headers: { name: string; value: string }[]): string {
  return headers
    .filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('auth.session'))
    .map((h) => h.value.split(';')[0])
    .join('; ')
}

function sessionSetBy(headers: { name: string; value: string }[]) {
  return readSessionCookie(cookieSetBy(headers), [E2E_SESSION_SECRET]).payload
}

test.describe('a backend that refuses a token the app thought alive', () => {
  test('its clock runs ahead: one renewal, one retry, and the member stays in', async ({
    page,
    context,
  }) => {
    const { accessToken } = await loginAs(context, 'demo', { accessTtlSeconds: 60 })
    await mock.clockAhead(120_000)
    await mock.clearCalls()
    await page.goto('/profile')
    await expect(page.locator('h1')).toHaveText('โปรไฟล์')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
    expect(await mock.calls('/auth/refresh')).toHaveLength(1)
    const session = await openedSession(context)
    expect(session?.accessToken).not.toBe(accessToken)
    const profiles = (await mock.calls('/user/profile')).map((c) => c.authorization)
    expect(profiles).toEqual([`Bearer ${accessToken}`, `Bearer ${session?.accessToken}`])
  })

  test('a second 401 with the fresh token ends the session: no loop', async ({ page, context }) => {
    await loginAs(context, 'demo')
    await mock.fail({ path: '/user/profile', status: 401, count: 5 })
    await mock.clearCalls()
    await page.goto('/cashback')
    await expect(page).toHaveURL('/login?redirectTo=%2Fcashback')
    await expect(page.locator('[data-sonner-toast]')).toContainText(EXPIRED_TOAST)
    expect(await mock.calls('/auth/refresh')).toHaveLength(1)
    expect(await mock.calls('/user/profile')).toHaveLength(2)
    expect(await openedSession(context)).toBeNull()
  })
})

test.describe('one bad profile answer mid-session', () => {
  for (const mode of ['no-user', 'garbage'] as const) {
    test(`${mode}: a Thai error page, and the session is kept`, async ({ page, context }) => {
      await loginAs(context, 'demo')
      const before = await openedSession(context)
      await mock.fail({ path: '/user/profile', mode, status: 500, count: 1 })
      const response = await page.goto('/cashback')
      expect(response?.status()).toBeGreaterThanOrEqual(500)
      await expect(page.locator('h1')).toContainText(
        mode === 'no-user' ? 'ไม่สามารถโหลดข้อมูลสมาชิกได้' : 'ระบบตอบกลับข้อมูลไม่ถูกต้อง',
      )
      expect(await openedSession(context)).toEqual(before)
      await page.reload()
      await expect(page.locator('h1')).toHaveText('คืนยอดเสีย')
      // Still the member: the balance from the profile is in the top bar.
      await expect(page.getByTestId('balance').first()).toHaveText('฿1,520.50')
    })
  }
})

test('the answer with rotated tokens is lost: the old cookie gets the same new tokens', async ({
  request,
}) => {
  const stale = await sessionCookieHeader('demo', { accessTtlSeconds: -60 })
  await mock.clearCalls()
  const first = await request.get('/cashback', { headers: { Cookie: stale.cookie } })
  expect(first.status()).toBe(200)
  const rotated = sessionSetBy(first.headersArray())
  expect(rotated?.refreshToken).toBeTruthy()
  expect(rotated?.refreshToken).not.toBe(stale.refreshToken)

  // The phone never stored that answer: it comes back with the old cookie.
  const again = await request.get('/coupon', { headers: { Cookie: stale.cookie } })
  expect(again.status()).toBe(200)
  expect(await again.text()).toContain(DEMO.displayName)
  const same = sessionSetBy(again.headersArray())
  expect(same?.refreshToken).toBe(rotated?.refreshToken)
  expect(same?.accessToken).toBe(rotated?.accessToken)
  // Not taken for token theft: one rotation at the backend, the family still alive.
  expect(await mock.calls('/auth/refresh')).toHaveLength(1)
  const next = await request.get('/profile', {
    headers: { Cookie: cookieSetBy(first.headersArray()) },
  })
  expect(await next.text()).toContain(DEMO.displayName)
})

test('tokens too large for the session cookie: the login keeps them in the shared store, the browser a small reference', async ({
  page,
  context,
}) => {
  // Refused at login before decision 0134 ("มีขนาดใหญ่เกินกว่าที่เบราว์เซอร์จะเก็บได้").
  await mock.config({ tokenPadding: 2048 })
  await loginThroughForm(page)
  expect((await storedSessionCookie(context)).ref).toBeTruthy()
})

test.describe('logout', () => {
  test('ends the session for every copy of the cookie; other logins of the member live on', async ({
    page,
    context,
    request,
  }) => {
    const otherDevice = await sessionCookieHeader('demo')
    await loginAs(context, 'demo')
    const saved = await sessionCookies(context)
    await page.goto('/cashback')
    await page.evaluate(async () => {
      const body = new URLSearchParams({ from: '/cashback' })
      await fetch('/logout', { method: 'POST', body })
    })
    await expect.poll(() => sessionCookies(context)).toBe('')

    // The cookie saved before logout, replayed: a logged-out visitor whose cookie is cleared.
    const replayed = await request.get('/cashback', { headers: { Cookie: saved }, maxRedirects: 0 })
    expect(replayed.status()).toBe(302)
    expect(replayed.headers()['location']).toBe('/login?redirectTo=%2Fcashback')
    expect(replayed.headers()['set-cookie'] ?? '').toMatch(/auth\.session=;/)
    const home = await request.get('/', { headers: { Cookie: saved } })
    expect(await home.text()).not.toContain(DEMO.displayName)

    const other = await request.get('/cashback', { headers: { Cookie: otherDevice.cookie } })
    expect(other.status()).toBe(200)
    expect(await other.text()).toContain(DEMO.displayName)
  })
})
