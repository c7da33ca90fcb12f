/**
 * Honest when offline (issue 27, docs/decisions/0143): the app's service
 * worker registers once the page is interactive and controls it, keeps the
 * build's hashed files and the Thai offline page and never a member's page;
 * with the network cut a navigation shows the offline page, the open page
 * says it is offline and holds its money form, and both come back with the
 * network; a new release takes over.
 */
import { expect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { hydrated } from './support/accounts'
import { startAppServer, type AppServer } from './support/app-server'
import { freePort } from './support/ports'
import { loginAs } from './support/session'
import { logOutThroughMenu } from './support/login'

// The service worker is what these tests are about (the e2e default blocks it).
test.use({ serviceWorkers: 'allow' })

/** Waits until the app's worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

/** What the worker that controls the page says of itself (empty while none does, or it is replaced). */
async function workerRelease(page: Page): Promise<{ release: string; cache: string }> {
  return page.evaluate(
    () =>
      new Promise<{ release: string; cache: string }>((resolve) => {
        const worker = navigator.serviceWorker.controller
        if (!worker) return resolve({ release: '', cache: '' })
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(event.data)
        worker.postMessage({ type: 'release' }, [channel.port2])
        // A worker that a newer one has just replaced never answers: ask again.
        setTimeout(() => resolve({ release: '', cache: '' }), 1000)
      }),
  )
}

/**
 * Notes the worker that controls the page now, for `replacedWorker`.
 */
async function noteWorker(page: Page): Promise<void> {
  await page.evaluate(() =>
    Object.assign(window, { notedWorker: navigator.serviceWorker.controller }),
  )
}

/**
 * Another worker than the noted one controls the page, and none waits or
 * installs. It asks the registration, not the workers: a message to the
 * old worker while the new one waits to activate restarts the old one (the
 * browser stops it to hand over), and a poll of messages held the handover
 * off for good about one time in ten.
 */
async function replacedWorker(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    const controller = navigator.serviceWorker.controller
    const noted = (window as unknown as { notedWorker: ServiceWorker | null }).notedWorker
    return (
      controller !== null &&
      controller !== noted &&
      registration?.waiting === null &&
      registration?.installing === null
    )
  })
}

/** A new worker installs and activates in the browser: more than a page's assertion takes. */
const TAKEOVER = { timeout: 15_000 }

/** Every URL path kept in the origin's caches. */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname)
    }
    return paths
  })
}

test('the worker registers after the page is interactive, is never cached, and controls the page', async ({
  page,
  request,
}) => {
  // When the page registers the worker: the document's state and the time since its load.
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register
    ServiceWorkerContainer.prototype.register = function (...args) {
      const [timing] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      Object.assign(window, {
        registeredWhen: {
          readyState: document.readyState,
          hydrated: document.documentElement.dataset.hydrated ?? null,
          afterLoad: timing ? performance.now() - timing.loadEventEnd : -1,
        },
      })
      return register.apply(this, args)
    }
  })
  await page.goto('/')
  await hydrated(page)
  await controlled(page)
  const when = await page.evaluate(
    () => (window as unknown as { registeredWhen: unknown }).registeredWhen,
  )
  expect(when).toMatchObject({ readyState: 'complete', hydrated: 'true' })
  expect((when as { afterLoad: number }).afterLoad).toBeGreaterThanOrEqual(0)
  const scope = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.scope,
  )
  expect(scope).toBe(new URL('/', page.url()).href)

  const worker = await request.get('/sw.js')
  expect(worker.status()).toBe(200)
  expect(worker.headers()['cache-control']).toBe('no-cache')
  expect(worker.headers()['content-type']).toContain('javascript')
  // The server's release comes first: the worker says it.
  const { release } = await workerRelease(page)
  expect(await worker.text()).toContain(`self.APP_RELEASE=${JSON.stringify(release)};`)
})

