/**
 * Game lobbies and launch on a phone: search, category filter and paging
 * (with and without JavaScript, the URL holding the state), launching a game
 * (the demo backend's /play page; Back returns to the lobby), refusals shown
 * on the lobby (maintenance, closed, bad ids, a watcher), the backend down,
 * and no layout shift, no broken image, no sideways scroll, axe clean.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { mock } from './support/mock'
import { brokenWords } from './support/words'
import { loginAs } from './support/session'

const MAINTENANCE = 'เกมนี้อยู่ระหว่างปิดปรับปรุงชั่วคราว กรุณาเลือกเกมอื่นหรือลองใหม่ภายหลัง'
const CLOSED = 'เกมนี้ปิดให้บริการแล้ว กรุณาเลือกเกมอื่น'
const UNKNOWN = 'ไม่พบเกมที่เลือก กรุณาเลือกเกมจากรายการอีกครั้ง'
const WATCHER = 'โหมดผู้ดูแลดูหน้าจอได้เท่านั้น ไม่สามารถเข้าเล่นเกมแทนสมาชิกได้'

async function setStatus(body: { game?: string; provider?: string; status: string }) {
  const response = await fetch(`${MOCK_URL}/__mock/games/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.ok).toBe(true)
}

const tiles = (page: Page) => page.getByTestId('game-tile')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'ค้นหาเกม' })

async function search(page: Page, text: string) {
  await searchBox(page).fill(text)
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click()
}

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async ({ context }) => {
  await mock.reset()
  await loginAs(context)
})

/** Every part of the journey that must work before (and without) JavaScript. */
function journeys() {
  test('search by Latin and Thai name, any letter case; the search box keeps the text', async ({
    page,
  }) => {
    await page.goto('/slot')
    await expect(page.locator('h1')).toHaveText('สล็อต')
    await expect(tiles(page)).toHaveCount(24)
    await search(page, 'mAhJoNg')
    await expect(page).toHaveURL('/slot?q=mAhJoNg')
    await expect(tiles(page).first()).toContainText('Mahjong Ways')
    await expect(searchBox(page)).toHaveValue('mAhJoNg')
    await search(page, 'เสือนำโชค')
    await expect(page.locator('[data-game="pgsoft-003"]')).toContainText('Fortune Tiger')
    await search(page, 'ไม่มีเกมชื่อนี้แน่นอน')
    await expect(page.getByText('ไม่พบเกมที่ค้นหา')).toBeVisible()
    await expect(tiles(page)).toHaveCount(0)
  })

  test('category filter and paging are links: the URL is the state', async ({ page }) => {
    await page.goto('/games')
    const categories = page.getByRole('navigation', { name: 'หมวดเกม' })
    await categories.getByRole('link', { name: 'ยิงปลา' }).click()
    await expect(page).toHaveURL('/games?category=fishing')
    await expect(categories.getByRole('link', { name: 'ยิงปลา' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByTestId('page-status')).toHaveText('หน้า 1 จาก 3')
    const firstPage = await tiles(page).first().getAttribute('data-game')
    await page.getByRole('link', { name: 'ถัดไป' }).click()
    await expect(page).toHaveURL('/games?category=fishing&page=2')
    await expect(page.getByTestId('page-status')).toHaveText('หน้า 2 จาก 3')
    expect(await tiles(page).first().getAttribute('data-game')).not.toBe(firstPage)
    // Searching keeps the category.
    await search(page, 'dragon')
    await expect(page).toHaveURL('/games?category=fishing&q=dragon')
    await expect(tiles(page).first()).toContainText(/Dragon/)
    await page.getByRole('link', { name: 'ก่อนหน้า' }).waitFor({ state: 'detached' })
  })

  test('at 360 px every category chip is whole on one line and the chosen one is on screen', async ({
    page,
  }) => {
    for (const category of ['card', 'fishing', 'casino']) {
      await page.goto(`/games?category=${category}`)
      const chips = page.getByRole('navigation', { name: 'หมวดเกม' }).getByRole('link')
      await expect(chips).toHaveCount(6)
      expect(await brokenWords(page), `${category}: no label broken across lines`).toEqual([])
      const chosen = (await chips.and(page.locator('[aria-current="page"]')).boundingBox())!
      expect(chosen.x, `${category}: the chosen chip starts on screen`).toBeGreaterThanOrEqual(0)
      expect(chosen.x + chosen.width, `${category}: and ends on screen`).toBeLessThanOrEqual(360)
    }
  })

  test('a provider link opens its lobby; an unknown provider is the 404 page', async ({ page }) => {
    await page.goto('/casino')
    await page.getByTestId('provider-link').filter({ hasText: 'Evolution' }).click()
    await expect(page).toHaveURL('/games/lobby?provider=evolution&category=casino')
    await expect(page.locator('h1')).toHaveText('Evolution')
    await expect(tiles(page).first()).toContainText('Lightning Roulette')
    for (const url of ['/games/lobby?provider=nobody', '/games/lobby?provider=%3Cb%3E']) {
      const response = await page.goto(url)
      expect(response?.status(), url).toBe(404)
      await expect(page.locator('h1')).toHaveText('ไม่พบหน้าที่คุณต้องการ')
      await expect(page.getByTestId('error-message')).toHaveText('This page could not be found')
    }
  })

  test('launching a game lands on the provider page; Back returns to the lobby', async ({
    page,
  }) => {
    await page.goto('/slot?q=mahjong')
    await tiles(page).filter({ hasText: 'Mahjong Ways 2' }).click()
    await page.waitForURL((url) => url.href.startsWith(`${MOCK_URL}/play?`))
    await expect(page.locator('h1')).toHaveText('กำลังเข้าสู่เกม Mahjong Ways 2')
    await page.goBack()
    await expect(page).toHaveURL('/slot?q=mahjong')
    await expect(page.locator('h1')).toHaveText('สล็อต')
    const launches = await mock.calls('/games/launch')
    expect(launches).toHaveLength(1)
  })

  test('a game in maintenance: the Thai message on the lobby, no error page', async ({ page }) => {
    await setStatus({ game: 'pgsoft-002', status: 'maintenance' })
    await page.goto('/slot?q=mahjong')
    const tile = tiles(page).filter({ hasText: 'Mahjong Ways 2' })
    await expect(tile).toContainText('ปิดปรับปรุง')
    await tile.click()
    await expect(page).toHaveURL('/slot?q=mahjong&notice=maintenance')
    await expect(page.getByRole('alert')).toHaveText(MAINTENANCE)
    await expect(page.locator('h1')).toHaveText('สล็อต')
  })
}

test.describe('with JavaScript', () => {
  journeys()

  test('a closed provider: the Thai message on the lobby the member came from', async ({
    page,
  }) => {
    await setStatus({ provider: 'pgsoft', status: 'closed' })
    await page.goto('/games/launch?game=pgsoft-001&from=%2Fcasino')
    await expect(page).toHaveURL('/casino?notice=closed')
    await expect(page.getByRole('alert')).toHaveText(CLOSED)
  })

  test('a missing, malformed or unknown game id: a Thai message, never a 500', async ({ page }) => {
    const queries = [
      '',
      '?game=',
      '?game=..%2F..%2Fetc',
      `?game=${'x'.repeat(41)}`,
      '?game=no-such-game',
    ]
    for (const query of queries) {
      const response = await page.request.get(`/games/launch${query}`, { maxRedirects: 0 })
      expect(response.status(), query).toBe(302)
      expect(response.headers()['location'], query).toBe('/games?notice=unknown')
    }
    // A `from` that is not one of our lobbies is ignored.
    const elsewhere = await page.request.get(
      '/games/launch?game=nope&from=https%3A%2F%2Fevil.example%2F',
      { maxRedirects: 0 },
    )
    expect(elsewhere.headers()['location']).toBe('/games?notice=unknown')
    const response = await page.goto('/games/launch?game=%3Cscript%3E')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL('/games?notice=unknown')
    await expect(page.getByRole('alert')).toHaveText(UNKNOWN)
  })

  test('the backend down: the lobby stays with a Thai message', async ({ page }) => {
    await mock.fail({ path: '/games', status: 503 })
    const response = await page.goto('/slot')
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveText('สล็อต')
    await expect(page.getByText('เกิดข้อผิดพลาดจากระบบ กรุณาลองใหม่อีกครั้ง')).toBeVisible()
  })

  test('a watcher may look at lobbies but not launch', async ({ page, context }) => {
    await context.clearCookies()
    await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
    await page.goto('/sport')
    await expect(tiles(page).first()).toBeVisible()
    await tiles(page).first().click()
    await expect(page).toHaveURL('/sport?notice=watcher')
    await expect(page.getByRole('alert')).toHaveText(WATCHER)
    expect(await mock.calls('/games/launch')).toEqual([])
  })

  test('the lotto launch leaves for the lotto provider', async ({ page }) => {
    await page.goto('/lotto/launch')
    await page.waitForURL((url) => url.href.startsWith(`${MOCK_URL}/play/lotto?`))
    await expect(page.locator('h1')).toHaveText('กำลังเข้าสู่ระบบหวย')
  })

  test('/games/lobby without a provider lists the providers', async ({ page }) => {
    await page.goto('/games/lobby')
    await expect(page.locator('h1')).toHaveText('ล็อบบี้เกม')
    await page.getByTestId('provider-link').filter({ hasText: 'JILI' }).click()
    await expect(page).toHaveURL('/games/lobby?provider=jili')
    await expect(tiles(page).first()).toContainText('Super Ace')
  })

  for (const url of ['/games', '/casino', '/slot', '/sport', '/games/lobby?provider=pgsoft']) {
    test(`${url}: no layout shift, no broken image, fits 360 px, axe clean`, async ({ page }) => {
      // Every picture and axe: more than a short journey's time.
      test.slow()
      await page.addInitScript(() => {
        // Each shift with what moved (a failure names the element, its box before and after).
        const w = window as unknown as { __shifts: string[] }
        w.__shifts = []
        const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number
            hadRecentInput: boolean
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
          })[]) {
            if (entry.hadRecentInput) continue
            const moved = entry.sources.map((source) => {
              const node = source.node as Element | undefined
              const name = node
                ? `${node.nodeName.toLowerCase()}${node instanceof Element && node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
                : '?'
              return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`
            })
            w.__shifts.push(
              `${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`,
            )
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      // A first visit (fresh browser context, nothing cached): the web font is
      // never swapped in under the reader (font-display: optional), and the
      // text laid out while it loads is laid out again in the same metrics
      // (the phone's own Noto Sans Thai, where it has one: decision 0066).
      await page.goto(url)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      // Bring every lazy image in, then wait for all of them: at each position the
      // browser paints a frame (and so sees which images came into view).
      await page.evaluate(async () => {
        const painted = () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y)
          await painted()
        }
      })
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: string[] }).__shifts,
      )
      // Then every picture, even those of the sideways provider row.
      await page.evaluate(() => {
        for (const img of document.images) img.loading = 'eager'
      })
      await page.waitForFunction(() => [...document.images].every((img) => img.complete))
      const broken = await page.evaluate(() =>
        [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src),
      )
      expect(broken).toEqual([])
      expect(await page.locator('img').count()).toBeGreaterThan(10)
      expect(shifts).toEqual([])
      const overflow = await sidewaysOverflow(page)
      expect(overflow).toBeLessThanOrEqual(0)
      const serious = await seriousViolations(page)
      expect(serious).toEqual([])
    })
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  journeys()
})
