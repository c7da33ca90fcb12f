/**
 * Withdrawals and the history on a phone: a member withdraws (review, then
 * confirm), the balance drops and the withdrawal shows pending in the
 * history; the amount field's Thai errors (below the minimum, over the
 * balance, over today's limit); the same journey and the history's filter
 * and paging with JavaScript off; a watcher who may only look; axe and 360 px.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { clientAddress, hydrated } from './support/accounts'
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { bangkokDaysAgo, chooseDate } from './support/date-choice'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.use({ extraHTTPHeaders: clientAddress(73) })
// Money journeys of several pages each: room for a slow machine.
test.describe.configure({ timeout: 120_000 })
const expect = baseExpect.configure({ timeout: 15_000 })

const WITHDRAW = '/transaction?tab=withdraw'
const HISTORY = '/transaction?tab=history'

const balance = (page: Page) => page.getByTestId('balance').first()
const amountField = (page: Page) => page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)')
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

async function setDailyLimit(amount: number) {
  const res = await fetch(`${MOCK_URL}/__mock/wallet/daily-limit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount }),
  })
  if (!res.ok) throw new Error(`daily limit: ${res.status}`)
}

/** Fills the amount, reviews, confirms; ends on the confirmation. Gives the form's key. */
async function withdraw(page: Page, amount: string, shown: string): Promise<string> {
  await amountField(page).fill(amount)
  await button(page, 'ถัดไป: ตรวจสอบรายการ').click()
  await expect(page.getByRole('heading', { name: 'ตรวจสอบรายการถอน' })).toBeVisible()
  await expect(page.getByTestId('withdraw-review-amount')).toHaveText(shown)
  await expect(page.getByTestId('withdraw-account')).toHaveText('xxx-x-xx789-0')
  const key = await page.locator('input[name="idempotencyKey"]').inputValue()
  await button(page, 'ยืนยันการถอน').click()
  await expect(page.getByTestId('withdraw-done')).toContainText('แจ้งถอนเงินเรียบร้อยแล้ว')
  await expect(page.getByTestId('withdraw-done')).toContainText(shown)
  return key
}

async function expectPendingInHistory(page: Page, amount: string) {
  await page.getByRole('link', { name: 'ดูประวัติรายการ' }).click()
  await expect(page).toHaveURL(/tab=history/)
  const first = page.getByTestId('history-line').first()
  await expect(first).toContainText('ถอนเงิน')
  await expect(first).toContainText('รอดำเนินการ')
  await expect(first.getByTestId('history-amount')).toHaveText(amount)
  // Buddhist-era year in the line's date.
  await expect(first).toContainText(String(new Date().getFullYear() + 543))
}

test.beforeEach(async () => {
  await mock.reset()
})

test('a member withdraws: review, confirm, balance lowered, pending in the history', async ({
  page,
  context,
}) => {
  await loginAs(context)
  await page.goto('/')
  await hydrated(page)
  // The header balance leads to /transaction.
  await balance(page).click()
  await expect(page).toHaveURL(/\/transaction/)
  await page.getByRole('link', { name: 'ถอนเงิน', exact: true }).click()
  await expect(page.getByTestId('withdraw-daily-left')).toHaveText('฿50,000.00')
  await withdraw(page, '500', '฿500.00')
  await expect(balance(page)).toHaveText('฿1,020.50')
  await expectPendingInHistory(page, '−฿500.00')
  await page.goto(WITHDRAW)
  await expect(page.getByTestId('withdraw-daily-left')).toHaveText('฿49,500.00')
})

