/**
 * /notifications on a phone: opening it marks everything read (the bell goes
 * quiet), and the items that were unread when the page opened keep a "ใหม่"
 * marker for this visit, with and without JavaScript; the next visit shows
 * none.
 */
import { expect, test, type Page } from '@playwright/test'
import { APP_URL } from '../../playwright.config'
import { clientAddress, hydrated } from './support/accounts'
import { mock, HANOI_WIN_EVENT } from './support/mock'
import { loginAs } from './support/session'

test.use({ extraHTTPHeaders: clientAddress(98) })

test.beforeEach(async () => {
  await mock.reset()
})

const items = (page: Page) => page.getByTestId('notification')
const NEW_MARK = 'ใหม่'

async function twoNewEvents() {
  // Whatever the seed holds is read first: only these two are new on the visit.
  await mock.raiseEvent('demo', { type: 'cashback', amount: 12 })
  await mock.raiseEvent('demo', HANOI_WIN_EVENT)
}

test('the items new on this visit keep their "ใหม่" marker once read', async ({ page, context }) => {
  await loginAs(context, 'demo')
  // An earlier visit read everything there was.
  await page.goto('/notifications')
  await hydrated(page)
  await page.reload()
  await hydrated(page)
  await expect(items(page).getByText(NEW_MARK, { exact: true })).toHaveCount(0)

  await twoNewEvents()
  await page.goto('/notifications')
  await hydrated(page)
  // Read once shown: the bell goes quiet ...
  await expect(page.getByRole('link', { name: 'การแจ้งเตือน', exact: true })).toBeVisible()
  await expect(items(page).first()).toHaveAttribute('data-read', 'true')
  // ... and the two that were new still say so, the older ones do not.
  await expect(items(page).nth(0).getByText(NEW_MARK, { exact: true })).toBeVisible()
  await expect(items(page).nth(1).getByText(NEW_MARK, { exact: true })).toBeVisible()
  await expect(items(page).getByText(NEW_MARK, { exact: true })).toHaveCount(2)

  // The next visit: nothing is new.
  await page.reload()
  await hydrated(page)
  await expect(items(page).first()).toHaveAttribute('data-read', 'true')
  await expect(items(page).getByText(NEW_MARK, { exact: true })).toHaveCount(0)
})

test('without JavaScript the new items are marked, and stay marked after "อ่านทั้งหมดแล้ว"', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: clientAddress(98),
  })
  await loginAs(context, 'demo')
  const page = await context.newPage()
  // An earlier visit read whatever the seed left unread.
  await page.goto('/notifications')
  const readAll = page.getByRole('button', { name: 'อ่านทั้งหมดแล้ว' })
  if (await readAll.isVisible()) await readAll.click()
  await page.goto('/notifications')
  await expect(readAll).toHaveCount(0)
  await expect(items(page).getByText(NEW_MARK, { exact: true })).toHaveCount(0)

  await twoNewEvents()
  await page.goto('/notifications')
  await expect(items(page).getByText(NEW_MARK, { exact: true })).toHaveCount(2)
  await page.getByRole('button', { name: 'อ่านทั้งหมดแล้ว' }).click()
  await expect(page.getByRole('button', { name: 'อ่านทั้งหมดแล้ว' })).toHaveCount(0)
  await expect(items(page).first()).toHaveAttribute('data-read', 'true')
  await expect(items(page).getByText(NEW_MARK, { exact: true })).toHaveCount(2)
  await context.close()
})

/** NOTIFICATIONS_READ_LIMIT (routes/_default.notifications/page.server.ts): 30 read posts a minute. */
const READ_LIMIT = { limit: 30, windowSeconds: 60 }

test('read posts past the limit: a 429 that says when to try again, as data and as a document', async ({
  page,
  context,
}) => {
  // A member no other test posts for: the limit's count is the app server's, by member.
  await loginAs(context, 'somying')
  const origin = { Origin: APP_URL }
  const post = (path: string) =>
    page.request.post(path, { form: { upTo: '1' }, headers: origin, maxRedirects: 0 })
  const statuses: number[] = []
  for (let i = 0; i < READ_LIMIT.limit; i++) {
    statuses.push((await post('/notifications.data')).status())
  }
  expect(statuses).toEqual(Array(READ_LIMIT.limit).fill(200))
  for (const path of ['/notifications.data', '/notifications']) {
    const refused = await post(path)
    expect(refused.status(), path).toBe(429)
    const retryAfter = Number(refused.headers()['retry-after'])
    expect(retryAfter, path).toBeGreaterThan(0)
    expect(retryAfter, path).toBeLessThanOrEqual(READ_LIMIT.windowSeconds)
  }
})

test('the push panel keeps its place while it checks this device: nothing below it moves', async ({
  page,
  context,
}) => {
  // A phone whose browser has not been asked yet (headless Chromium answers
  // "denied"): the panel's button, as most members see it.
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'default' })
  })
  await loginAs(context, 'demo')
  await page.goto('/notifications')
  await hydrated(page)
  // The check is done: the panel shows this device's state.
  await expect(
    page.getByTestId('push-panel').getByRole('button', { name: 'เปิดการแจ้งเตือน' }),
  ).toBeVisible()
  // Every shift since the page began (buffered) and in the next 500 ms, in however many
  // deliveries, and those not delivered yet (takeRecords): none at all, nothing moved.
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0
        const add = (entries: PerformanceEntryList) => {
          for (const entry of entries as unknown as { value: number }[]) sum += entry.value
        }
        const observer = new PerformanceObserver((list) => add(list.getEntries()))
        observer.observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => {
          add(observer.takeRecords())
          observer.disconnect()
          resolve(sum)
        }, 500)
      }),
  )
  expect(shifted).toBe(0)
})
