/**
 * Coupon codes cannot be guessed without limit (docs/decisions/0095): after
 * COUPON_LIMIT_PER_MEMBER wrong codes in a window the member gets a Thai 429
 * saying how long to wait, the backend is not asked, and the member keeps
 * the session. Without JavaScript, as the form works. (somsri: the rewards
 * spec's refusals count on demo's bucket.)
 */
import { expect, test } from '@playwright/test'
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