test('the amount field says in Thai what is wrong', async ({ page, context }) => {
  await loginAs(context)
  await page.goto(WITHDRAW)
  await hydrated(page)
  const error = page.locator('#withdraw-amount-error')
  const review = button(page, 'ถัดไป: ตรวจสอบรายการ')

  await amountField(page).fill('100')
  await review.click()
  await expect(error).toHaveText('ถอนได้ขั้นต่ำครั้งละ ฿300.00')
  await expect(amountField(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(amountField(page)).toHaveValue('100')

  await amountField(page).fill('2000')
  await review.click()
  await expect(error).toHaveText('ยอดเงินคงเหลือไม่พอสำหรับจำนวนที่ต้องการถอน')

  await amountField(page).fill('12.5')
  await review.click()
  await expect(error).toHaveText('กรุณากรอกจำนวนเงินเป็นตัวเลขจำนวนเต็มบาท')

  await setDailyLimit(400)
  await amountField(page).fill('500')
  await review.click()
  await expect(error).toHaveText('เกินวงเงินถอนต่อวัน วันนี้ถอนได้อีก ฿400.00')
  await expect(balance(page)).toHaveText('฿1,520.50')
})

test("the backend's refusal at confirm lands on the amount field", async ({ page, context }) => {
  await loginAs(context)
  await page.goto(WITHDRAW)
  await hydrated(page)
  await amountField(page).fill('500')
  await button(page, 'ถัดไป: ตรวจสอบรายการ').click()
  await expect(page.getByRole('heading', { name: 'ตรวจสอบรายการถอน' })).toBeVisible()
  // Today's limit drops between the review and the confirmation.
  await setDailyLimit(300)
  await button(page, 'ยืนยันการถอน').click()
  await expect(page.locator('#withdraw-amount-error')).toHaveText(
    'เกินวงเงินถอนต่อวัน วันนี้ถอนได้อีก ฿300.00',
  )
  await expect(amountField(page)).toHaveValue('500')
  await expect(balance(page)).toHaveText('฿1,520.50')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the withdraw journey works and a resubmitted confirm withdraws once', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    await page.goto(WITHDRAW)
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
    await amountField(page).fill('100')
    await button(page, 'ถัดไป: ตรวจสอบรายการ').click()
    await expect(page.locator('#withdraw-amount-error')).toHaveText('ถอนได้ขั้นต่ำครั้งละ ฿300.00')
    const key = await withdraw(page, '1,000', '฿1,000.00')
    await expect(balance(page)).toHaveText('฿520.50')
    // The confirmation posted again (a resubmit, a retried post): same key, one withdrawal.
    const again = await page.request.post(WITHDRAW, {
      form: { intent: 'withdraw-confirm', amount: '1000', idempotencyKey: key },
      headers: { Origin: new URL(page.url()).origin },
    })
    expect(again.status()).toBe(200)
    expect(await again.text()).toContain('แจ้งถอนเงินเรียบร้อยแล้ว')
    await page.reload()
    await expect(balance(page)).toHaveText('฿520.50')
    await expectPendingInHistory(page, '−฿1,000.00')
    await expect(page.getByTestId('history-line').filter({ hasText: 'รอดำเนินการ' })).toHaveCount(1)
    // A withdrawal under way: the history reloads itself until it is final.
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1)
    const id = await page.getByTestId('history-line').first().getAttribute('data-id')
    expect(id).toBeTruthy()
    await fetch(`${MOCK_URL}/__mock/withdrawals/${id}/paid`, { method: 'POST' })
    await page.reload()
    await expect(page.getByTestId('history-line').filter({ hasText: 'รอดำเนินการ' })).toHaveCount(0)
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
  })

  test('the history filters by type and pages with links', async ({ page, context }) => {
    await loginAs(context)
    await page.goto(HISTORY)
    await expect(page.getByRole('heading', { name: /รายการทั้งหมด \d+ รายการ/ })).toBeVisible()
    await expect(page.getByTestId('history-line')).toHaveCount(20)
    await expect(page.getByText('หน้า 1 จาก 2')).toBeVisible()
    await page.getByRole('link', { name: 'ถัดไป' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText('หน้า 2 จาก 2')).toBeVisible()
    const rest = await page.getByTestId('history-line').count()
    expect(rest).toBeGreaterThan(0)
    await page.getByRole('link', { name: 'ก่อนหน้า' }).click()
    await expect(page.getByText('หน้า 1 จาก 2')).toBeVisible()

    await page.getByLabel('ประเภท').selectOption({ label: 'ฝากเงิน' })
    await button(page, 'กรองรายการ').click()
    await expect(page).toHaveURL(/kind=deposit/)
    const lines = page.getByTestId('history-line')
    expect(await lines.count()).toBeGreaterThan(0)
    for (const line of await lines.all()) {
      await expect(line).toContainText('ฝากเงิน')
      await expect(line.getByTestId('history-amount')).toHaveText(/^\+฿/)
    }
    await expect(page.getByLabel('ประเภท')).toHaveValue('deposit')

    await page.getByLabel('สถานะ').selectOption({ label: 'ไม่สำเร็จ' })
    await page.getByLabel('ประเภท').selectOption({ label: 'ทั้งหมด' })
    await button(page, 'กรองรายการ').click()
    await expect(lines).toHaveCount(1)
    await expect(lines.first()).toContainText('ไม่สำเร็จ')
    // The refused withdrawal's ฿1,000 was given back: not shown as taken.
    await expect(lines.first().getByTestId('history-amount')).toHaveText('฿1,000.00')
    await expect(lines.first().getByTestId('history-amount-note')).toHaveText('คืนเงินแล้ว')

    // A range of days through the Thai date choices: the day of the refused withdrawal.
    const day = bangkokDaysAgo(16)
    await page.getByLabel('สถานะ').selectOption({ label: 'ทั้งหมด' })
    await chooseDate(page, 'ตั้งแต่วันที่', day)
    await chooseDate(page, 'ถึงวันที่', day)
    await button(page, 'กรองรายการ').click()
    await expect(page).toHaveURL(`${HISTORY}&kind=&status=&from=${day}&to=${day}`)
    await expect(lines).toHaveCount(1)
    await expect(lines.first()).toContainText('คืนเงินแล้ว')
    const [y = 0, , d = 0] = day.split('-').map(Number)
    await expect(page.getByText(/^ช่วงวันที่:/)).toContainText(`${d} `)
    await expect(page.getByText(/^ช่วงวันที่:/)).toContainText(String(y + 543))

    await page.goto(`${HISTORY}&from=2090-01-01`)
    await expect(page.getByText('ไม่พบรายการตามตัวกรอง')).toBeVisible()
  })
})

