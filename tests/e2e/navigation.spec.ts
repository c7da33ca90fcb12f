/**
 * Moving between pages by keyboard and by screen reader: the menu, focus on
 * the new page's heading, the bottom navigation's marked item, and the
 * "page" view transition (docs/decisions/0050 to 0052).
 */
import { expect, test, type Page } from '@playwright/test'
import { hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.beforeEach(async () => {
  await mock.reset()
})

const menuToggle = (page: Page) => page.locator('summary[aria-label="เมนู"]')
const menu = (page: Page) => page.getByRole('navigation', { name: 'เมนูหลัก' })
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'เมนูด่วน' })
/** The menu's own <details> (pages may have their own, such as the home page's news). */
const isOpen = (page: Page) =>
  page
    .locator('details:has(> summary[aria-label="เมนู"])')
    .evaluate((d) => (d as HTMLDetailsElement).open)

/** Navigate inside the app as a Link would (no document request). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate(
    (to) =>
      (
        window as unknown as { __remixRouter: { navigate(to: string): void } }
      ).__remixRouter.navigate(to),
    to,
  )
}

test.describe('the menu', () => {
  test('Escape closes it and focus returns to the toggle', async ({ page }) => {
    await page.goto('/lotto/result')
    await hydrated(page)
    await menuToggle(page).focus()
    await page.keyboard.press('Enter')
    await expect(menu(page)).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(menu(page).getByRole('link').first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await expect(menuToggle(page)).toBeFocused()
  })

  test(
    'a click or tap outside closes it; one inside does not',
    { tag: '@layout' },
    async ({ page, hasTouch }) => {
      await page.goto('/lotto/result')
      await hydrated(page)
      await menuToggle(page).click()
      await expect(menu(page)).toBeVisible()
      // A click on the page beside the menu: the content's left padding.
      const box = await menu(page).boundingBox()
      expect(box && box.x > 10).toBe(true)
      const [x, y] = [5, (box?.y ?? 0) + 40]
      if (hasTouch) await page.touchscreen.tap(x, y)
      else await page.mouse.click(x, y)
      await expect(menu(page)).toBeHidden()
      expect(await isOpen(page)).toBe(false)
      // A click inside it does not close it; the toggle still opens and closes it.
      await menuToggle(page).click()
      await menu(page)
        .getByRole('list')
        .first()
        .click({ position: { x: 2, y: 2 } })
      expect(await isOpen(page)).toBe(true)
      await menuToggle(page).click()
      expect(await isOpen(page)).toBe(false)
    },
  )

  test('Tab never reaches a control under the open menu: it closes when focus moves past it', async ({
    page,
  }) => {
    await page.goto('/lotto/result')
    await hydrated(page)
    await menuToggle(page).focus()
    await page.keyboard.press('Enter')
    const stops = await menu(page).locator('a, button').count()
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(() => !!document.activeElement?.closest('details'))
      expect(inside, `Tab stop ${i + 1} of ${stops} is inside the open menu`).toBe(true)
      expect(await isOpen(page)).toBe(true)
    }
    await page.keyboard.press('Tab')
    expect(await isOpen(page), 'the menu closed once focus left it').toBe(false)
  })

  test('choosing an item closes it, marks the page and focus moves to its heading', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    await page.goto('/')
    await hydrated(page)
    await menuToggle(page).click()
    const item = menu(page).getByRole('link', { name: 'รายการสั่งฝาก' })
    await expect(item).toHaveAttribute('href', '/order')
    await item.click()
    await expect(page).toHaveURL(/\/order$/)
    expect(await isOpen(page)).toBe(false)
    await expect(page.locator('main h1')).toBeFocused()
    await menuToggle(page).click()
    await expect(menu(page).getByRole('link', { name: 'รายการสั่งฝาก' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(menu(page).locator('[aria-current]')).toHaveCount(1)
    // The pages no section page links yet are in the menu.
    for (const href of ['/order/payment', '/alliance/new']) {
      await expect(menu(page).locator(`a[href="${href}"]`)).toHaveCount(1)
    }
  })
})

test.describe('focus after a navigation', () => {
  test('not on the first load; on the new page heading after a link', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    await page.locator('main a[href="/lotto/result"]').first().click()
    await expect(page).toHaveURL(/\/lotto\/result$/)
    const heading = page.locator('main h1')
    await expect(heading).toBeFocused()
    await expect(heading).toHaveAttribute('tabindex', '-1')
  })

  test('a new search of the same page leaves focus where the member is', async ({ page }) => {
    await page.goto('/lotto/result')
    await hydrated(page)
    const login = page.getByRole('banner').getByRole('link', { name: 'เข้าสู่ระบบ' })
    await login.focus()
    await navigateInApp(page, '/lotto/result?page=2')
    await expect(page).toHaveURL(/\?page=2$/)
    await expect(login).toBeFocused()
  })

  test('back in history focuses the heading of the page returned to', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await bottomNav(page).getByRole('link', { name: 'โปรโมชั่น' }).click()
    await expect(page.locator('main h1')).toBeFocused()
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('main h1')).toBeFocused()
  })
})

test.describe('the bottom navigation', () => {
  test('a visitor sees pages a visitor can use, /lotto/result is part of หวย', async ({ page }) => {
    await page.goto('/lotto/result')
    const links = bottomNav(page).getByRole('link')
    await expect(links).toHaveText(['หน้าแรก', 'เกม', 'หวย', 'โปรโมชั่น', 'สมัครสมาชิก'])
    await expect(bottomNav(page).locator('[aria-current]')).toHaveText(['หวย'])
    await expect(bottomNav(page).getByRole('link', { name: 'หวย' })).toHaveAttribute(
      'aria-current',
      'true',
    )
  })

  test('a member: หวย on /lotto and its stake pages, nothing on /lotto/result, เกม on the lobbies', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    await page.goto('/lotto')
    const nav = bottomNav(page)
    await expect(nav.getByRole('link')).toHaveText(['หน้าแรก', 'เกม', 'หวย', 'ฝาก-ถอน', 'โปรไฟล์'])
    await expect(nav.getByRole('link', { name: 'หวย' })).toHaveAttribute('aria-current', 'page')
    for (const [url, item] of [
      ['/lotto/stake?lotto=thai', 'หวย'],
      ['/lotto/stake-set', 'หวย'],
      ['/casino', 'เกม'],
      ['/games/lobby?provider=pgsoft', 'เกม'],
      ['/order', 'ฝาก-ถอน'],
    ] as const) {
      await page.goto(url)
      await expect(nav.locator('[aria-current]'), url).toHaveText([item])
      await expect(nav.getByRole('link', { name: item }), url).toHaveAttribute(
        'aria-current',
        'true',
      )
    }
    await page.goto('/lotto/result')
    await expect(nav.locator('[aria-current]')).toHaveCount(0)
  })
})

test.describe('the "page" view transition', () => {
  async function countTransitions(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { transitions: number }
      w.transitions = 0
      const start = document.startViewTransition?.bind(document)
      if (start) {
        document.startViewTransition = ((cb: () => void) => {
          w.transitions++
          return start(cb)
        }) as typeof document.startViewTransition
      }
    })
  }
  const transitions = (page: Page) =>
    page.evaluate(() => (window as unknown as { transitions: number }).transitions)

  test('another page fades; a search of the same page does not', async ({ page }) => {
    await countTransitions(page)
    await page.goto('/')
    await hydrated(page)
    await page.locator('main a[href="/lotto/result"]').first().click()
    await expect(page).toHaveURL(/\/lotto\/result$/)
    expect(await transitions(page)).toBe(1)
    await navigateInApp(page, '/lotto/result?page=2')
    await expect(page).toHaveURL(/\?page=2$/)
    expect(await transitions(page)).toBe(1)
  })

  test('nothing with prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await countTransitions(page)
    await page.goto('/')
    await hydrated(page)
    await page.locator('main a[href="/lotto/result"]').first().click()
    await expect(page.locator('main h1')).toBeFocused()
    expect(await transitions(page)).toBe(0)
  })
})
