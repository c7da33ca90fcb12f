/**
 * The installable app on a phone: the manifest and every image it names
 * (served with their type, decoded by the browser, of their declared size),
 * the iOS home-screen tags and 180 px apple-touch-icon, Chromium's own
 * installability check, and the install offer's rules: never on the first
 * visit, offered after a stake or a deposit, the browser's prompt on a tap,
 * quiet for 30 days after a dismissal, the iOS how-to, never to a watcher.
 * Chromium's `beforeinstallprompt` is dispatched by the test (an Event with
 * the prompt() and userChoice it defines): headless Chromium shows no sheet.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type Locator, type Page } from '@playwright/test'
import { APP_URL } from '../../playwright.config'
import { clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.use({ extraHTTPHeaders: clientAddress(145) })

const OFFER_TITLE = 'ติดตั้งแอปไว้ที่หน้าจอโฮม'
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const DAY_MS = 24 * 60 * 60 * 1000

interface ManifestImage {
  src: string
  sizes: string
  type: string
  purpose?: string
  form_factor?: string
}

test.beforeEach(async () => {
  await mock.reset()
})

/** Fetches `src` in the page and decodes it as an image: its width and height. */
async function decodedSize(page: Page, src: string): Promise<[number, number]> {
  return page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob())
    return [bitmap.width, bitmap.height] as [number, number]
  }, src)
}

test('the manifest parses and every icon and screenshot is served, decodes and has its size', async ({
  page,
}) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const response = await page.request.get(href!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: ManifestImage[]
    screenshots: ManifestImage[]
  }
  expect(manifest).toMatchObject({
    id: '/',
    name: 'คลับสมาชิก',
    short_name: 'สมาชิก',
    lang: 'th',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#070b16',
    background_color: '#070b16',
  })
  expect(String(manifest.description)).toMatch(/[ก-๙]/)

  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png')
  const has = (sizes: string, purpose: string) =>
    pngs.some(
      (icon) => icon.sizes === sizes && (icon.purpose ?? 'any').split(' ').includes(purpose),
    )
  expect(has('192x192', 'any')).toBe(true)
  expect(has('512x512', 'any')).toBe(true)
  expect(pngs.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true)
  expect(manifest.screenshots.length).toBeGreaterThanOrEqual(1)
  expect(manifest.screenshots.every((shot) => shot.form_factor === 'narrow')).toBe(true)

  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    const served = await page.request.get(image.src)
    expect(served.status(), image.src).toBe(200)
    expect(served.headers()['content-type'], image.src).toBe(image.type)
    if (image.sizes === 'any') continue
    const [width, height] = image.sizes.split('x').map(Number)
    expect(await decodedSize(page, image.src), image.src).toEqual([width, height])
  }
})

test('iOS: the home-screen tags fit the dark shell and the apple-touch-icon is 180x180', async ({
  page,
}) => {
  await page.goto('/')
  const meta = (name: string) => page.locator(`meta[name="${name}"]`)
  await expect(meta('apple-mobile-web-app-capable')).toHaveAttribute('content', 'yes')
  await expect(meta('mobile-web-app-capable')).toHaveAttribute('content', 'yes')
  await expect(meta('apple-mobile-web-app-status-bar-style')).toHaveAttribute('content', 'black')
  await expect(meta('apple-mobile-web-app-title')).toHaveAttribute('content', 'สมาชิก')
  await expect(meta('theme-color')).toHaveAttribute('content', '#070b16')
  const icon = page.locator('link[rel="apple-touch-icon"]')
  await expect(icon).toHaveAttribute('sizes', '180x180')
  const href = (await icon.getAttribute('href'))!
  const served = await page.request.get(href)
  expect(served.headers()['content-type']).toBe('image/png')
  expect(await decodedSize(page, href)).toEqual([180, 180])
})

test('Chromium reports no installability errors', async () => {
  // A test context is incognito, where Chromium installs nothing: a profile on disk instead.
  const profile = await mkdtemp(join(tmpdir(), 'install-'))
  const { launchOptions, ...phone } = test.info().project.use
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    viewport: phone.viewport,
    userAgent: phone.userAgent,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: phone.isMobile,
    hasTouch: phone.hasTouch,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(APP_URL)
    await hydrated(page)
    const cdp = await context.newCDPSession(page)
    await expect
      .poll(
        async () =>
          (
            (await cdp.send('Page.getInstallabilityErrors')) as {
              installabilityErrors: { errorId: string }[]
            }
          ).installabilityErrors.map((error) => error.errorId),
        { timeout: 10_000 },
      )
      .toEqual([])
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
})