test('the history’s Thai date choices filter a range of days once the page is interactive', async ({
  page,
  context,
}) => {
  await loginAs(context)
  await page.goto(HISTORY)
  await hydrated(page)
  // No native date field (it would show mm/dd/yyyy): day, Thai month, Buddhist-era year
  // (the month's first option is its placeholder, เดือน).
  await expect(page.locator('input[type="date"]')).toHaveCount(0)
  const from = page.getByRole('group', { name: 'ตั้งแต่วันที่', exact: true })
  await expect(from.getByLabel('เดือน', { exact: true }).locator('option').nth(12)).toHaveText(
    'ธันวาคม',
  )
  const day = bangkokDaysAgo(16)
  await chooseDate(page, 'ตั้งแต่วันที่', day)
  await chooseDate(page, 'ถึงวันที่', day)
  await button(page, 'กรองรายการ').click()
  await expect(page).toHaveURL(`${HISTORY}&kind=&status=&from=${day}&to=${day}`)
  const lines = page.getByTestId('history-line')
  await expect(lines).toHaveCount(1)
  await expect(lines.first().getByTestId('history-amount')).toHaveText('฿1,000.00')
  // The choices show the chosen day again, in the Buddhist era.
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number)
  await expect(from.getByLabel('วันที่', { exact: true })).toHaveValue(String(d))
  await expect(from.getByLabel('เดือน', { exact: true })).toHaveValue(String(m))
  await expect(from.getByLabel('ปี พ.ศ.', { exact: true })).toHaveValue(String(y + 543))
})

