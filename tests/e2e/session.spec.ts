/**
 * Member sessions end to end: the three login strategies, redirects around
 * login, refresh, expiry, logout, and what never reaches the browser.
 */
import { expect, test, type Page, type Response } from '@playwright/test'
import { APP_URL, MOCK_URL } from '../../playwright.config'
import { mock } from './support/mock'
import {
  DEMO,
  logOutThroughMenu,
  openedSession,
  sessionCookies,
  submitLogin,
} from './support/login'
import { loginAs, sessionCookieHeader } from './support/session'

const EXPIRED_TOAST = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'

test.beforeEach(async () => {
  await mock.reset()
})

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

test.describe('local login', () => {
  test('a guest sent to login returns to the page and query they wanted', async ({ page }) => {
    await page.goto('/cashback?tab=live')
    await expect(page).toHaveURL('/login?redirectTo=%2Fcashback%3Ftab%3Dlive')
    await submitLogin(page)
    await expect(page).toHaveURL('/cashback?tab=live')
    await expect(page.locator('h1')).toHaveText('คืนยอดเสีย')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
    const session = await openedSession(page.context())
    expect(session?.strategy).toBe('local')
    expect(session?.refreshToken).toBeTruthy()
  })

  test('login without a remembered page goes home; /login then sends a member home', async ({
    page,
  }) => {
    await page.goto('/login')
    await submitLogin(page)
    await expect(page).toHaveURL('/')
    await page.goto('/login')
    await expect(page).toHaveURL('/')
    await page.goto('/register')
    await expect(page).toHaveURL('/')
  })

  test('a wrong password keeps the username, shows a Thai error and keeps no session', async ({
    page,
  }) => {
    await page.goto('/login')
    await submitLogin(page, 'demo', 'wrong-password')
    await expect(page.getByRole('alert')).toContainText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')
    await expect(page.locator('input[name="username"]')).toHaveValue('demo')
    expect(await openedSession(page.context())).toBeNull()
  })

  test('a locked member is told so in Thai', async ({ page }) => {
    await page.goto('/login')
    await submitLogin(page, 'locked', 'locked1234')
    await expect(page.getByRole('alert')).toContainText('บัญชีนี้ถูกระงับ')
    expect(await openedSession(page.context())).toBeNull()
  })

  test('a profile answer without the member fails the login and keeps no session', async ({
    page,
  }) => {
    await mock.fail({ path: '/user/profile', mode: 'no-user', status: 500, count: 1 })
    await page.goto('/login')
    await submitLogin(page)
    await expect(page.getByRole('alert')).toContainText('ไม่พบข้อมูลสมาชิก')
    expect(await openedSession(page.context())).toBeNull()
    expect(await sessionCookies(page.context())).toBe('')
  })

  test('the profile is fetched at start and after login, not on client navigations', async ({
    page,
  }) => {
    await page.goto('/login')
    await hydrated(page)
    await mock.clearCalls()
    await submitLogin(page)
    await expect(page).toHaveURL('/')
    const afterLogin = (await mock.calls('/user/profile')).length
    expect(afterLogin).toBeGreaterThanOrEqual(1)
    await page.getByRole('main').getByRole('link', { name: 'คาสิโน' }).click()
    await expect(page.locator('h1')).toHaveText('คาสิโน')
    await page.getByLabel('เมนู', { exact: true }).click()
    await page
      .getByRole('navigation', { name: 'เมนูหลัก' })
      .getByRole('link', { name: 'สล็อต' })
      .click()
    await expect(page.locator('h1')).toHaveText('สล็อต')
    expect(await mock.calls('/user/profile')).toHaveLength(afterLogin)
  })
})