const offer = (page: Page) => page.getByRole('complementary', { name: OFFER_TITLE })

/** The offer's code has loaded and decided for this page. */
async function offerReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-install-offer', 'ready')
}

/** Chromium's install event as the test defines it: prompt() counts its calls in window.__prompts. */
async function dispatchInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed') {
  await page.evaluate((choice) => {
    const win = window as unknown as { __prompts: number }
    win.__prompts = 0
    const event = new Event('beforeinstallprompt', { cancelable: true })
    Object.assign(event, {
      prompt: () => {
        win.__prompts += 1
        return Promise.resolve()
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    })
    window.dispatchEvent(event)
  }, outcome)
}

const storedOffer = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('install-offer') ?? '{}') as Record<string, unknown>,
  )

/** How many lines the text of `control` takes. */
const lineCount = (control: Locator) =>
  control.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })

async function placeSmallSlip(page: Page) {
  await page.goto('/lotto/stake?lotto=hanoi')
  await hydrated(page)
  for (const label of ['3 ตัวบน', '3 ตัวโต๊ด', '2 ตัวล่าง', 'วิ่งบน', 'วิ่งล่าง']) {
    await page.getByRole('checkbox', { name: new RegExp(`^${label}`) }).uncheck()
  }
  await page.getByRole('checkbox', { name: /^2 ตัวบน/ }).check()
  await page.getByLabel('เลขที่แทง').fill('47')
  await page.getByLabel('ยอดต่อเลข (บาท)').fill('20')
  await page.getByRole('button', { name: 'เพิ่มเลข', exact: true }).click()
  await page.getByRole('button', { name: 'ตรวจสอบและยืนยันโพย', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'ยืนยันการแทง' })
    .getByRole('button', { name: 'ยืนยันแทง' })
    .click()
  await expect(page.getByText(/แทงหวยสำเร็จ โพยเลขที่ \d+/)).toBeVisible()
}

test('the offer: not on the first visit, then after a stake the prompt on a tap, quiet 30 days after a dismissal', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/')
  await offerReady(page)
  await dispatchInstallPrompt(page)
  // Before any stake: nothing, and the first visit is recorded.
  await expect(offer(page)).toHaveCount(0)

  await placeSmallSlip(page)
  await dispatchInstallPrompt(page)
  expect(await storedOffer(page)).toHaveProperty('moneyStepAt')
  // A stake on the first visit: still nothing.
  await expect(offer(page)).toHaveCount(0)

  // The next visit (a new tab session): offered.
  const later = await context.newPage()
  await later.goto('/')
  await offerReady(later)
  await later.setViewportSize({ width: 360, height: 740 })
  await dispatchInstallPrompt(later)
  await expect(offer(later)).toBeVisible()
  // At 360 px no control's words break across lines.
  for (const control of await offer(later).locator('a, button').all()) {
    expect(await lineCount(control), (await control.textContent()) ?? '').toBe(1)
  }
  await expect(offer(later).getByRole('link', { name: 'เปิดการแจ้งเตือน' })).toHaveAttribute(
    'href',
    '/notifications',
  )
  await offer(later).getByRole('button', { name: 'ติดตั้งแอป' }).click()
  await expect
    .poll(() => later.evaluate(() => (window as unknown as { __prompts: number }).__prompts))
    .toBe(1)
  // The member said no in the browser's prompt: gone, and remembered.
  await expect(offer(later)).toHaveCount(0)
  expect(await storedOffer(later)).toHaveProperty('dismissedAt')

  const dismissedDaysAgo = async (days: number) => {
    await later.evaluate(
      ({ ms }) => {
        const state = JSON.parse(localStorage.getItem('install-offer') ?? '{}')
        localStorage.setItem(
          'install-offer',
          JSON.stringify({ ...state, dismissedAt: Date.now() - ms }),
        )
      },
      { ms: days * DAY_MS },
    )
    await later.reload()
    await offerReady(later)
    await dispatchInstallPrompt(later)
  }
  await dismissedDaysAgo(29)
  await expect(offer(later)).toHaveCount(0)
  await dismissedDaysAgo(31)
  await expect(offer(later)).toBeVisible()
  // ไว้ทีหลัง: gone for another 30 days.
  await offer(later).getByRole('button', { name: 'ไว้ทีหลัง' }).click()
  await expect(offer(later)).toHaveCount(0)
  await later.reload()
  await offerReady(later)
  await dispatchInstallPrompt(later)
  await expect(offer(later)).toHaveCount(0)
})