for (const javaScriptEnabled of [true, false]) {
  test(`a reversed date range says so and keeps the six choices${javaScriptEnabled ? '' : ' (without JavaScript)'}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      extraHTTPHeaders: clientAddress(73),
    })
    await loginAs(context)
    const page = await context.newPage()
    await page.goto(HISTORY)
    if (javaScriptEnabled) await hydrated(page)
    const from = bangkokDaysAgo(2)
    const to = bangkokDaysAgo(20)
    await chooseDate(page, 'ตั้งแต่วันที่', from)
    await chooseDate(page, 'ถึงวันที่', to)
    await button(page, 'กรองรายการ').click()
    await expect(page).toHaveURL(`${HISTORY}&kind=&status=&from=${from}&to=${to}`)
    await expect(page.getByText('วันที่เริ่มต้นต้องไม่หลังวันที่สิ้นสุด ระบบจึงไม่ได้กรองตามช่วงวันที่')).toBeVisible()
    // Not filtered by the range: the whole first page.
    await expect(page.getByTestId('history-line')).toHaveCount(20)
    // The member's six choices are still there, to correct one of them.
    for (const [legend, day] of [
      ['ตั้งแต่วันที่', from],
      ['ถึงวันที่', to],
    ] as const) {
      const group = page.getByRole('group', { name: legend, exact: true })
      const [y = 0, m = 0, d = 0] = day.split('-').map(Number)
      await expect(group.getByLabel('วันที่', { exact: true })).toHaveValue(String(d))
      await expect(group.getByLabel('เดือน', { exact: true })).toHaveValue(String(m))
      await expect(group.getByLabel('ปี พ.ศ.', { exact: true })).toHaveValue(String(y + 543))
    }
    await context.close()
  })
}

test('tampered history links and a backend failure give Thai messages, not a 500', async ({
  page,
  context,
}) => {
  await loginAs(context)
  const response = await page.goto(`${HISTORY}&kind=cash&page=-3&from=2026-13-45`)
  expect(response?.status()).toBe(200)
  await expect(page.getByText('ตัวกรองบางค่าไม่ถูกต้อง ระบบจึงไม่ได้นำมาใช้')).toBeVisible()
  await expect(page.getByTestId('history-line')).toHaveCount(20)

  await mock.fail({ path: '/wallet/transactions', status: 503 })
  const down = await page.goto(HISTORY)
  expect(down?.status()).toBe(200)
  await expect(page.getByText('เกิดข้อผิดพลาดจากระบบ กรุณาลองใหม่อีกครั้ง')).toBeVisible()
  await expect(button(page, 'กรองรายการ')).toBeVisible()
})

test('a watcher sees the withdraw tab but cannot withdraw', async ({ page, context }) => {
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  await page.goto(WITHDRAW)
  await hydrated(page)
  await expect(page.getByText(/โหมดผู้ดูแล: ดูได้อย่างเดียว/).first()).toBeVisible()
  await expect(button(page, 'ถัดไป: ตรวจสอบรายการ')).toBeDisabled()
  const key = await page.locator('input[name="idempotencyKey"]').inputValue()
  const response = await page.request.post(WITHDRAW, {
    form: { intent: 'withdraw-confirm', amount: '500', idempotencyKey: key },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(response.status()).toBe(403)
  expect(await mock.calls('/wallet/withdrawals')).toHaveLength(0)
  await page.goto(WITHDRAW)
  await expect(balance(page)).toHaveText('฿1,520.50')
})

test(
  '/transaction withdraw and history: axe and 360 px',
  { tag: '@layout' },
  async ({ page, context }) => {
    // axe is slow on a busy machine: four pages of it.
    test.setTimeout(300_000)
    await page.setViewportSize({ width: 360, height: 740 })
    await loginAs(context)
    for (const url of [WITHDRAW, HISTORY, `${HISTORY}&kind=cash`]) {
      await page.goto(url)
      await hydrated(page)
      expect(await seriousViolations(page), url).toEqual([])
      const overflow = await sidewaysOverflow(page)
      expect(overflow, url).toBeLessThanOrEqual(0)
    }
    // The review step too.
    await page.goto(WITHDRAW)
    await hydrated(page)
    await amountField(page).fill('500')
    await button(page, 'ถัดไป: ตรวจสอบรายการ').click()
    await expect(page.getByRole('heading', { name: 'ตรวจสอบรายการถอน' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  },
)
