/**
 * The home page `/`: the banner carousel (server-rendered first banner,
 * swiper only after the page is interactive, buttons, keys, reduced motion),
 * visitors' and members' parts, a content backend failure, and the page's
 * fit and accessibility on a phone.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { hydrated } from './support/accounts'
import { startAppServer, type AppServer } from './support/app-server'
import { mock } from './support/mock'
import { freePort } from './support/ports'
import { loginAs } from './support/session'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async () => {
  await mock.reset()
})

const carousel = (page: Page) => page.getByRole('region', { name: 'แบนเนอร์' })
const slides = (page: Page) => carousel(page).getByRole('group')

/** swiper has loaded and taken over the strip. */
async function carouselReady(page: Page) {
  await hydrated(page)
  await expect(carousel(page)).toHaveAttribute('data-carousel', 'ready', { timeout: 10_000 })
}

/** The aria-label ("2 จาก 4") of the one slide a member can reach now (the others are inert). */
function shownSlide(page: Page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('.swiper-slide')].filter(
      (slide) => !slide.inert,
    )
    return shown.map((slide) => slide.getAttribute('aria-label'))
  })
}

/** The slide whose box sits on the carousel's box (what the eye sees). */
function slideInView(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('.swiper')!.getBoundingClientRect()
    const slide = [...document.querySelectorAll('.swiper-slide')].find(
      (s) => Math.abs(s.getBoundingClientRect().left - box.left) < 2,
    )
    return slide?.getAttribute('aria-label') ?? null
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the server sends the first banner as the page main picture, and the whole page', async ({
    page,
  }) => {
    await page.goto('/')
    const first = slides(page).first().getByRole('img')
    await expect(first).toBeVisible()
    await expect(first).toHaveAttribute('alt', /^โบนัสสมาชิกใหม่ 100%/)
    await expect(first).toHaveAttribute('loading', 'eager')
    await expect(first).toHaveAttribute('fetchpriority', 'high')
    await expect(first).toHaveAttribute('width', '608')
    await expect(first).toHaveAttribute('height', '304')
    await expect(first).toHaveAttribute('srcset', /\/img\/banners\/welcome-bonus\.svg\?w=720 720w/)
    // The others wait their turn.
    await expect(slides(page).nth(1).getByRole('img')).toHaveAttribute('loading', 'lazy')
    expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1)
    // The rest of the page is there without a script.
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'เข้าสู่ระบบ', exact: true })).toHaveAttribute(
      'href',
      '/login',
    )
    await expect(main.getByRole('link', { name: 'สมัครสมาชิก', exact: true })).toHaveAttribute(
      'href',
      '/register',
    )
    await expect(page.getByRole('heading', { name: 'โปรโมชั่นแนะนำ' })).toBeVisible()
    await expect(page.getByText('แนะนำเพื่อนรับค่าคอมมิชชัน').first()).toBeVisible()
    // News opens in place.
    const news = page.getByRole('group').filter({ hasText: 'กำหนดออกรางวัลหวยรัฐบาล' })
    await expect(news.getByText('ปิดรับแทงเวลา 15:20 น.')).toBeHidden()
    await news.getByText('กำหนดออกรางวัลหวยรัฐบาล').click()
    await expect(news.getByText('ปิดรับแทงเวลา 15:20 น.')).toBeVisible()
    // No carousel buttons that could not work.
    await expect(page.getByRole('button', { name: 'แบนเนอร์ถัดไป' })).toHaveCount(0)
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  })
})

test('swiper is not in the first-load JS and loads only after the page has loaded', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text()
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])
  expect(preloads.length).toBeGreaterThan(3)
  expect(html).toContain('_default._index-')
  expect(html).not.toMatch(/swiper/i.source.replace('swiper', 'swiper\\.client'))
  expect(preloads.filter((href) => /swiper/i.test(href ?? ''))).toEqual([])

  await page.goto('/')
  await carouselReady(page)
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const chunk = performance
      .getEntriesByType('resource')
      .find((entry) => /\/swiper\.client-[A-Z0-9]+\.js$/.test(entry.name))
    return { loadEnd: nav.loadEventEnd, chunkStart: chunk?.startTime ?? null }
  })
  expect(timing.chunkStart).not.toBeNull()
  expect(timing.chunkStart!).toBeGreaterThanOrEqual(timing.loadEnd)
})

