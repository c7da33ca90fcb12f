/**
 * Coupon codes cannot be guessed without limit (docs/decisions/0095): after
 * COUPON_LIMIT_PER_MEMBER wrong codes in a window the member gets a Thai 429
 * saying how long to wait, the backend is not asked, and the member keeps
 * the session. Without JavaScript, as the form works.
 *
 * The app's counters outlive mock.reset() and are shared by the whole run:
 * the rewards spec spends 9 of demo's 10 wrong codes, so this spec's members
 * are somsri and somying, whom no other spec lets guess codes.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { mock } from './support/mock'
import { loginAs } from './support/session'

const LIMIT = 10

test.beforeEach(async () => {
  await mock.reset()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('wrong codes past the limit get a Thai 429 with the wait; the member stays in', async ({
    page,
    context,
  }) => {
    test.slow()
    await loginAs(context, 'somsri')
    await page.goto('/coupon')
    const field = page.getByLabel('รหัสคูปอง')
    const submit = page.getByRole('button', { name: 'ใช้คูปอง', exact: true })
    for (let i = 0; i < LIMIT; i++) {
      await field.fill(`GUESS${1000 + i}`)
      const answer = page.waitForResponse((r) => r.request().method() === 'POST')
      await submit.click()
      expect((await answer).status()).toBe(409)
      await expect(page.getByText('ไม่พบคูปองนี้ กรุณาตรวจสอบรหัสอีกครั้ง')).toBeVisible()
    }
    await field.fill('GUESS2000')
    const answer = page.waitForResponse((r) => r.request().method() === 'POST')
    await submit.click()
    const refused = await answer
    expect(refused.status()).toBe(429)
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0)
    await expect(page.getByText(/กรอกรหัสคูปองผิดหลายครั้งเกินไป กรุณารอประมาณ \d+ นาที/)).toBeVisible()
    await expect(field).toHaveValue('GUESS2000')
    // The backend saw the ten guesses, not the eleventh.
    expect(await mock.calls('/rewards/coupons/redeem')).toHaveLength(LIMIT)
    // Still logged in.
    await page.goto('/profile')
    await expect(page.locator('h1')).toHaveText('โปรไฟล์')
  })
})

/** A member's browser without JavaScript, behind `address` (the app trusts one proxy hop). */
async function memberBehind(browser: Browser, username: string, address: string): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  })
  await loginAs(context, username)
  const page = await context.newPage()
  await page.goto('/coupon')
  return page
}

/** Posts `code` on the coupon form: the answer's status. */
async function redeem(page: Page, code: string): Promise<number> {
  await page.getByLabel('รหัสคูปอง').fill(code)
  const answer = page.waitForResponse((r) => r.request().method() === 'POST')
  await page.getByRole('button', { name: 'ใช้คูปอง', exact: true }).click()
  return (await answer).status()
}

test('behind one address (carrier NAT): one member posting 30 wrong codes does not stop another member there', async ({
  browser,
}) => {
  test.slow()
  const nat = `203.0.113.${Math.floor(Math.random() * 200) + 20}`
  const flooder = await memberBehind(browser, 'somsri', nat)
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) statuses.push(await redeem(flooder, `NAT${3000 + i}`))
  // Their own limit stops them: LIMIT judged, the rest refused with the wait.
  expect(statuses.slice(LIMIT)).toEqual(Array(30 - LIMIT).fill(429))

  const neighbour = await memberBehind(browser, 'somying', nat)
  expect(await redeem(neighbour, 'NAT4000')).toBe(409)
  await expect(neighbour.getByText('ไม่พบคูปองนี้ กรุณาตรวจสอบรหัสอีกครั้ง')).toBeVisible()
})
