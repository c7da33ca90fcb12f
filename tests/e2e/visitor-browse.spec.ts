/**
 * A visitor browses what the service offers, as on Thai game sites: the game
 * lobbies and the lotto types, with the visitor's bottom navigation. Playing
 * (launching a game, staking) asks for a login and then carries on where
 * the visitor was; the lotto slips (`/lotto?tab=history`) are the member's.
 */
import { expect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { submitLogin } from './support/login'
import { mock } from './support/mock'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async () => {
  await mock.reset()
})

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'เมนูด่วน' })

const LOBBIES = [
  ['/games', 'เกม'],
  ['/casino', 'คาสิโน'],
  ['/slot', 'สล็อต'],
  ['/sport', 'กีฬา'],
  ['/games/lobby?provider=pgsoft', 'PG Soft'],
] as const

for (const [url, title] of LOBBIES) {
  test(`a visitor browses ${url}`, async ({ page }) => {
    const response = await page.goto(url)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(url)
    await expect(page.locator('h1')).toHaveText(title)
    await expect(page.getByTestId('game-tile').first()).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'เข้าสู่ระบบ' })).toBeVisible()
    await expect(bottomNav(page).getByRole('link')).toHaveText([
      'หน้าแรก',
      'เกม',
      'หวย',
      'โปรโมชั่น',
      'สมัครสมาชิก',
    ])
    await expect(bottomNav(page).locator('[aria-current]')).toHaveText(['เกม'])
  })
}

test('a visitor picks a game: log in, then the game opens', async ({ page }) => {
  await page.goto('/slot?q=mahjong')
  await page.getByTestId('game-tile').filter({ hasText: 'Mahjong Ways 2' }).click()
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  // The login page says what the visitor was doing, and keeps a way back.
  await expect(page.getByTestId('login-purpose')).toHaveText('เข้าสู่ระบบเพื่อเล่นเกม')
  await expect(page.getByRole('link', { name: 'ย้อนกลับ' })).toHaveAttribute(
    'href',
    '/slot?q=mahjong',
  )
  await submitLogin(page)
  await page.waitForURL((url) => url.href.startsWith(`${MOCK_URL}/play?`))
  await expect(page.locator('h1')).toHaveText('กำลังเข้าสู่เกม Mahjong Ways 2')
})

test('a visitor sees the lotto types; staking asks for a login and comes back', async ({
  page,
}) => {
  const response = await page.goto('/lotto')
  expect(response?.status()).toBe(200)
  await expect(page.locator('h1')).toHaveText('หวย')
  await expect(bottomNav(page).locator('[aria-current]')).toHaveText(['หวย'])
  const stake = page.locator('main a[href^="/lotto/stake?lotto="]').first()
  const href = (await stake.getAttribute('href'))!
  await stake.click()
  await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: href })}`)
  await expect(page.getByTestId('login-purpose')).toHaveText('เข้าสู่ระบบเพื่อแทงหวย')
  await page.getByRole('link', { name: 'ย้อนกลับ' }).click()
  await expect(page).toHaveURL('/lotto')
  await stake.click()
  await submitLogin(page)
  await expect(page).toHaveURL(href)
  await expect(page.getByTestId('balance')).toBeVisible()
})

test('the lotto slips stay the member’s: a visitor is asked to log in', async ({ request }) => {
  const response = await request.get('/lotto?tab=history', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/login?redirectTo=%2Flotto%3Ftab%3Dhistory')
})