test('the build files come from the worker cache, and a member page never goes in a cache', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/coupon')
  await hydrated(page)
  await controlled(page)
  // Loaded again under the worker: the build's scripts come from its cache.
  const fromWorker: boolean[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/build/') && r.url().endsWith('.js'))
      fromWorker.push(r.fromServiceWorker())
  })
  await page.reload()
  await hydrated(page)
  expect(fromWorker.length).toBeGreaterThan(0)
  expect(fromWorker.every(Boolean)).toBe(true)
  // Visit a few member pages: nothing but build files and the offline page is kept.
  for (const path of ['/transaction', '/profile', '/coupon']) {
    await page.goto(path)
    await hydrated(page)
  }
  const kept = await cachedPaths(page)
  expect(kept).toContain('/offline.html')
  expect(kept.some((path) => path.startsWith('/build/'))).toBe(true)
  expect(kept.filter((path) => path !== '/offline.html' && !path.startsWith('/build/'))).toEqual([])
  await expect(page.getByTestId('balance')).toBeVisible()

  // Logged out: back and a new tab show no member data, they go to /login.
  await logOutThroughMenu(page)
  await expect(page).toHaveURL('/login')
  await page.goBack()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByTestId('balance')).toHaveCount(0)
  const tab = await context.newPage()
  await tab.goto('/coupon')
  await expect(tab).toHaveURL(/\/login/)
  await expect(tab.getByTestId('balance')).toHaveCount(0)
})

test('offline, a navigation shows the Thai offline page, and its retry loads the page once back', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/')
  await hydrated(page)
  await controlled(page)
  await context.setOffline(true)
  const answer = await page.goto('/coupon')
  expect(answer?.status()).toBe(503)
  await expect(page.getByRole('heading', { name: 'ออฟไลน์อยู่' })).toBeVisible()
  const retry = page.getByRole('link', { name: 'ลองอีกครั้ง' })
  await expect(retry).toBeVisible()
  await expect(page).toHaveURL('/coupon')
  // Offline, the retry answers the same page again.
  await retry.click()
  await expect(page.getByRole('heading', { name: 'ออฟไลน์อยู่' })).toBeVisible()
  await context.setOffline(false)
  await retry.click()
  await hydrated(page)
  await expect(page.getByRole('button', { name: 'ใช้คูปอง', exact: true })).toBeVisible()
  await expect(page.getByTestId('balance')).toBeVisible()
})

test('the open page says it is offline, holds its money form, and resumes with the network', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/coupon')
  await hydrated(page)
  await expect(page.locator('header[data-live="open"]')).toBeVisible()
  const submit = page.getByRole('button', { name: 'ใช้คูปอง', exact: true })
  await expect(submit).toBeEnabled()

  await context.setOffline(true)
  await expect(page.getByText('ออฟไลน์อยู่ — ข้อมูลอาจไม่เป็นปัจจุบัน')).toBeVisible()
  await expect(submit).toBeDisabled()
  // The stream is down while there is no network.
  await expect(page.locator('header[data-live="open"]')).toHaveCount(0)
  const reason = page.getByText('ออฟไลน์อยู่ จึงยังทำรายการนี้ไม่ได้', { exact: false })
  await expect(reason).toBeVisible()
  await expect(submit).toHaveAccessibleDescription(/ออฟไลน์อยู่/)
  // Enter in the field sends nothing either.
  let posted = 0
  page.on('request', (r) => {
    if (r.method() === 'POST') posted += 1
  })
  await page.getByLabel('รหัสคูปอง').fill('WELCOME100')
  await page.getByLabel('รหัสคูปอง').press('Enter')
  await expect(submit).toBeDisabled()

  // Back online: the banner goes, the form comes back, the page's data and the stream resume.
  const revalidated = page.waitForRequest((r) => r.url().includes('.data'))
  const stream = page.waitForRequest((r) => new URL(r.url()).pathname === '/events')
  await context.setOffline(false)
  await expect(page.getByText('ออฟไลน์อยู่ — ข้อมูลอาจไม่เป็นปัจจุบัน')).toHaveCount(0)
  await expect(submit).toBeEnabled()
  await expect(reason).toHaveCount(0)
  await revalidated
  await stream
  await expect(page.locator('header[data-live="open"]')).toBeVisible()
  expect(posted).toBe(0)
})

