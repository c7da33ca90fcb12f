/**
 * Rewards: coupons (a redeem that credits the balance, each refusal's Thai
 * message on the field, the same without JavaScript), cashback (a claim
 * credits once, a double submit too), promotions (the public list and a
 * detail with terms for a visitor, accepting one as a member and its
 * progress, the backend's refusals), news from the home page to its own page
 * (an unknown id is the 404 page), a watcher who may only look, and axe /
 * 360 px on every page.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.beforeEach(async () => {
  test.slow()
  await mock.reset()
})

const balance = (page: Page) => page.getByTestId('balance').first()
const codeField = (page: Page) => page.getByLabel('รหัสคูปอง')

async function redeem(page: Page, code: string) {
  await codeField(page).fill(code)
  await page.getByRole('button', { name: 'ใช้คูปอง', exact: true }).click()
}

async function expectCleanPage(page: Page) {
  const serious = await seriousViolations(page)
  expect(serious).toEqual([])
  const overflow = await sidewaysOverflow(page)
  expect(overflow).toBeLessThanOrEqual(0)
}

const REFUSALS = [
  ['NOSUCH99', 'ไม่พบคูปองนี้ กรุณาตรวจสอบรหัสอีกครั้ง'],
  ['EXPIRED50', 'คูปองนี้หมดอายุแล้ว'],
  ['USED20', 'คูปองนี้ถูกใช้ไปแล้ว'],
  ['VIPONLY', 'คูปองนี้ไม่สามารถใช้กับบัญชีของคุณได้'],
  ['ab-1', 'รหัสคูปองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว'],
] as const

test.describe('coupons', () => {
  test('a code credits the balance once and shows what it gave', async ({ page, context }) => {
    await loginAs(context)
    await page.goto('/coupon')
    await hydrated(page)
    await expect(balance(page)).toHaveText('฿1,520.50')
    // The seed: the demo member used USED20 before.
    await expect(page.getByRole('region', { name: 'ประวัติการใช้คูปอง' })).toContainText('USED20')
    await redeem(page, 'welcome100')
    await expect(page).toHaveURL(/\/coupon\?redeemed=/)
    await expect(
      page.getByRole('status').filter({ hasText: 'ใช้คูปอง WELCOME100 สำเร็จ' }),
    ).toContainText('ได้รับเครดิต ฿100.00')
    await expect(balance(page)).toHaveText('฿1,620.50')
    // Again: used, and the balance stays.
    await redeem(page, 'WELCOME100')
    await expect(page.getByText('คูปองนี้ถูกใช้ไปแล้ว')).toBeVisible()
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(balance(page)).toHaveText('฿1,620.50')
    // Reward-game tickets.
    await redeem(page, 'SPIN3')
    await expect(page.getByText('ได้รับตั๋วเกมลุ้นรางวัล 3 ใบ', { exact: true })).toBeVisible()
    await expectCleanPage(page)
  })

  test('each refusal is a Thai message on the field', async ({ page, context }) => {
    await loginAs(context)
    await page.goto('/coupon')
    await hydrated(page)
    for (const [code, message] of REFUSALS) {
      await redeem(page, code)
      await expect(page.getByText(message)).toBeVisible()
      await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true')
      await expect(codeField(page)).toHaveAttribute('aria-describedby', /coupon-code-error/)
    }
    // The malformed code never reached the backend (the browser's check).
    expect(await mock.calls('/rewards/coupons/redeem')).toHaveLength(4)
    await expectCleanPage(page)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('redeems, and shows every refusal from the server', async ({ page, context }) => {
      await loginAs(context)
      await page.goto('/coupon')
      for (const [code, message] of REFUSALS) {
        await redeem(page, code)
        await expect(page.getByText(message)).toBeVisible()
        await expect(codeField(page)).toHaveValue(code)
      }
      await redeem(page, 'WELCOME100')
      await expect(page).toHaveURL(/\/coupon\?redeemed=/)
      await expect(page.getByText('ได้รับเครดิต ฿100.00').first()).toBeVisible()
      await expect(balance(page)).toHaveText('฿1,620.50')
    })
  })
})

test.describe('cashback', () => {
  test('a claim credits the balance once', async ({ page, context }) => {
    await loginAs(context)
    await page.goto('/cashback')
    await hydrated(page)
    await expect(page.getByTestId('cashback-claimable')).toHaveText('฿162.50')
    await expect(page.getByText('กำลังคำนวณ')).toBeVisible()
    await expect(page.getByText('หมดเวลารับ')).toBeVisible()
    const claim = page.getByRole('button', { name: 'รับยอดคืน ฿162.50' })
    await claim.click()
    await expect(page.getByRole('button', { name: /รับยอดคืน/ })).toHaveCount(0)
    await expect(balance(page)).toHaveText('฿1,683.00')
    await expect(page.getByTestId('cashback-claimable')).toHaveText('฿0.00')
    await expect(page.getByTestId('cashback-claims').getByRole('listitem')).toHaveCount(2)
    await expectCleanPage(page)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('a double submit and a retried post pay once', async ({ page, context }) => {
      await loginAs(context)
      await page.goto('/cashback')
      const claim = page.getByRole('button', { name: 'รับยอดคืน ฿162.50' })
      const form = page.locator('form').filter({ has: claim })
      const key = await form.locator('input[name="idempotencyKey"]').inputValue()
      const periodId = await form.locator('input[name="periodId"]').inputValue()
      // Two posts of the same form (the same key) at once.
      await claim.dblclick()
      await expect(page.getByText('รับแล้ว').first()).toBeVisible()
      await expect(balance(page)).toHaveText('฿1,683.00')
      // The same form posted again (a retry, a back-and-resubmit): its key was used.
      const response = await page.request.post('/cashback', {
        form: { periodId, idempotencyKey: key },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(302)
      await page.reload()
      await expect(balance(page)).toHaveText('฿1,683.00')
      const paid = (await mock.calls('/rewards/cashback/claim')).length
      expect(paid).toBeGreaterThanOrEqual(2)
      await page.goto('/cashback')
      await expect(page.getByTestId('cashback-claims').getByRole('listitem')).toHaveCount(2)
    })
  })
})

test.describe('promotions', () => {
  test('a visitor sees the list and a promotion with its terms', async ({ page }) => {
    await page.goto('/promotion')
    await expect(page.getByRole('heading', { level: 1, name: 'โปรโมชั่น' })).toBeVisible()
    const cards = page.getByRole('main').getByRole('listitem')
    await expect(cards).toHaveCount(5)
    // Every picture has its size before it loads.
    for (const img of await page.getByRole('main').locator('img').all()) {
      await expect(img).toHaveAttribute('width', '640')
      await expect(img).toHaveAttribute('height', '360')
    }
    await expectCleanPage(page)
    await page.getByRole('link', { name: /ฝากทุกวัน รับโบนัส 10%/ }).click()
    await expect(page).toHaveURL('/promotion?id=daily-deposit')
    await expect(page.getByRole('heading', { level: 1, name: 'ฝากทุกวัน รับโบนัส 10%' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'เงื่อนไขและข้อตกลง' })).toContainText(
      'ทำยอดเล่นให้ครบ 3,000 บาท ก่อนถอน',
    )
    await expect(page.getByRole('link', { name: 'เข้าสู่ระบบเพื่อรับโปรโมชั่นนี้' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fpromotion%3Fid%3Ddaily-deposit',
    )
    await expectCleanPage(page)
    // An id that is no promotion: the 404 page.
    const missing = await page.goto('/promotion?id=no-such-promotion')
    expect(missing?.status()).toBe(404)
    expect((await page.goto('/promotion?id=%3Cx%3E'))?.status()).toBe(404)
  })

  test('a member accepts one and sees its progress; refusals are Thai', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    await page.goto('/promotion?id=welcome-100')
    await hydrated(page)
    await page.getByRole('button', { name: 'รับโปรโมชั่นนี้' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'บัญชีของคุณไม่ตรงตามเงื่อนไข' }),
    ).toBeVisible()

    await page.goto('/promotion?id=lotto-weekly')
    await hydrated(page)
    await page.getByRole('button', { name: 'รับโปรโมชั่นนี้' }).click()
    const chart = page.getByRole('img', { name: /^ยอดเทิร์นของ แทงหวยครบ 1,000/ })
    await expect(chart).toHaveAttribute('aria-label', /ทำเทิร์นแล้ว ฿0.00 จาก ฿1,000.00 \(0%\)$/)
    await expect(page.getByText('ทำเทิร์นแล้ว ฿0.00 จาก ฿1,000.00 (0%)')).toBeVisible()
    await expect(page.getByRole('button', { name: 'รับโปรโมชั่นนี้' })).toHaveCount(0)

    await page.goto('/promotion?id=daily-deposit')
    await hydrated(page)
    await page.getByRole('button', { name: 'รับโปรโมชั่นนี้' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'รับได้ครั้งละหนึ่งโปรโมชั่น' })).toBeVisible()

    // The list shows the one under way.
    await page.goto('/promotion')
    await expect(page.getByRole('region', { name: 'โปรโมชั่นที่รับอยู่' })).toContainText(
      'แทงหวยครบ 1,000 รับเครดิตฟรี 50',
    )
    await expectCleanPage(page)
  })

  test('a member with turnover under way sees it as a chart and as text', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'somsri')
    await page.goto('/promotion?id=daily-deposit')
    await expect(page.getByRole('img', { name: /^ยอดเทิร์นของ / })).toHaveAttribute(
      'aria-label',
      /ทำเทิร์นแล้ว ฿1,250.00 จาก ฿3,000.00 \(41%\)$/,
    )
    await expect(page.getByText('ทำเทิร์นแล้ว ฿1,250.00 จาก ฿3,000.00 (41%)')).toBeVisible()
    await expectCleanPage(page)
  })
})

test.describe('news', () => {
  test('from the home page to a news page; an unknown id is the 404 page', async ({ page }) => {
    await page.goto('/')
    const item = page.getByRole('group').filter({ hasText: 'กำหนดออกรางวัลหวยรัฐบาล' })
    await item.getByText('กำหนดออกรางวัลหวยรัฐบาล').click()
    await item.getByRole('link', { name: 'อ่านข่าวนี้ในหน้าข่าวสาร' }).click()
    await expect(page).toHaveURL('/news/draw-dates')
    await expect(
      page.getByRole('heading', { level: 1, name: 'กำหนดออกรางวัลหวยรัฐบาลเดือนนี้' }),
    ).toBeVisible()
    await expect(page.getByText('ปิดรับแทงเวลา 15:20 น.')).toBeVisible()
    await expectCleanPage(page)
    await page.getByRole('link', { name: /ข่าวสารทั้งหมด/ }).click()
    await expect(page).toHaveURL('/news')
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(4)
    await expectCleanPage(page)
    expect((await page.goto('/news/no-such-news'))?.status()).toBe(404)
  })
})

test('a watcher may look but cannot claim, redeem or accept', async ({ page, context }) => {
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  await page.goto('/coupon')
  await expect(page.getByText('โหมดผู้ดูแล: ดูประวัติคูปองได้อย่างเดียว')).toBeVisible()
  await expect(codeField(page)).toBeDisabled()
  await page.goto('/cashback')
  await expect(page.getByRole('button', { name: 'รับยอดคืน ฿162.50' })).toBeDisabled()
  await page.goto('/promotion?id=lotto-weekly')
  await expect(page.getByRole('button', { name: 'รับโปรโมชั่นนี้' })).toBeDisabled()
  // A post made anyway is refused, and nothing reaches the backend.
  for (const path of ['/coupon', '/cashback', '/promotion']) {
    const response = await page.request.post(path, {
      form: {
        code: 'WELCOME100',
        periodId: 'x',
        promotionId: 'lotto-weekly',
        idempotencyKey: 'k-12345678',
      },
      headers: { Origin: new URL(page.url()).origin },
    })
    expect(response.status(), path).toBe(403)
  }
  expect(await mock.calls('/rewards/coupons/redeem')).toHaveLength(0)
  expect(await mock.calls('/rewards/cashback/claim')).toHaveLength(0)
  await page.goto('/cashback')
  await expect(balance(page)).toHaveText('฿1,520.50')
})