test.describe('redirectTo is only ever a same-site path', () => {
  const hostile = [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '%2F%5Cevil.example',
    '/login?redirectTo=//evil.example',
  ]
  for (const target of hostile) {
    test(`redirectTo=${target} lands home`, async ({ page }) => {
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`)
      await submitLogin(page)
      await expect(page).toHaveURL(`${APP_URL}/`)
    })
  }
})

test.describe('expiry and refresh', () => {
  test('an expired access token is refreshed once and the member stays in', async ({
    page,
    context,
  }) => {
    const { accessToken, refreshToken } = await loginAs(context, 'demo', { accessTtlSeconds: -60 })
    await mock.clearCalls()
    await page.goto('/profile')
    await expect(page.locator('h1')).toHaveText('โปรไฟล์')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
    const refreshes = await mock.calls('/auth/refresh')
    expect(refreshes).toHaveLength(1)
    // The refresh call carries no Authorization header; the profile call the new token.
    expect(refreshes[0]?.authorization).toBeNull()
    const session = await openedSession(context)
    expect(session?.accessToken).not.toBe(accessToken)
    expect(session?.refreshToken).not.toBe(refreshToken)
    const profile = await mock.calls('/user/profile')
    expect(profile.at(-1)?.authorization).toBe(`Bearer ${session?.accessToken}`)
  })

  test('Set-Cookie only when the session changed', async ({ request }) => {
    const fresh = await sessionCookieHeader('demo')
    const unchanged = await request.get('/cashback', { headers: { Cookie: fresh.cookie } })
    expect(unchanged.status()).toBe(200)
    expect(unchanged.headers()['set-cookie'] ?? '').not.toContain('auth.session')

    const stale = await sessionCookieHeader('demo', { accessTtlSeconds: -60 })
    const refreshed = await request.get('/cashback', { headers: { Cookie: stale.cookie } })
    expect(refreshed.status()).toBe(200)
    const setCookies = refreshed
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('auth.session='))
    expect(setCookies).toHaveLength(1)
    expect(setCookies[0]?.value).toMatch(/HttpOnly/i)
    expect(setCookies[0]?.value).toMatch(/SameSite=Lax/i)
    expect(setCookies[0]?.value).toMatch(/Path=\//)
    expect(setCookies[0]?.value).toMatch(/Max-Age=\d+/)
  })

  test('both tokens expired: to /login with a Thai toast and the page remembered', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo', { accessTtlSeconds: -60, refreshTtlSeconds: -30 })
    await mock.clearCalls()
    await page.goto('/cashback')
    await expect(page).toHaveURL('/login?redirectTo=%2Fcashback')
    await expect(page.locator('[data-sonner-toast]')).toContainText(EXPIRED_TOAST)
    expect(await mock.calls('/auth/refresh')).toHaveLength(0)
    expect(await sessionCookies(context)).toBe('')
    await submitLogin(page)
    await expect(page).toHaveURL('/cashback')
  })

  test('a session the backend ended (401) is cleared and the member goes to /login', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await page.goto('/cashback')
    await expect(page.locator('h1')).toHaveText('คืนยอดเสีย')
    await mock.expire('demo')
    await page.goto('/coupon')
    await expect(page).toHaveURL('/login?redirectTo=%2Fcoupon')
    await expect(page.locator('[data-sonner-toast]')).toContainText(EXPIRED_TOAST)
    expect(await openedSession(context)).toBeNull()
  })

  test('on a public page a dead session just logs out, with the toast', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await mock.expire('demo')
    await page.goto('/promotion')
    await expect(page).toHaveURL('/promotion')
    await expect(page.locator('[data-sonner-toast]')).toContainText(EXPIRED_TOAST)
    await expect(page.getByRole('link', { name: 'เข้าสู่ระบบ' }).first()).toBeVisible()
  })

  test('tokens of 600 bytes are kept in one cookie and the member stays in', async ({ page }) => {
    // The largest a session kept in the cookie may be (docs/decisions/0134): about
    // 650 bytes per token; larger ones go to the shared store (session-large-tokens.spec.ts).
    await mock.config({ tokenPadding: 340 })
    await page.goto('/login?redirectTo=%2Fprofile')
    await submitLogin(page)
    await expect(page).toHaveURL('/profile')
    const names = (await page.context().cookies()).map((c) => c.name).sort()
    expect(names).toContain('auth.session')
    expect(names).not.toContain('auth.session.0')
    const session = await openedSession(page.context())
    expect(session?.accessToken.length).toBeGreaterThan(550)
    await page.goto('/cashback')
    await expect(page.locator('h1')).toHaveText('คืนยอดเสีย')
    await page.goto('/profile')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
  })
})

test.describe('logout', () => {
  test('the menu logs out, goes to /login, and the backend ends the tokens (decision 0133)', async ({
    page,
    context,
  }) => {
    const { accessToken } = await loginAs(context, 'demo')
    await page.goto('/cashback')
    await hydrated(page)
    await mock.clearCalls()
    await logOutThroughMenu(page)
    await expect(page).toHaveURL('/login')
    expect(await sessionCookies(context)).toBe('')
    // One call, made without waiting for it: the session's token family ends.
    await expect
      .poll(async () =>
        (await mock.calls()).filter((c) => c.path.startsWith('/auth')).map((c) => c.path),
      )
      .toEqual(['/auth/logout'])
    const copy = await fetch(`${MOCK_URL}/user/profile`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    })
    expect(copy.status).toBe(401)
  })

  test('a backend that does not answer the logout call does not hold the logout up', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await mock.fail({ path: '/auth/logout', mode: 'hang' })
    await page.goto('/cashback')
    await hydrated(page)
    await logOutThroughMenu(page)
    await expect(page).toHaveURL('/login')
    expect(await sessionCookies(context)).toBe('')
  })

  test('on a public page logout stays on that page', async ({ page, context }) => {
    await loginAs(context, 'demo')
    await page.goto('/promotion')
    await logOutThroughMenu(page)
    await expect(page).toHaveURL('/promotion')
    await expect(page.getByRole('link', { name: 'เข้าสู่ระบบ' }).first()).toBeVisible()
  })

  test('a logout in another tab sends this member page to /login when it regains focus', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await page.goto('/cashback')
    await hydrated(page)
    const other = await context.newPage()
    await other.goto('/cashback')
    await logOutThroughMenu(other)
    await expect(other).toHaveURL('/login')
    await page.bringToFront()
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(page).toHaveURL('/login?redirectTo=%2Fcashback')
  })
})

test.describe('LINE login', () => {
  test('runs through the consent page and returns logged in', async ({ page }) => {
    await page.goto('/login?redirectTo=%2Flotto')
    await hydrated(page)
    await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click()
    await expect(page.getByRole('heading', { name: 'อนุญาตให้เข้าสู่ระบบด้วย LINE' })).toBeVisible()
    const authorize = new URL(page.url())
    expect(authorize.searchParams.get('client_id')).toBe('e2e-line-channel')
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP_URL}/line/callback`)
    expect(authorize.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32)
    await page.getByRole('button', { name: 'อนุญาต' }).click()
    await expect(page).toHaveURL('/lotto')
    await expect(page.getByText('สมหญิง รักไทย').first()).toBeVisible()
    expect((await openedSession(page.context()))?.strategy).toBe('line')
    const exchange = await mock.calls('/auth/loginwithline')
    expect(exchange).toHaveLength(1)
  })

  test('a state that does not match is refused in Thai, without a login', async ({ page }) => {
    await page.goto('/login')
    await hydrated(page)
    await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click()
    await expect(page.getByRole('heading', { name: 'อนุญาตให้เข้าสู่ระบบด้วย LINE' })).toBeVisible()
    const response = await page.goto('/line/callback?code=stolen-code&state=forged-state')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('alert')).toContainText('ข้อมูลไม่ตรงกัน')
    expect(await openedSession(page.context())).toBeNull()
    expect(await mock.calls('/auth/loginwithline')).toHaveLength(0)
  })

  test('cancelling on the consent page is told in Thai', async ({ page }) => {
    await page.goto('/login')
    await hydrated(page)
    await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click()
    await page.getByRole('button', { name: 'ยกเลิก' }).click()
    await expect(page.getByRole('alert')).toContainText('ยกเลิกการเข้าสู่ระบบด้วย LINE')
    expect(await openedSession(page.context())).toBeNull()
  })
})

