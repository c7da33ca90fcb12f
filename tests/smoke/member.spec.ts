/**
 * A member's journeys on a preview, each logged in through /login and out
 * again: the balance, a bet slip with its rates, a deposit up to its
 * PromptPay QR (the member's pending order when there is one: a backend
 * refuses a sixth unpaid order, and nothing is staked or withdrawn), the
 * live stream and the notifications.
 */
import type { Page } from '@playwright/test'
import { expect, sound, test } from './support/fixtures'
import { headerBalance, logIn, logOut } from './support/journeys'

const BAHT = /฿[\d,]+\.\d\d/

test(
  'a member logs in and out through the pages',
  { tag: '@smoke' },
  async ({ page, context, accounts, baseURL }) => {
    await logIn(page, accounts.member)
    await expect(page).toHaveURL(new URL('/', baseURL).href)
    await expect(headerBalance(page)).toHaveText(BAHT)
    // The backend's tokens stay on the server: an httpOnly cookie, none in the page.
    const session = (await context.cookies()).filter((c) => /auth\.session/.test(c.name))
    expect(session.length).toBeGreaterThan(0)
    for (const cookie of session) {
      expect(cookie.httpOnly, cookie.name).toBe(true)
      expect(cookie.secure, cookie.name).toBe(new URL(baseURL!).protocol === 'https:')
    }
    expect(await page.content()).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}/)

    await logOut(page)
    await page.goto('/transaction')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftransaction$/)
  },
)

test('the member home shows the balance', { tag: '@smoke' }, async ({ memberPage: page }) => {
  await page.goto('/')
  const summary = page
    .getByRole('main')
    .getByRole('paragraph')
    .filter({ hasText: /^ยอดเงินคงเหลือ/ })
  await expect(summary).toHaveText(new RegExp(`^ยอดเงินคงเหลือ\\s*${BAHT.source}$`))
  await expect(headerBalance(page)).toHaveText(BAHT)
})

test('a bet slip opens with its rates', { tag: '@smoke' }, async ({ memberPage: page }) => {
  await page.goto('/lotto')
  await page.locator('main a[href^="/lotto/stake?lotto="]').first().click()
  await expect(page).toHaveURL(/\/lotto\/stake\?lotto=/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('แทงหวย')
  const kinds = page.getByRole('group', { name: 'ประเภทการแทง' }).getByRole('checkbox')
  await expect(kinds.first()).toBeVisible()
  await expect(kinds.first()).toHaveAccessibleName(/บาทละ [\d.,]+/)
  await expect(page.getByRole('button', { name: 'เพิ่มเลข' })).toBeVisible()
})

const promptPayQr = (page: Page) => page.getByRole('img', { name: /^QR พร้อมเพย์/ })

/** Opens a pending PromptPay order's payment page; false when the member has none. */
async function openPendingPromptPay(page: Page): Promise<boolean> {
  await page.goto('/order/payment')
  const links = page.locator('main a[href^="/order/payment/"]')
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
  for (const href of hrefs) {
    await page.goto(href)
    if (await promptPayQr(page).isVisible()) return true
  }
  return false
}

test(
  'a deposit reaches its PromptPay payment page with the QR',
  { tag: '@smoke' },
  async ({ memberPage: page }) => {
    if (!(await openPendingPromptPay(page))) {
      await page.goto('/transaction?tab=deposit')
      // The smallest quick amount: a link that fills the form, with or without JavaScript.
      await page.getByRole('group', { name: 'เลือกจำนวนเงิน' }).getByRole('link').first().click()
      await expect(page.getByLabel('จำนวนเงิน (บาท)')).not.toHaveValue('')
      await page.getByRole('radio', { name: /พร้อมเพย์/ }).check()
      await page.getByRole('button', { name: 'ฝากเงิน', exact: true }).click()
      await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ชำระเงิน')
    await expect(promptPayQr(page)).toBeVisible()
    await expect(page.getByRole('timer')).toBeVisible()
    // The QR to save: a PNG the server draws.
    const saved = page.getByRole('link', { name: 'บันทึกรูป QR' })
    // page.request carries the member's cookies: the PNG is the member's own.
    const png = sound(await page.request.get((await saved.getAttribute('href'))!))
    expect(png.status()).toBe(200)
    expect(png.headers()['content-type']).toBe('image/png')
  },
)

test('the live stream connects', { tag: '@smoke' }, async ({ memberPage: page }) => {
  await page.goto('/')
  // The page's own stream is open ...
  await expect(page.getByRole('banner')).toHaveAttribute('data-live', 'open', { timeout: 15_000 })
  // ... and its first message comes through every proxy on the way, unbuffered.
  const first = await page.evaluate(async () => {
    const controller = new AbortController()
    const response = await fetch('/events', { signal: controller.signal })
    const reader = response.body!.getReader()
    const { value } = await reader.read()
    controller.abort()
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: new TextDecoder().decode(value),
    }
  })
  expect(first.status).toBe(200)
  expect(first.type).toMatch(/^text\/event-stream/)
  expect(first.text).toMatch(/^(retry|event|id|data|:)/m)
})

test('the notifications open from the header', { tag: '@smoke' }, async ({ memberPage: page }) => {
  await page.goto('/')
  await page
    .getByRole('banner')
    .getByRole('link', { name: /การแจ้งเตือน/ })
    .click()
  await expect(page).toHaveURL(/\/notifications/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('การแจ้งเตือน')
  await expect(page.getByRole('region', { name: 'การแจ้งเตือนบนเครื่องนี้' })).toBeVisible()
})