test('the page opens its connection to the image host before the first picture', async ({
  request,
}) => {
  // The banners come from IMAGE_HOST_URL (the demo backend here), another origin.
  const response = await request.get('/')
  expect(response.headers()['link']).toContain(`<${new URL(MOCK_URL).origin}>; rel=preconnect`)
  expect(await response.text()).toContain(`src="${new URL(MOCK_URL).origin}/img/banners/`)
})

test('swiper takes over the same box: nothing moves', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  const box = async () => carousel(page).locator('.swiper').boundingBox()
  const before = await box()
  const newsBefore = await page.getByRole('heading', { name: 'ข่าวสารล่าสุด' }).boundingBox()
  await carouselReady(page)
  expect(await box()).toEqual(before)
  expect(await page.getByRole('heading', { name: 'ข่าวสารล่าสุด' }).boundingBox()).toEqual(newsBefore)
})

test('the carousel moves by its buttons and announces the position', async ({ page }) => {
  await page.goto('/')
  await carouselReady(page)
  expect(await shownSlide(page)).toEqual(['1 จาก 4'])
  await page.getByRole('button', { name: 'แบนเนอร์ถัดไป' }).click()
  await expect.poll(() => shownSlide(page)).toEqual(['2 จาก 4'])
  await expect.poll(() => slideInView(page)).toBe('2 จาก 4')
  await expect(carousel(page).locator('[aria-live="polite"]')).toHaveText(
    'แบนเนอร์ 2 จาก 4: หวยรัฐบาลจ่ายบาทละ 900',
  )
  await page.getByRole('button', { name: 'แบนเนอร์ก่อนหน้า' }).click()
  await expect.poll(() => slideInView(page)).toBe('1 จาก 4')
  // From the first, back goes round to the last.
  await page.getByRole('button', { name: 'แบนเนอร์ก่อนหน้า' }).click()
  await expect.poll(() => slideInView(page)).toBe('4 จาก 4')
})

test('the carousel moves by the arrow keys, and Tab reaches its buttons', async ({ page }) => {
  await page.goto('/')
  await carouselReady(page)
  const firstLink = slides(page).first().getByRole('link')
  await firstLink.focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => slideInView(page)).toBe('2 จาก 4')
  // Focus follows onto the banner now shown.
  await expect(slides(page).nth(1).getByRole('link')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => slideInView(page)).toBe('3 จาก 4')
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => slideInView(page)).toBe('2 จาก 4')
  // The hidden banners are skipped: Tab goes on to the buttons.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'แบนเนอร์ก่อนหน้า' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'แบนเนอร์ถัดไป' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => slideInView(page)).toBe('3 จาก 4')
})

test('autoplay moves to the next banner by itself, and the pause button stops it', async ({
  page,
}) => {
  // The page's clock runs on its own and the test jumps it past the 5 s interval.
  await page.clock.install()
  await page.goto('/')
  await carouselReady(page)
  expect(await slideInView(page)).toBe('1 จาก 4')
  await page.clock.fastForward(5500)
  await expect.poll(() => slideInView(page)).toBe('2 จาก 4')
  await page.getByRole('button', { name: 'หยุดเลื่อนอัตโนมัติ' }).click()
  await page.mouse.move(0, 700)
  await expect(page.getByRole('button', { name: 'เลื่อนอัตโนมัติ' })).toBeVisible()
  await page.clock.fastForward(12_000)
  // A slide that moved would have finished its 400 ms transition within this page time.
  await page.clock.runFor(1000)
  expect(await slideInView(page)).toBe('2 จาก 4')
})

test('prefers-reduced-motion: no autoplay and no pause button', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.clock.install()
  await page.goto('/')
  await carouselReady(page)
  await expect(page.getByRole('button', { name: /อัตโนมัติ/ })).toHaveCount(0)
  await page.clock.fastForward(12_000)
  // A slide that moved would have finished its 400 ms transition within this page time.
  await page.clock.runFor(1000)
  expect(await slideInView(page)).toBe('1 จาก 4')
  // It still moves when asked, at once.
  await page.getByRole('button', { name: 'แบนเนอร์ถัดไป' }).click()
  expect(await slideInView(page)).toBe('2 จาก 4')
})