test.describe('watcher (support staff)', () => {
  // The original's bare token watch: a backend without staff accounts (decision 0156;
  // staff.spec.ts has the staff person's token watch).
  test.beforeEach(async () => {
    await mock.appConfig({ staff: { accounts: false } })
  })

  test('a #token= link fills the form for the agent to confirm, and no request carries it', async ({
    page,
  }) => {
    const { accessToken } = await mock.tokens({ username: 'somsri' })
    const requested: string[] = []
    page.on('request', (r) => requested.push(`${r.url()} ${r.headers()['referer'] ?? ''}`))
    await page.goto(`/watcher#token=${encodeURIComponent(accessToken)}`)
    await hydrated(page)
    await expect(page.locator('textarea[name="token"]')).toHaveValue(accessToken)
    await expect(page.getByRole('status').filter({ hasText: 'ได้รับโทเค็นจากลิงก์แล้ว' })).toBeVisible()
    // Off the address bar as soon as it was read; nothing happened without the agent.
    expect(page.url()).toBe(`${APP_URL}/watcher`)
    expect(await openedSession(page.context())).toBeNull()
    await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
    await expect(page).toHaveURL('/')
    const banner = page.getByRole('region', { name: 'โหมดผู้ดูแล' })
    await expect(banner).toContainText('somsri')
    const session = await openedSession(page.context())
    expect(session?.strategy).toBe('watcher')
    expect(session?.refreshToken).toBeUndefined()
    expect(requested.filter((line) => line.includes(accessToken))).toEqual([])
  })

  test('a ?token= link from any site changes nothing: the member stays who they were', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    const before = await openedSession(context)
    const { accessToken } = await mock.tokens({ username: 'somsri' })
    for (const token of [accessToken, 'junk']) {
      const watcher = page.waitForResponse((r) => new URL(r.url()).pathname === '/watcher')
      await page.goto(`/watcher?token=${encodeURIComponent(token)}`, {
        referer: 'https://evil.example/',
      })
      expect((await watcher).headers()['referrer-policy']).toBe('no-referrer')
      await expect(page).toHaveURL('/watcher')
      await expect(page.locator('[data-sonner-toast]')).toContainText('ลิงก์นี้ใช้ไม่ได้')
      expect(await openedSession(context)).toEqual(before)
    }
    // Still the same member: /profile greets them by name.
    await page.goto('/profile')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
  })

  test('a failed watcher login leaves the current session as it was', async ({ page, context }) => {
    await loginAs(context, 'demo')
    const before = await openedSession(context)
    await page.goto('/watcher')
    await page.locator('textarea[name="token"]').fill('not.a.token')
    await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
    await expect(page.getByRole('alert')).toContainText('โทเค็นไม่ถูกต้อง')
    expect(await openedSession(context)).toEqual(before)
  })

  test('the pasted-token form shows the member, on every page, with an exit', async ({ page }) => {
    const { accessToken } = await mock.tokens({ username: 'somsri' })
    await page.goto('/watcher')
    await page.locator('textarea[name="token"]').fill(accessToken)
    await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/casino')
    const banner = page.getByRole('region', { name: 'โหมดผู้ดูแล' })
    await expect(banner).toContainText('somsri')
    await hydrated(page)
    await banner.getByRole('button', { name: 'จบการดู' }).click()
    await expect(page).toHaveURL('/watcher')
    expect(await openedSession(page.context())).toBeNull()
  })

  test('a bad token is refused in Thai and never refreshed', async ({ page }) => {
    await page.goto('/watcher')
    await page.locator('textarea[name="token"]').fill('not.a.token')
    await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
    await expect(page.getByRole('alert')).toContainText('โทเค็นไม่ถูกต้อง')
    expect(await openedSession(page.context())).toBeNull()
    expect(await mock.calls('/auth/refresh')).toHaveLength(0)
  })

  test('the watcher session ends with its access token', async ({ page, context }) => {
    await loginAs(context, 'somsri', {
      strategy: 'watcher',
      withoutRefresh: true,
      accessTtlSeconds: -5,
    })
    await page.goto('/cashback')
    // A watch that ran out goes back where it started, saying so (decision 0139).
    await expect(page).toHaveURL('/watcher')
    await expect(page.locator('[data-sonner-toast]')).toContainText('ครบเวลาดูหน้าจอสมาชิกแล้ว')
    expect(await openedSession(context)).toBeNull()
    expect(await mock.calls('/auth/refresh')).toHaveLength(0)
  })
})