test('the offer after a deposit: not over the payment, offered on the next visit', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/transaction?tab=deposit')
  await hydrated(page)
  await page.getByLabel('จำนวนเงิน (บาท)').fill('300')
  await page.getByRole('radio', { name: /พร้อมเพย์/ }).check()
  await page.getByRole('button', { name: 'ฝากเงิน', exact: true }).click()
  await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
  await offerReady(page)
  await expect.poll(() => storedOffer(page)).toHaveProperty('moneyStepAt')

  const later = await context.newPage()
  await later.goto(page.url())
  await offerReady(later)
  await dispatchInstallPrompt(later)
  // Not over the QR the member is paying with.
  await expect(offer(later)).toHaveCount(0)
  await later
    .getByRole('navigation', { name: 'เมนูด่วน' })
    .getByRole('link', { name: 'หน้าแรก' })
    .click()
  await expect(later).toHaveURL('/')
  await expect(offer(later)).toBeVisible()
})

/** A browser that met the app before and has staked: the next visit qualifies. */
async function seasoned(page: Page) {
  await page.addInitScript(() => {
    if (localStorage.getItem('install-offer')) return
    localStorage.setItem(
      'install-offer',
      JSON.stringify({ firstVisit: 'an-earlier-visit', moneyStepAt: Date.now() - 60_000 }),
    )
  })
}

test.describe('on an iPhone', () => {
  test.use({ userAgent: IPHONE_UA })

  test('the offer is the Thai how-to, with notifications on iOS 16.4+', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await seasoned(page)
    await page.goto('/')
    await offerReady(page)
    const sheet = offer(page)
    await expect(sheet).toBeVisible()
    await expect(sheet).toContainText('แตะ แชร์ แล้ว เพิ่มไปยังหน้าจอโฮม')
    await expect(sheet).toContainText('iOS 16.4')
    await expect(sheet.getByRole('button', { name: 'ติดตั้งแอป' })).toHaveCount(0)
    await sheet.getByRole('link', { name: 'เปิดการแจ้งเตือน' }).click()
    await expect(page).toHaveURL('/notifications')
    await expect(offer(page)).toHaveCount(0)
  })
})

test('never to support watching a member', async ({ page, context }) => {
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  await seasoned(page)
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-install-offer', 'off')
  await dispatchInstallPrompt(page)
  await expect(offer(page)).toHaveCount(0)
})

test('in the home-screen app: LINE login returns, a game leaves and comes back, no offer', async ({
  page,
}) => {
  // What the installed app reports: headless Chromium has no app window (nor
  // an emulation of display-mode), so the page is told as the app would be.
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window)
    window.matchMedia = (query: string) =>
      /display-mode:\s*standalone/.test(query)
        ? ({ ...real(query), matches: true, media: query } as MediaQueryList)
        : real(query)
  })
  await seasoned(page)
  await page.goto('/login?redirectTo=%2Flotto')
  await hydrated(page)
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
  // LINE's authorize page is outside the scope; its return, /line/callback, inside.
  await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click()
  await expect(page.getByRole('heading', { name: 'อนุญาตให้เข้าสู่ระบบด้วย LINE' })).toBeVisible()
  await page.getByRole('button', { name: 'อนุญาต' }).click()
  await expect(page).toHaveURL('/lotto')
  await expect(page.getByText('สมหญิง รักไทย').first()).toBeVisible()
  await offerReady(page)
  await dispatchInstallPrompt(page)
  // Already installed: no offer, though this browser qualifies.
  await expect(offer(page)).toHaveCount(0)

  // A game leaves the app's scope and Back comes home to the lobby.
  await page.goto('/slot?q=mahjong')
  await hydrated(page)
  await page
    .getByRole('link', { name: /Mahjong Ways 2/ })
    .first()
    .click()
  await page.waitForURL((url) => url.pathname === '/play')
  await page.goBack()
  await expect(page).toHaveURL('/slot?q=mahjong')
  await expect(page.locator('h1')).toHaveText('สล็อต')
})
