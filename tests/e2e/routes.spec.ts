import { expect, test, type Page } from '@playwright/test'
import { PAGES, type PageInfo } from '~/lib/pages'
import { loginAs } from './support/session'

/**
 * The 404 page: Thai first (its title), then the spec's English message,
 * inside the member shell with its navigation, and a link home.
 */
async function expectNotFoundPage(page: Page) {
  await expect(page.locator('h1')).toHaveText('ไม่พบหน้าที่คุณต้องการ')
  await expect(page.getByTestId('error-message')).toHaveText('This page could not be found')
  await expect(page.getByTestId('error-message')).toHaveAttribute('lang', 'en')
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'กลับหน้าแรก' })).toHaveAttribute(
    'href',
    '/',
  )
  await expect(page.getByRole('banner').getByRole('link', { name: 'คลับสมาชิก' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'เมนูด่วน' })).toBeVisible()
  await expect(page.getByLabel('เมนู', { exact: true })).toBeVisible()
}

const pages = Object.values(PAGES as Record<string, PageInfo>)

/** The optional-id pages, each with and without an id. */
const ID_PAGES = ['/lotto/stake-set', '/order', '/order/payment', '/staff/members']

test.describe('every route answers (logged out)', () => {
  for (const page of pages) {
    const urls = ID_PAGES.includes(page.path) ? [page.path, `${page.path}/42`] : [page.path]
    for (const url of urls) {
      test(`${url} (${page.access})`, async ({ request }) => {
        const response = await request.get(url, { maxRedirects: 0 })
        if (url === '/watcher') {
          // A backend with staff accounts (the demo's): a token watch is a staff person's (decision 0156).
          expect(response.status()).toBe(302)
          expect(response.headers()['location']).toBe('/staff/login?redirectTo=%2Fwatcher')
        } else if (page.access === 'staff' || page.access === 'supervisor') {
          // The console's pages send nobody to the staff login, never the member's.
          expect(response.status()).toBe(302)
          expect(response.headers()['location']).toBe(
            `/staff/login?redirectTo=${encodeURIComponent(url)}`,
          )
        } else if (page.access === 'member') {
          expect(response.status()).toBe(302)
          expect(response.headers()['location']).toBe(
            `/login?redirectTo=${encodeURIComponent(url)}`,
          )
        } else {
          expect(response.status()).toBe(200)
          const html = await response.text()
          expect(html).toContain('<html lang="th"')
          expect(html).toContain(`<h1`)
          expect(html).toContain(page.title)
        }
      })
    }
  }
})

// Every page rendered in a browser (title, h1, no script error, 360 px):
// a11y-walk.spec.ts walks them all, as a visitor and as a member.

test.describe('404', () => {
  // An unknown URL, game provider or news item, for a visitor and a member.
  for (const as of ['visitor', 'member'] as const) {
    for (const url of ['/no-such-page', '/games/lobby?provider=nope', '/news/nope', '/a/b/c']) {
      test(`${url} is a 404 in the shell, Thai first, with a link home (${as})`, async ({
        page,
        context,
      }) => {
        if (as === 'member') await loginAs(context)
        const response = await page.goto(url)
        expect(response?.status()).toBe(404)
        await expectNotFoundPage(page)
        await expect(page.getByTestId('balance')).toHaveCount(as === 'member' ? 1 : 0)
        await expect(page).toHaveTitle(/^ไม่พบหน้าที่คุณต้องการ/)
      })
    }
  }

  test('a post to an unknown URL is the same 404', async ({ request }) => {
    const response = await request.post('/no-such-page', { form: { a: '1' } })
    expect(response.status()).toBe(404)
  })

  // Route checks run before a page's validity check (as in the original):
  // a guest is sent to /login first, a member sees the 404.
  for (const url of ['/order/abc', '/lotto/stake-set/x', '/order/payment/1.5', '/order/0']) {
    test(`${url} is a 404 for a member, a login redirect for a guest`, async ({
      page,
      context,
      request,
    }) => {
      const guest = await request.get(url, { maxRedirects: 0 })
      expect(guest.status()).toBe(302)
      await loginAs(context)
      const response = await page.goto(url)
      expect(response?.status()).toBe(404)
      await expectNotFoundPage(page)
      await expect(page.getByText('404', { exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: 'กลับหน้าแรก' })).toHaveAttribute('href', '/')
    })
  }

  test('the error page quotes the request id sent as X-Request-Id', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    const id = response?.headers()['x-request-id']
    expect(id).toMatch(/^[a-z0-9]{8}$/)
    await expect(page.getByTestId('request-id')).toHaveText(id!)
  })

  test('after a client-side navigation the error page quotes that data request id', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    await page.goto('/lotto/result')
    await page.waitForFunction(() => '__remixRouter' in window)
    const dataResponse = page.waitForResponse((r) => r.url().includes('/order/abc.data'))
    // Navigate inside the app, as a Link would (no document request).
    await page.evaluate(() =>
      (
        window as unknown as { __remixRouter: { navigate(to: string): void } }
      ).__remixRouter.navigate('/order/abc'),
    )
    const id = (await dataResponse).headers()['x-request-id']
    expect(id).toMatch(/^[a-z0-9]{8}$/)
    await expectNotFoundPage(page)
    await expect(page.getByTestId('request-id')).toHaveText(id!)
  })
})

test('GET /healthz', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok', version: '1.1.12', commit: 'production' })
})