test.describe('nothing the browser receives contains a token', () => {
  test('HTML, data, scripts and storage are free of both tokens', async ({ page, context }) => {
    const bodies: { url: string; text: string }[] = []
    const pending: Promise<void>[] = []
    page.on('response', (response: Response) => {
      if (!response.url().startsWith(APP_URL)) return
      // A page's live stream never ends, so its body never comes whole (live.spec.ts
      // reads its events: no token there either); a slow machine opens it before
      // the last navigation here is done.
      if (response.headers()['content-type']?.startsWith('text/event-stream')) return
      pending.push(
        response
          .text()
          .then((text) => void bodies.push({ url: response.url(), text }))
          .catch(() => undefined),
      )
    })
    // The data of client-side navigations, as the page's own fetch received it: the
    // browser may no longer hold a streamed body by the time the test asks for it.
    await context.addInitScript(() => {
      const received: { url: string; text: string }[] = []
      Object.assign(window, { __receivedData: received })
      const fetchOf = window.fetch.bind(window)
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const response = await fetchOf(...args)
        if (response.url.includes('.data')) {
          void response
            .clone()
            .text()
            .then((text) => received.push({ url: response.url, text }))
        }
        return response
      }
    })
    const receivedData = () =>
      page.evaluate(
        () =>
          (window as unknown as { __receivedData: { url: string; text: string }[] }).__receivedData,
      )
    await page.goto('/login?redirectTo=%2Fprofile')
    await submitLogin(page)
    await expect(page).toHaveURL('/profile')
    await hydrated(page)
    await page.getByRole('link', { name: 'คลับสมาชิก' }).click()
    await expect(page).toHaveURL('/')
    await page.getByRole('main').getByRole('link', { name: 'คาสิโน' }).click()
    await expect(page.locator('h1')).toHaveText('คาสิโน')
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    // Both client-side navigations' data arrived (the focus may add a revalidation).
    await expect.poll(async () => (await receivedData()).length).toBeGreaterThanOrEqual(2)
    bodies.push(...(await receivedData()))
    await page.goto('/lotto/result')
    await Promise.all(pending)

    const session = await openedSession(context)
    expect(session).not.toBeNull()
    const secrets = [session!.accessToken, session!.refreshToken!]
    // Also no part of them: the signature alone would be a leak.
    for (const token of [...secrets]) secrets.push(token.split('.')[2]!)
    expect(bodies.length).toBeGreaterThan(5)
    expect(bodies.some((b) => b.url.includes('.data'))).toBe(true)
    expect(bodies.some((b) => b.url.endsWith('.js'))).toBe(true)
    for (const body of bodies) {
      for (const secret of secrets) expect(body.text, body.url).not.toContain(secret)
    }
    const storage = await page.evaluate(() =>
      JSON.stringify({
        local: { ...localStorage },
        session: { ...sessionStorage },
        cookie: document.cookie,
      }),
    )
    for (const secret of secrets) expect(storage).not.toContain(secret)
    const cookies = await context.cookies()
    for (const cookie of cookies.filter((c) => c.name.startsWith('auth.session'))) {
      expect(cookie.httpOnly).toBe(true)
      for (const secret of secrets) expect(cookie.value).not.toContain(secret)
    }
  })
})

