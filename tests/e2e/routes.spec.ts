import { expect, test } from '@playwright/test'
import { PAGES, type PageInfo } from '~/lib/pages'
import { loginAs } from './support/session'

const pages = Object.values(PAGES as Record<string, PageInfo>)

/** The optional-id pages, each with and without an id. */
const ID_PAGES = ['/lotto/stake-set', '/order', '/order/payment']

test.describe('every route answers (logged out)', () => {
  for (const page of pages) {
    const urls = ID_PAGES.includes(page.path) ? [page.path, `${page.path}/42`] : [page.path]
    for (const url of urls) {
      test(`${url} (${page.access})`, async ({ request }) => {
        const response = await request.get(url, { maxRedirects: 0 })
        if (page.access === 'member') {
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
  test('/no-such-page is a 404 with a link home', async ({ page, request }) => {
    const response = await request.get('/no-such-page')
    expect(response.status()).toBe(404)
    await page.goto('/no-such-page')
    await expect(page.locator('h1')).toHaveText('This page could not be found')
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'กลับหน้าแรก' })).toHaveAttribute('href', '/')
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
      await expect(page.locator('h1')).toHaveText('This page could not be found')
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
    await expect(page.locator('h1')).toHaveText('This page could not be found')
    await expect(page.getByTestId('request-id')).toHaveText(id!)
  })
})

test('GET /healthz', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok', version: '1.1.12', commit: 'production' })
})
