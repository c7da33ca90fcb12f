/**
 * Every page of the product (app/lib/pages.ts), as a visitor and as a
 * member, on a 360 px phone: it answers 200 and hydrates without a script
 * error or a hydration mismatch, its title and its one h1 name the page (and
 * a member sees the balance), axe finds nothing serious or critical, nothing
 * scrolls sideways, the document is Thai, its bytes hold no 0x00, no date
 * shown is Gregorian (no visible text, placeholder or native date field:
 * support/gregorian.ts), and the skip link is the first stop of the keyboard
 * and leads into <main>. Words (support/words.ts): no button, link, label,
 * chip or tab breaks a word across lines, no date anywhere and no word of a
 * short label (a tile's title or blurb, a badge) breaks either, no emoji
 * stands in for an icon, and no English a member reads (names, codes and a
 * short allow-list aside). The tabs a page's plain
 * address does not open (MORE) are walked too.
 *
 * Not walked:
 * - /games/launch and /lotto/launch: their loaders leave for the game's or
 *   the lotto's own site (an external redirect); there is no page of ours.
 * - the guest pages (/login, /register, /forget) and /line/callback as a
 *   member: they send a logged-in member home (`/` is walked).
 * - the member pages as a visitor: each sends the visitor to /login
 *   (walked as a visitor; routes.spec.ts checks every redirect).
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { PAGES, type PageInfo } from '~/lib/pages'
import { hydrated } from './support/accounts'
import { gregorianDates } from './support/gregorian'
import { mock } from './support/mock'
import { loginAs } from './support/session'
import { brokenLabels, brokenWords, emojiShown, englishWords } from './support/words'

test.use({ viewport: { width: 360, height: 740 } })
// Each walk loads a page, runs axe and the keyboard: more than the default 30 s on a busy machine.
// The walks do not depend on each other (each resets the demo backend and logs in itself):
// the longest file of the suite spreads over the workers instead of holding one.
test.describe.configure({ mode: 'parallel', timeout: 90_000 })

test.beforeEach(async () => {
  await mock.reset()
})

const pages = Object.values(PAGES as Record<string, PageInfo>)
const LEAVE_THE_APP = new Set<string>([PAGES.gamesLaunch.path, PAGES.lottoLaunch.path])
/** Where a URL needs a query to show its page rather than a message. */
const QUERY: Record<string, string> = {
  [PAGES.lottoStake.path]: '?lotto=thai',
  [PAGES.gamesLobby.path]: '?provider=pgsoft',
}

/** Further addresses of a page walked as a member: its other tabs (where dates are picked, too). */
const MORE: Record<string, readonly string[]> = {
  [PAGES.transaction.path]: ['?tab=withdraw', '?tab=history'],
  [PAGES.lotto.path]: ['?tab=history'],
}

/** Where the page's h1 names what the query chose rather than the page. */
const HEADING: Record<string, string> = { [PAGES.gamesLobby.path]: 'PG Soft' }
/** The staff's watcher page has no member header, whoever opens it. */
const WITHOUT_HEADER = new Set<string>([PAGES.watcher.path])

// The staff console's pages are walked by staff.spec.ts with a staff session.
const visitorPages = pages.filter((p) => p.access === 'public' || p.access === 'guest')
const memberPages = pages.filter(
  (p) =>
    (p.access === 'member' && !LEAVE_THE_APP.has(p.path)) ||
    (p.access === 'public' && p.path !== PAGES.lineCallback.path),
)

async function walk(page: Page, info: PageInfo, as: 'visitor' | 'member', query?: string) {
  const url = info.path + (query ?? QUERY[info.path] ?? '')
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  // The original's bare token form (a backend without staff accounts); staff.spec.ts
  // has the staff person's, behind the staff login (decision 0156).
  if (info.path === PAGES.watcher.path) await mock.appConfig({ staff: { accounts: false } })
  const response = await page.goto(url)
  expect(response?.status(), `${url} answers 200`).toBe(200)
  // The document's bytes as the server sent them (the DOM would show U+FFFD): React's
  // stream writer once left 0x00 at 2 KB boundaries inside Thai text (decision 0090).
  const bytes = (await response?.body()) ?? Buffer.alloc(0)
  expect(bytes.length, `${url}: a document`).toBeGreaterThan(0)
  expect(bytes.indexOf(0), `${url}: no 0x00 byte in the document`).toBe(-1)
  await hydrated(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'th')
  await expect(page).toHaveTitle(new RegExp(info.title))
  await expect(page.locator('h1'), 'exactly one h1').toHaveCount(1)
  await expect(page.locator('h1')).toContainText(HEADING[info.path] ?? info.title)
  const header = as === 'member' && !WITHOUT_HEADER.has(info.path)
  await expect(page.getByTestId('balance'), 'the balance in the member header').toHaveCount(
    header ? 1 : 0,
  )
  expect(await seriousViolations(page), `${url}: axe serious/critical`).toEqual([])
  const overflow = await sidewaysOverflow(page)
  expect(overflow, `${url}: no sideways scrolling at 360 px`).toBeLessThanOrEqual(0)
  expect(await gregorianDates(page), `${url}: no Gregorian date shown`).toEqual([])
  // Words: none broken inside a control or a label, no English (support/words.ts).
  expect.soft(await brokenWords(page), `${url}: a word broken across lines`).toEqual([])
  expect.soft(await brokenLabels(page), `${url}: a date or short label broken`).toEqual([])
  expect.soft(await emojiShown(page), `${url}: emoji (boxes without an emoji font)`).toEqual([])
  expect.soft(await englishWords(page), `${url}: English a member reads`).toEqual([])

  // The skip link: the first Tab stop, visible, and it leads into <main>.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'ข้ามไปยังเนื้อหาหลัก' })
  await expect(skip).toBeFocused()
  const box = await skip.boundingBox()
  expect(box?.width ?? 0, 'the focused skip link is visible').toBeGreaterThan(40)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
  const mainHasControl = await page.evaluate(
    () =>
      !!document.querySelector(
        'main a[href], main button, main input, main select, main [tabindex="0"]',
      ),
  )
  if (mainHasControl) {
    await page.keyboard.press('Tab')
    const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'))
    expect(inMain, `${url}: Tab after the skip link lands inside <main>`).toBe(true)
  }
  expect(errors, `${url}: no script error or hydration mismatch`).toEqual([])
}

test.describe('every page as a visitor', () => {
  for (const info of visitorPages) {
    test(info.path, async ({ page }) => {
      await walk(page, info, 'visitor')
    })
  }
})

test.describe('every page as a member', () => {
  for (const info of memberPages) {
    test(info.path, async ({ page, context }) => {
      await loginAs(context)
      await walk(page, info, 'member')
    })
    for (const query of MORE[info.path] ?? []) {
      test(info.path + query, async ({ page, context }) => {
        await loginAs(context)
        await walk(page, info, 'member', query)
      })
    }
  }
})

test('the error page: Thai first, the spec English message after it marked lang="en"', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page')
  expect((await response?.body())?.indexOf(0), 'no 0x00 byte in the error page').toBe(-1)
  await expect(page.locator('h1')).toHaveText('ไม่พบหน้าที่คุณต้องการ')
  await expect(page.getByTestId('error-message')).toHaveAttribute('lang', 'en')
  expect(await englishWords(page), 'the English text only after its Thai').toEqual([])
  await expect(page.locator('html')).toHaveAttribute('lang', 'th')
  expect(await seriousViolations(page)).toEqual([])
})