test('the bet slip: offline, ยืนยันแทง waits with the reason; back online it can be sent', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/lotto/stake?lotto=hanoi')
  await hydrated(page)
  for (const label of ['3 ตัวบน', '3 ตัวโต๊ด', '2 ตัวบน', '2 ตัวล่าง', 'วิ่งบน', 'วิ่งล่าง']) {
    const box = page.getByRole('checkbox', { name: new RegExp(`^${label}`) })
    if (label === '2 ตัวบน') await box.check()
    else await box.uncheck()
  }
  await page.getByLabel('เลขที่แทง').fill('47')
  await page.getByLabel('ยอดต่อเลข (บาท)').fill('20')
  await page.getByRole('button', { name: 'เพิ่มเลข', exact: true }).click()
  await page.getByRole('button', { name: 'ตรวจสอบและยืนยันโพย', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'ยืนยันการแทง' })
  const place = dialog.getByRole('button', { name: 'ยืนยันแทง' })
  await expect(place).toBeEnabled()

  await context.setOffline(true)
  await expect(place).toBeDisabled()
  await expect(place).toHaveAccessibleDescription(/ออฟไลน์อยู่/)
  await expect(dialog.getByText('ออฟไลน์อยู่ จึงยังทำรายการนี้ไม่ได้', { exact: false })).toBeVisible()
  // Back online the page's data is loaded again (the review is asked for again, as
  // after a return to the tab), and the slip goes through.
  const revalidated = page.waitForResponse((r) => r.url().includes('.data'))
  await context.setOffline(false)
  await revalidated
  await page.getByRole('button', { name: 'ตรวจสอบและยืนยันโพย', exact: true }).click()
  await expect(place).toBeEnabled()
  await place.click()
  await expect(page.getByText(/แทงหวยสำเร็จ โพยเลขที่ \d+/)).toBeVisible()
})

test.describe('a new release', () => {
  let server: AppServer | undefined
  let port = 0

  test.afterEach(async () => {
    await server?.stop()
  })

  test('takes over: a new worker, old caches gone, and the old page reloads at its next navigation', async ({
    page,
  }) => {
    port = await freePort()
    const app = `http://127.0.0.1:${port}`
    server = await startAppServer(port, { BACKEND_URL: MOCK_URL, APP_COMMIT: 'deploy-one' })
    await page.goto(`${app}/login`)
    await hydrated(page)
    await controlled(page)
    const first = await workerRelease(page)
    expect(first.release).toMatch(/\.deploy-one$/)
    // A cache an older build left behind.
    await page.evaluate(async () => {
      const cache = await caches.open('app-build-older')
      await cache.put('/build/older.js', new Response('old'))
    })
    await page.evaluate(() => Object.assign(window, { oldPage: true }))
    await noteWorker(page)

    // The deploy: another release on the same address.
    await server.stop()
    server = await startAppServer(port, { BACKEND_URL: MOCK_URL, APP_COMMIT: 'deploy-two' })

    // A navigation inside the app reaches the new server: the page learns it is old code.
    await page
      .getByRole('link', { name: /สมัครสมาชิก/ })
      .first()
      .click()
    await expect(page.locator('html')).toHaveAttribute('data-release', 'stale', TAKEOVER)
    // The new worker takes over and drops the older build's cache.
    await expect.poll(() => replacedWorker(page), TAKEOVER).toBe(true)
    expect((await workerRelease(page)).release).toMatch(/\.deploy-two$/)
    await expect
      .poll(async () => page.evaluate(() => caches.keys()), TAKEOVER)
      .not.toContain('app-build-older')
    // The next navigation is a whole new document from the new server.
    await page
      .getByRole('link', { name: /เข้าสู่ระบบ/ })
      .first()
      .click()
    await expect(page).toHaveURL(`${app}/login`)
    await hydrated(page)
    expect(await page.evaluate(() => 'oldPage' in window)).toBe(false)
    await expect(page.locator('html')).not.toHaveAttribute('data-release', 'stale')
  })
})