test('a visitor sees what the service offers, fits 360 px, and axe finds nothing serious', async ({
  page,
}) => {
  // axe over the whole page takes its time on a busy machine.
  test.slow()
  await page.goto('/')
  const services = page.getByRole('navigation', { name: 'บริการทั้งหมด' })
  for (const name of ['หวย', 'สล็อต', 'คาสิโน', 'กีฬา', 'โปรโมชั่น']) {
    await expect(services.getByRole('link', { name: new RegExp(`^${name}`) }).first()).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'เล่นล่าสุด' })).toHaveCount(0)
  await carouselReady(page)
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])
})

test('a member sees the balance, deposit and withdraw, and the play sections', async ({
  page,
  context,
}) => {
  test.slow()
  await loginAs(context)
  await page.goto('/')
  await expect(page.getByText('สวัสดี สมชาย ใจดี')).toBeVisible()
  await expect(page.getByTestId('home-balance')).toHaveText('฿1,520.50')
  await expect(page.getByRole('link', { name: 'ฝากเงิน' })).toHaveAttribute(
    'href',
    '/transaction?tab=deposit',
  )
  await expect(page.getByRole('link', { name: 'ถอนเงิน' })).toHaveAttribute(
    'href',
    '/transaction?tab=withdraw',
  )
  await expect(page.getByRole('heading', { name: 'หวยใกล้ปิดรับ' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'เล่นล่าสุด' })).toBeVisible()
  await expect(page.getByText('ยังไม่มีเกมที่เล่นล่าสุด')).toBeVisible()
  await expect(
    page.getByRole('main').getByRole('link', { name: 'เข้าสู่ระบบ', exact: true }),
  ).toHaveCount(0)
  await carouselReady(page)
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])
})

test('a member sees the game just played and the draws closing soonest, each a tap from playing', async ({
  context,
  page,
}) => {
  await loginAs(context)
  // Launching leaves for the provider's page and records the game as played.
  await page.goto('/games/launch?game=pgsoft-001')
  await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/play`))
  await page.goto('/')
  const recent = page.getByRole('region', { name: 'เล่นล่าสุด' })
  const tile = recent.getByRole('listitem').getByRole('link').first()
  await expect(tile).toHaveAttribute('href', '/games/launch?game=pgsoft-001&from=%2F')
  await expect(page.getByText('ยังไม่มีเกมที่เล่นล่าสุด')).toHaveCount(0)
  const closing = page.getByRole('region', { name: 'หวยใกล้ปิดรับ' })
  const links = closing.getByRole('listitem').getByRole('link')
  // ยี่กี closes every 15 minutes: always among the soonest (first, unless a
  // stock draw closes sooner at that time of day), with a live countdown.
  await expect(links.and(page.locator('[href="/lotto/stake?lotto=yeekee"]'))).toHaveCount(1)
  await expect(closing.getByRole('timer').first()).toBeVisible()
  const first = links.first()
  const name = (await first.locator('.font-bold').first().textContent()) ?? ''
  const href = (await first.getAttribute('href')) ?? ''
  expect(href).toMatch(/^\/lotto\/stake\?lotto=[a-z-]+$/)
  await first.click()
  await expect(page).toHaveURL(href)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
})

test.describe('a content backend failure', () => {
  // The shared app keeps content for a minute: a fresh one has none kept yet.
  let server: AppServer | undefined
  let APP = ''

  test.beforeAll(async () => {
    server = await startAppServer(await freePort(), { BACKEND_URL: MOCK_URL })
    APP = server.url
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('shows a Thai notice in place of that part; the rest of the page stays', async ({
    page,
  }) => {
    await mock.fail({ path: '/content/banners', status: 503, count: 10 })
    await mock.fail({ path: '/content/news', status: 500, count: 10, mode: 'garbage' })
    const response = await page.goto(`${APP}/`)
    expect(response?.status()).toBe(200)
    await expect(page.getByText('ยังแสดงแบนเนอร์ไม่ได้ในขณะนี้')).toBeVisible()
    await expect(page.getByText('ยังแสดงข่าวสารไม่ได้ในขณะนี้')).toBeVisible()
    await expect(carousel(page)).toHaveCount(0)
    // Promotions came back: they are shown.
    await expect(page.getByText('คืนยอดเสีย 5% ทุกสัปดาห์').first()).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'บริการทั้งหมด' })).toBeVisible()
    // A failure is not kept: once the backend answers, the banners are back.
    await mock.reset()
    await page.reload()
    await expect(carousel(page)).toBeVisible()
    await expect(page.getByText('ยังแสดงแบนเนอร์ไม่ได้ในขณะนี้')).toHaveCount(0)
  })
})