test.describe('security headers', () => {
  test('every document carries a nonce CSP and the hardening headers', async ({ request }) => {
    for (const path of ['/', '/login', '/no-such-page']) {
      const response = await request.get(path)
      const headers = response.headers()
      const csp = headers['content-security-policy'] ?? ''
      const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp)?.[1]
      expect(nonce, `${path}: ${csp}`).toBeTruthy()
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
      expect(scriptSrc).not.toContain('unsafe-inline')
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/)
      expect(headers['permissions-policy']).toContain('camera=()')
      const html = await response.text()
      const scripts = html.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`)
    }
  })

  test('two documents never share a nonce', async ({ request }) => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await request.get('/')).headers()['content-security-policy'] ?? '',
      )?.[1]
    expect(await nonceOf()).not.toBe(await nonceOf())
  })
})

test.describe('cross-site and hostile requests', () => {
  test('a cross-site POST never reaches an action', async ({ request }) => {
    const { cookie } = await sessionCookieHeader('demo')
    await mock.clearCalls()
    // The front door answers a foreign Origin or a cross-site fetch with a Thai 403
    // before Remix's own origin check (docs/decisions/0003, 0031); the guard is
    // the second layer.
    const cases: { headers: Record<string, string>; status: number }[] = [
      { headers: { Origin: 'https://evil.example' }, status: 403 },
      { headers: { Origin: 'null' }, status: 403 },
      { headers: { 'Sec-Fetch-Site': 'cross-site' }, status: 403 },
    ]
    for (const { headers, status } of cases) {
      for (const path of ['/login', '/login.data']) {
        const login = await request.post(path, {
          form: { username: 'demo', password: 'demo1234' },
          headers,
          maxRedirects: 0,
        })
        expect(login.status(), `${path} ${JSON.stringify(headers)}`).toBe(status)
        if (status === 403) expect(await login.text()).toContain('เว็บไซต์อื่น')
        expect(login.headers()['set-cookie'] ?? '').not.toContain('auth.session')
      }
      const logout = await request.post('/logout', {
        form: {},
        headers: { ...headers, Cookie: cookie },
        maxRedirects: 0,
      })
      expect(logout.status()).toBe(403)
      expect(await logout.text()).toContain('เว็บไซต์อื่น')
      expect(logout.headers()['set-cookie'] ?? '').not.toContain('auth.session=;')
    }
    expect(await mock.calls('/auth/login')).toHaveLength(0)
    const sameSite = await request.post('/login', {
      form: { username: 'demo', password: 'demo1234' },
      headers: { Origin: APP_URL },
      maxRedirects: 0,
    })
    expect(sameSite.status()).toBe(302)
    expect(await mock.calls('/auth/login')).toHaveLength(1)
  })

  test('login attempts per username are limited with a Thai 429', async ({ request }) => {
    const username = `guess-${Date.now()}`
    const attempt = () =>
      request.post('/login', {
        form: { username, password: 'wrong' },
        headers: { 'X-Forwarded-For': '203.0.113.9' },
        maxRedirects: 0,
      })
    for (let i = 0; i < 10; i++) expect((await attempt()).status()).toBe(401)
    const limited = await attempt()
    expect(limited.status()).toBe(429)
    expect(await limited.text()).toContain('พยายามเข้าสู่ระบบบ่อยเกินไป')
  })

  test('tampered, forged and foreign cookies are a logged-out visitor, never a 500', async ({
    request,
  }) => {
    const { cookie } = await sessionCookieHeader('demo')
    const value = cookie.slice('auth.session='.length)
    const flipped = value.slice(0, 40) + (value[40] === 'A' ? 'B' : 'A') + value.slice(41)
    const hostile = [
      `auth.session=${flipped}`,
      `auth.session=${value.slice(0, value.length - 10)}`,
      `auth.session=${Buffer.from('{"v":1,"strategy":"local"}').toString('base64url')}`,
      'auth.session=%%%not-base64%%%',
      `auth.session=${'A'.repeat(8192)}`,
      `auth.session.0=${value.slice(0, 50)}; auth.session.1=garbage`,
      `auth.session="${value}x"`,
    ]
    for (const header of hostile) {
      const page = await request.get('/cashback', { headers: { Cookie: header }, maxRedirects: 0 })
      expect(page.status(), header.slice(0, 60)).toBe(302)
      expect(page.headers()['location']).toBe('/login?redirectTo=%2Fcashback')
      expect(page.headers()['set-cookie'] ?? '').toMatch(/auth\.session[.0-9]*=;/)
      const home = await request.get('/', { headers: { Cookie: header } })
      expect(home.status()).toBe(200)
    }
  })

  test('a cookie sealed with another secret is refused', async ({ request }) => {
    const { sealSession } = await import('~/session/cookie.server')
    const { accessToken, refreshToken } = await mock.tokens({ username: 'demo' })
    const foreign = sealSession(
      {
        v: 2,
        sid: 'another-sites-session-id',
        strategy: 'local',
        accessToken,
        refreshToken,
        accessExpiresAt: Date.now() + 60_000,
        refreshExpiresAt: Date.now() + 600_000,
      },
      ['another-secret-of-someone-else-0123456789'],
    )
    const response = await request.get('/profile', {
      headers: { Cookie: `auth.session=${foreign}` },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/login?redirectTo=%2Fprofile')
  })

  test('malformed and 8 KB tokens in a valid cookie end at /login, not a 500', async ({
    request,
  }) => {
    const { sealSession } = await import('~/session/cookie.server')
    const { E2E_SESSION_SECRET } = await import('../../playwright.config')
    for (const accessToken of ['not-a-jwt', 'a.b.c', `${'x'.repeat(8192)}.y.z`]) {
      const sealed = sealSession(
        {
          v: 2,
          sid: 'a-session-id-of-16-chars',
          strategy: 'local',
          accessToken,
          refreshToken: 'also-not-a-jwt',
          accessExpiresAt: null,
          refreshExpiresAt: null,
        },
        [E2E_SESSION_SECRET],
      )
      const cookie =
        sealed.length > 3800
          ? `auth.session.0=${sealed.slice(0, 3800)}; auth.session.1=${sealed.slice(3800)}`
          : `auth.session=${sealed}`
      const response = await request.get('/cashback', {
        headers: { Cookie: cookie },
        maxRedirects: 0,
      })
      expect(response.status(), accessToken.slice(0, 20)).toBe(302)
      expect(response.headers()['location']).toBe('/login?redirectTo=%2Fcashback')
    }
  })

  test('a malformed login post is a Thai form error, not a 500', async ({ request }) => {
    const empty = await request.post('/login', { form: {}, maxRedirects: 0 })
    expect(empty.status()).toBe(400)
    const html = await empty.text()
    expect(html).toContain('กรุณากรอกชื่อผู้ใช้')
    const weird = await request.post('/login', {
      multipart: {
        username: { name: 'u.txt', mimeType: 'text/plain', buffer: Buffer.from('demo') },
        password: 'x',
      },
      maxRedirects: 0,
    })
    expect(weird.status()).toBeLessThan(500)
    const json = await request.post('/login', {
      data: '{"username": "demo"',
      headers: { 'Content-Type': 'application/json' },
      maxRedirects: 0,
    })
    expect(json.status()).toBeLessThan(500)
  })

  test('a backend answering garbage to the login is a Thai error, no session', async ({ page }) => {
    await mock.fail({ path: '/auth/login', mode: 'garbage', status: 500, count: 1 })
    await page.goto('/login')
    await submitLogin(page)
    await expect(page.getByRole('alert')).toContainText('กรุณาลองใหม่')
    expect(await openedSession(page.context())).toBeNull()
  })
})
