/**
 * A backend whose tokens are 3 KB each (identity providers with roles and
 * claims, the demo backend's `tokenPadding`): the tokens live in the shared
 * store and the browser keeps a reference of about 100 bytes
 * (docs/decisions/0134-large-tokens-in-the-shared-store.md). A member logs
 * in, browses with slips on every lotto type, survives an access-token
 * refresh and logs out, and the Cookie header stays under 4 KB throughout.
 */
import { expect, test, type Page } from '@playwright/test'
import { readSessionCookie } from '~/session/cookie.server'
import { E2E_SESSION_SECRET } from '../../playwright.config'
import { DEMO, loginThroughForm, sessionCookies, storedSessionCookie } from './support/login'
import { mock } from './support/mock'
import { STAFF, staffLoginThroughForm } from './support/staff'

/** About 3 KB per token: the demo backend adds this many bytes of claims to each. */
const TOKEN_PADDING = 2800
const COOKIE_HEADER_BUDGET = 4096
/** The demo backend's lotto types (tests/mock-backend/lotto-catalog.ts). */
const LOTTO_TYPES = ['thai', 'lao', 'hanoi', 'nikkei', 'yeekee']

test.beforeEach(async () => {
  await mock.reset()
  await mock.config({ tokenPadding: TOKEN_PADDING, accessTtlSeconds: 60 })
})

/** Every Cookie header the browser sends to the app, as it sends it. */
function cookieHeaders(page: Page): number[] {
  const sizes: number[] = []
  page.on('request', (request) => {
    // A request still under way when the test ends (a live stream) has no headers to read then.
    void request.headerValue('cookie').then(
      (value) => {
        if (value) sizes.push(new TextEncoder().encode(`Cookie: ${value}`).length)
      },
      () => undefined,
    )
  })
  return sizes
}

test('3 KB tokens: a member logs in, browses, survives a refresh, logs out; the Cookie header stays under 4 KB', async ({
  page,
  context,
}) => {
  const sent = cookieHeaders(page)
  await loginThroughForm(page)

  // The cookie holds a sealed reference, never the tokens.
  const read = await storedSessionCookie(context)
  expect(read.payload).toBeNull()
  expect(read.ref).toMatch(/^[\w-]{22}$/)
  const [login] = await mock.calls('/auth/login')
  expect(login).toBeTruthy()
  const profiles = await mock.calls('/user/profile')
  const firstToken = profiles.at(-1)?.authorization ?? ''
  expect(firstToken.length).toBeGreaterThan(3000)

  // A slip on every lotto type (one small cookie however many there are).
  for (const lotto of LOTTO_TYPES) {
    const answer = await page.request.post(`/lotto/stake?lotto=${lotto}`, {
      form: { intent: 'add', kind: 'threeTop', number: '582', amount: '10' },
      maxRedirects: 0,
    })
    expect(answer.status(), lotto).toBeLessThan(400)
  }
  for (const lotto of LOTTO_TYPES) {
    await page.goto(`/lotto/stake?lotto=${lotto}`)
    await expect(page.getByTestId('slip-line'), lotto).toHaveCount(1)
  }

  // The backend's clock passes the access token's expiry: one refresh, the member stays in.
  await mock.clockAhead(120_000)
  await mock.clearCalls()
  await page.goto('/profile')
  await expect(page.locator('h1')).toHaveText('โปรไฟล์')
  await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
  expect(await mock.calls('/auth/refresh')).toHaveLength(1)
  // The same reference: the stored entry was rewritten with the new tokens.
  expect(readSessionCookie(await sessionCookies(context), [E2E_SESSION_SECRET]).ref).toBe(read.ref)
  const renewed = (await mock.calls('/user/profile')).at(-1)?.authorization
  expect(renewed).not.toBe(firstToken)

  // The next page uses the stored new tokens: no second refresh.
  await mock.clearCalls()
  await page.goto('/cashback')
  await expect(page.locator('h1')).toHaveText('คืนยอดเสีย')
  expect(await mock.calls('/auth/refresh')).toHaveLength(0)
  expect((await mock.calls('/user/profile')).at(-1)?.authorization).toBe(renewed)

  // Logout: the entry goes, a copy of the cookie is a visitor.
  const saved = await sessionCookies(context)
  await page.evaluate(async () => {
    await fetch('/logout', { method: 'POST', body: new URLSearchParams({ from: '/cashback' }) })
  })
  await expect.poll(() => sessionCookies(context)).toBe('')
  const replayed = await page.request.get('/cashback', {
    headers: { Cookie: saved },
    maxRedirects: 0,
  })
  expect(replayed.status()).toBe(302)

  expect(sent.length).toBeGreaterThan(5)
  const largest = Math.max(...sent)
  console.info(
    `Cookie header with 3 KB tokens: at most ${largest} bytes over ${sent.length} requests`,
  )
  expect(largest).toBeLessThan(COOKIE_HEADER_BUDGET)
})

for (const padding of [TOKEN_PADDING, 8000]) {
  test(`${padding}-byte staff tokens: staff log in, work through a refresh, log out`, async ({
    page,
    context,
  }) => {
    await mock.config({ tokenPadding: padding })
    const sent = cookieHeaders(page)
    await staffLoginThroughForm(page)
    await expect(page).toHaveURL(/\/staff$/)
    await expect(page.locator('header').getByText(STAFF.support.displayName)).toBeVisible()
    const staffCookie = async () =>
      (await context.cookies()).find((c) => c.name === 'auth.staff')?.value ?? ''
    const first = await staffCookie()
    // A sealed reference: the tokens are in the shared store.
    expect(first.length).toBeGreaterThan(0)
    expect(first.length).toBeLessThan(256)

    // The backend's clock passes the staff access token's expiry: one refresh, still in.
    await mock.clockAhead(120_000)
    await mock.clearCalls()
    await page.goto('/staff?q=demo')
    await expect(page.getByRole('link', { name: 'demo', exact: true })).toBeVisible()
    expect(await mock.calls('/staff/auth/refresh')).toHaveLength(1)
    await mock.clearCalls()
    await page.goto('/staff/members/1001')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('demo')
    expect(await mock.calls('/staff/auth/refresh')).toHaveLength(0)

    // Logout: the cookie goes, and a copy of it is no staff session.
    const saved = `auth.staff=${await staffCookie()}`
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click()
    await expect(page).toHaveURL(/\/staff\/login$/)
    expect(await staffCookie()).toBe('')
    const replayed = await page.request.get('/staff', {
      headers: { Cookie: saved },
      maxRedirects: 0,
    })
    expect(replayed.status()).toBe(302)
    expect(replayed.headers()['location']).toMatch(/^\/staff\/login/)
    expect(Math.max(...sent)).toBeLessThan(COOKIE_HEADER_BUDGET)
  })
}

test('a login clears the guest forms left half-way: they never add to a member’s Cookie header', async ({
  page,
  context,
}) => {
  await page.goto('/forget')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0812345678')
  await page.getByRole('button', { name: 'ขอรหัส OTP' }).click()
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === 'forget.progress'))
    .toBe(true)
  await loginThroughForm(page)
  const names = (await context.cookies()).map((c) => c.name)
  expect(names).toContain('auth.session')
  expect(names).not.toContain('forget.progress')
})
