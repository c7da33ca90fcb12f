/**
 * Saved number sets: a member creates a set, adds lines with กลับเลข,
 * renames it, changes an amount, removes a line, plays it ("ใช้ชุดนี้") and
 * deletes it after the confirm step; the same without JavaScript; Thai
 * errors; the 404 page for ids that are not the member's; a watcher sees
 * the forms disabled; axe at 360 px.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.beforeEach(async ({ context }) => {
  // Whole journeys on a phone profile: more than the default 30 s on a slow machine.
  test.slow()
  await mock.reset()
  await loginAs(context)
})

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const lines = (page: Page) => page.getByRole('region', { name: /เลขในชุด/ }).getByRole('listitem')

async function createSet(page: Page, name: string) {
  await page.goto('/lotto/stake-set')
  await page.getByLabel('ชื่อชุด', { exact: true }).fill(name)
  await button(page, 'สร้างชุด').click()
  await expect(page).toHaveURL(/\/lotto\/stake-set\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function addReversed(page: Page, kind: string, number: string, amount: string) {
  await page.getByRole('checkbox', { name: kind }).check()
  await page.getByLabel('ตัวเลข', { exact: true }).fill(number)
  await page.getByRole('radio', { name: 'กลับเลข' }).check()
  await page.getByLabel('จำนวนเงิน (บาท)', { exact: true }).fill(amount)
  await button(page, 'เพิ่มเลข').click()
}

async function deleteWithConfirm(page: Page, name: string) {
  await page.getByRole('link', { name: 'ลบชุดนี้' }).click()
  await expect(page).toHaveURL(/\?confirm=delete$/)
  await expect(page.getByRole('heading', { name: `ยืนยันการลบชุด “${name}”?` })).toBeVisible()
  await button(page, 'ยืนยันการลบ').click()
  await expect(page).toHaveURL(/\/lotto\/stake-set$/)
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0)
}

test('a member creates, fills, renames, edits, plays and deletes a set', async ({ page }) => {
  await page.goto('/lotto/stake-set')
  await hydrated(page)
  // The demo member's two seeded sets.
  await expect(page.getByRole('heading', { name: 'ชุดของฉัน (2)' })).toBeVisible()

  await createSet(page, 'ชุดทดสอบ')
  await hydrated(page)
  await expect(page.getByText('ยังไม่มีเลขในชุดนี้')).toBeVisible()

  // A 2-digit number for 3 ตัวบน: the browser's check, in Thai.
  await page.getByRole('checkbox', { name: '3 ตัวบน' }).check()
  await page.getByLabel('ตัวเลข', { exact: true }).fill('12')
  await button(page, 'เพิ่มเลข').click()
  await expect(page.getByText('ตัวเลขต้องมี 3 หลักตามประเภทที่เลือก')).toBeVisible()

  await page.getByLabel('ตัวเลข', { exact: true }).fill('123')
  await page.getByRole('radio', { name: 'กลับเลข' }).check()
  await expect(page.getByText('จะเพิ่ม 6 รายการ')).toBeVisible()
  await page.getByLabel('จำนวนเงิน (บาท)', { exact: true }).fill('20')
  await button(page, 'เพิ่มเลข').click()
  await expect(lines(page)).toHaveCount(6)
  await expect(page.getByText('6 รายการ · รวม ฿120.00')).toBeVisible()
  // The form starts afresh for the next entry.
  await expect(page.getByLabel('ตัวเลข', { exact: true })).toHaveValue('')

  await page.getByLabel('ชื่อชุด', { exact: true }).fill('ชุดวันหวยออก')
  await button(page, 'บันทึกชื่อ').click()
  await expect(page.getByRole('heading', { level: 1, name: 'ชุดวันหวยออก' })).toBeVisible()

  await page.getByLabel('จำนวนเงิน (บาท) 3 ตัวบน 321').fill('50')
  await button(page, 'บันทึกจำนวนเงิน').click()
  await expect(page.getByText('6 รายการ · รวม ฿150.00')).toBeVisible()

  await page.getByRole('button', { name: 'ลบ 3 ตัวบน 132' }).click()
  await expect(lines(page)).toHaveCount(5)

  const setId = /\/(\d+)$/.exec(page.url())?.[1] ?? ''
  await page.getByLabel('ประเภทหวย').selectOption('lao')
  await button(page, 'ใช้ชุดนี้').click()
  // The slip takes the set's lines but 123 (closed, เลขอั้น) and leaves `set` out of the address.
  await expect(page).toHaveURL('/lotto/stake?lotto=lao')
  await expect(page.getByTestId('slip-line')).toHaveCount(4)
  // The loader's redirect brought a toast: shown here, on the slip, not on a later page.
  const poured = page.getByText('เติมเลขจาก “ชุดวันหวยออก” ลงโพยแล้ว', { exact: false })
  await expect(poured).toBeVisible()

  await page.goto(`/lotto/stake-set/${setId}`)
  await hydrated(page)
  await expect(poured).toHaveCount(0)
  await deleteWithConfirm(page, 'ชุดวันหวยออก')
  await expect(page.getByRole('heading', { name: 'ชุดของฉัน (2)' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("create, add with กลับเลข, the server's errors, delete with confirm", async ({ page }) => {
    await page.goto('/lotto/stake-set')
    await button(page, 'สร้างชุด').click()
    await expect(page.getByText('กรุณากรอกชื่อชุด')).toBeVisible()

    await createSet(page, 'ชุดไม่มีสคริปต์')
    await button(page, 'เพิ่มเลข').click()
    await expect(page.getByText('กรุณากรอกประเภทการแทง')).toBeVisible()

    // 19 ประตู needs 2-digit kinds.
    await page.getByRole('checkbox', { name: '3 ตัวบน' }).check()
    await page.getByLabel('ตัวเลข', { exact: true }).fill('5')
    await page.getByRole('radio', { name: '19 ประตู' }).check()
    await button(page, 'เพิ่มเลข').click()
    await expect(page.getByText('19 ประตู ใช้ได้กับ 2 ตัวบนและ 2 ตัวล่างเท่านั้น')).toBeVisible()
    await expect(page.getByLabel('ตัวเลข', { exact: true })).toHaveValue('5')

    await page.getByRole('checkbox', { name: '3 ตัวบน' }).uncheck()
    await addReversed(page, '2 ตัวล่าง', '47', '30')
    await expect(lines(page)).toHaveCount(2)
    await expect(page.getByText('2 รายการ · รวม ฿60.00')).toBeVisible()

    await page.getByLabel('จำนวนเงิน (บาท) 2 ตัวล่าง 74').fill('abc')
    await button(page, 'บันทึกจำนวนเงิน').click()
    await expect(page.getByRole('alert').filter({ hasText: '2 ตัวล่าง 74' })).toContainText(
      'จำนวนเงินต้องเป็นจำนวนเต็ม',
    )

    await deleteWithConfirm(page, 'ชุดไม่มีสคริปต์')
  })
})

test("ids that are not the member's sets are the 404 page", async ({ page, context }) => {
  for (const url of ['/lotto/stake-set/abc', '/lotto/stake-set/9999']) {
    const response = await page.goto(url)
    expect(response?.status(), url).toBe(404)
    await expect(page.getByText('404', { exact: true })).toBeVisible()
  }
  // Set 1 is the demo member's; somsri gets the 404 for it.
  await context.clearCookies()
  await loginAs(context, 'somsri')
  const response = await page.goto('/lotto/stake-set/1')
  expect(response?.status()).toBe(404)
  await page.goto('/lotto/stake-set')
  await expect(page.getByText('ยังไม่มีชุดตัวเลข')).toBeVisible()
})

test('a watcher looks, with the forms disabled', async ({ page, context }) => {
  await context.clearCookies()
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  await page.goto('/lotto/stake-set')
  await expect(page.getByText('โหมดผู้ดูแล: ดูชุดตัวเลขได้อย่างเดียว')).toBeVisible()
  await expect(button(page, 'สร้างชุด')).toBeDisabled()
  await page.goto('/lotto/stake-set/1')
  await expect(button(page, 'เพิ่มเลข')).toBeDisabled()
  await expect(button(page, 'บันทึกชื่อ')).toBeDisabled()
  await expect(page.getByRole('link', { name: 'ลบชุดนี้' })).toHaveCount(0)
})

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const url of [
    '/lotto/stake-set',
    '/lotto/stake-set/1',
    '/lotto/stake-set/1?confirm=delete',
  ]) {
    test(`axe and no sideways scrolling: ${url}`, async ({ page }) => {
      await page.goto(url)
      await hydrated(page)
      const serious = await seriousViolations(page)
      expect(serious).toEqual([])
      const overflow = await sidewaysOverflow(page)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }
})
