/**
 * The account forms for everyone: axe finds no serious or critical violation
 * on /login, /register and /forget (each step, with errors showing too), and
 * each fits a 360 px wide phone without sideways scrolling.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { clientAddress, hydrated, sentOtp } from './support/accounts'
import { mock } from './support/mock'

test.use({ extraHTTPHeaders: clientAddress(15), viewport: { width: 360, height: 740 } })

test.beforeEach(async () => {
  await mock.reset()
})

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([])
  const overflow = await sidewaysOverflow(page)
  expect(overflow, `${what}: no sideways scrolling at 360 px`).toBeLessThanOrEqual(0)
}

const submit = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click()

test('/login, empty and with errors', { tag: '@layout' }, async ({ page }) => {
  await page.goto('/login')
  await hydrated(page)
  await expectAccessible(page, 'login')
  await submit(page, 'เข้าสู่ระบบ')
  await expect(page.getByText('กรุณากรอกชื่อผู้ใช้')).toBeVisible()
  await expectAccessible(page, 'login with field errors')
  await page.getByLabel('ชื่อผู้ใช้').fill('demo')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('wrong-password')
  await submit(page, 'เข้าสู่ระบบ')
  await expect(page.getByRole('alert')).toHaveText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')
  await expectAccessible(page, 'login with the backend refusal')
})

test('/register, every step', { tag: '@layout' }, async ({ page }) => {
  // Four or five axe scans of a multi-step form: 16-30 s on CI's two busy cores, so three
  // times the 30 s budget (the assertions are the same).
  test.slow()
  await page.goto('/register')
  await hydrated(page)
  await expectAccessible(page, 'register: account')
  await submit(page, 'ถัดไป')
  await expect(page.getByText('กรุณากรอกชื่อผู้ใช้')).toBeVisible()
  await expectAccessible(page, 'register: account with errors')

  await page.getByLabel('ชื่อผู้ใช้').fill('newbie01')
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('newbie-pass')
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('newbie-pass')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0651234567')
  await submit(page, 'ถัดไป')
  await expect(page.getByLabel('เลขที่บัญชี')).toBeVisible()
  await expectAccessible(page, 'register: bank')

  await page.getByLabel('ธนาคาร', { exact: true }).selectOption('034')
  await page.getByLabel('เลขที่บัญชี').fill('123456789012')
  await page.getByLabel('ชื่อบัญชี').fill('สมปอง ลองสมัคร')
  await submit(page, 'ถัดไป')
  await expect(page.getByRole('checkbox')).toBeVisible()
  await submit(page, 'สมัครสมาชิก')
  await expect(page.getByText('กรุณายอมรับเงื่อนไขการใช้บริการก่อนสมัครสมาชิก')).toBeVisible()
  await expectAccessible(page, 'register: finish with an error')
})

test('/forget, every step', { tag: '@layout' }, async ({ page }) => {
  // Four or five axe scans of a multi-step form: 16-30 s on CI's two busy cores, so three
  // times the 30 s budget (the assertions are the same).
  test.slow()
  await page.goto('/forget')
  await hydrated(page)
  await expectAccessible(page, 'forget: phone')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0812345678')
  await submit(page, 'ขอรหัส OTP')
  await expect(page.getByTestId('otp-ref')).toBeVisible()
  await expectAccessible(page, 'forget: otp')

  await page.getByLabel('รหัส OTP').fill((await sentOtp('0812345678')).otp)
  await submit(page, 'ยืนยันรหัส OTP')
  await expect(page.getByLabel('รหัสผ่านใหม่', { exact: true })).toBeVisible()
  await submit(page, 'เปลี่ยนรหัสผ่าน')
  await expect(page.getByText('กรุณากรอกรหัสผ่านใหม่')).toBeVisible()
  await expectAccessible(page, 'forget: new password with errors')
})
