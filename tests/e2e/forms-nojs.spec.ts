/**
 * Login, each registration step and each recovery step with JavaScript off:
 * plain form posts, the server's checks, its errors in the page, the focus on
 * the first invalid field by `autofocus`.
 */
import { expect, test, type Page } from '@playwright/test'
import { backendLoginStatus, clientAddress, sentOtp } from './support/accounts'
import { mock } from './support/mock'

test.use({ javaScriptEnabled: false, extraHTTPHeaders: clientAddress(14) })

test.beforeEach(async () => {
  await mock.reset()
})

const stepHeading = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeVisible()

async function noScripts(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
}

test('login: server-side errors, the backend refusal, then success', async ({ page }) => {
  await page.goto('/login')
  await noScripts(page)
  // Show/hide needs JavaScript: it is not offered without.
  await expect(page.getByRole('button', { name: 'แสดงรหัสผ่าน' })).toHaveCount(0)

  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByText('กรุณากรอกชื่อผู้ใช้')).toBeVisible()
  await expect(page.getByText('กรุณากรอกรหัสผ่าน')).toBeVisible()
  const username = page.getByLabel('ชื่อผู้ใช้')
  await expect(username).toHaveAttribute('aria-invalid', 'true')
  await expect(username).toHaveAttribute('aria-describedby', 'login-username-error')
  await expect(username).toBeFocused()

  await username.fill('demo')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('wrong-password')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('demo')
  await expect(page.getByRole('textbox', { name: 'รหัสผ่าน' })).toHaveValue('')

  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('demo1234')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('สวัสดี สมชาย ใจดี')).toBeVisible()
})

test('registration: every step, an error on each, and going back', async ({ page }) => {
  await page.goto('/register?ref=FRIEND1')
  await noScripts(page)
  await expect(page.getByLabel('รหัสผู้แนะนำ (ถ้ามี)')).toHaveValue('FRIEND1')

  // Step 1: the server's checks, then the backend's.
  await page.getByLabel('ชื่อผู้ใช้').fill('newbie01')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0712345678')
  await page.getByRole('button', { name: 'ถัดไป' }).click()
  await expect(page.getByText('กรุณากรอกรหัสผ่าน', { exact: true })).toBeVisible()
  await expect(page.getByText('เบอร์โทรศัพท์มือถือต้องขึ้นต้นด้วย 06, 08 หรือ 09')).toBeVisible()
  await expect(page.getByLabel('รหัสผ่าน', { exact: true })).toBeFocused()
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('newbie01')

  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('newbie-pass')
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('newbie-pass')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0812345678')
  await page.getByRole('button', { name: 'ถัดไป' }).click()
  await expect(page.getByText(/เบอร์โทรศัพท์นี้สมัครสมาชิกไว้แล้ว/)).toBeVisible()
  await expect(page.getByLabel('เบอร์โทรศัพท์มือถือ')).toBeFocused()

  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('newbie-pass')
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('newbie-pass')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0651234567')
  await page.getByRole('button', { name: 'ถัดไป' }).click()

  // Step 2, a wrong length for the bank, then back and forward again.
  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')
  await page.getByLabel('ธนาคาร', { exact: true }).selectOption('030')
  await page.getByLabel('เลขที่บัญชี').fill('1234567890')
  await page.getByLabel('ชื่อบัญชี').fill('สมปอง ลองสมัคร')
  await page.getByRole('button', { name: 'ถัดไป' }).click()
  await expect(page.getByText('เลขที่บัญชีของธนาคารออมสินต้องมี 12 หลัก')).toBeVisible()
  await expect(page.getByLabel('เลขที่บัญชี')).toBeFocused()
  await page.getByRole('button', { name: 'ย้อนกลับ' }).click()

  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: ข้อมูลบัญชี')
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('newbie01')
  await expect(page.getByLabel('เบอร์โทรศัพท์มือถือ')).toHaveValue('0651234567')
  await page.getByRole('button', { name: 'ถัดไป' }).click()

  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')
  await expect(page.getByLabel('ธนาคาร', { exact: true })).toHaveValue('030')
  await expect(page.getByLabel('ชื่อบัญชี')).toHaveValue('สมปอง ลองสมัคร')
  await page.getByLabel('เลขที่บัญชี').fill('123456789012')
  await page.getByRole('button', { name: 'ถัดไป' }).click()

  // Step 3.
  await stepHeading(page, 'ขั้นตอนที่ 3 จาก 3: ยืนยันการสมัคร')
  await page.getByRole('button', { name: 'สมัครสมาชิก' }).click()
  await expect(page.getByText('กรุณายอมรับเงื่อนไขการใช้บริการก่อนสมัครสมาชิก')).toBeVisible()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'สมัครสมาชิก' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('สวัสดี สมปอง ลองสมัคร')).toBeVisible()
  expect(await backendLoginStatus('newbie01', 'newbie-pass')).toBe(200)
})

test('password recovery: every step, with a wrong OTP and a mismatched confirmation', async ({
  page,
}) => {
  await page.goto('/forget')
  await noScripts(page)
  await page.getByRole('button', { name: 'ขอรหัส OTP' }).click()
  await expect(page.getByText('กรุณากรอกเบอร์โทรศัพท์มือถือ')).toBeVisible()
  await expect(page.getByLabel('เบอร์โทรศัพท์มือถือ')).toBeFocused()
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0898765432')
  await page.getByRole('button', { name: 'ขอรหัส OTP' }).click()

  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: รหัส OTP')
  const sms = await sentOtp('0898765432')
  await expect(page.getByTestId('otp-ref')).toHaveText(sms.ref)
  const wrong = sms.otp === '000000' ? '111111' : '000000'
  await page.getByLabel('รหัส OTP').fill(wrong)
  await page.getByRole('button', { name: 'ยืนยันรหัส OTP' }).click()
  await expect(page.getByText('รหัส OTP ไม่ถูกต้อง กรุณาตรวจสอบแล้วลองอีกครั้ง')).toBeVisible()
  await expect(page.getByLabel('รหัส OTP')).toBeFocused()
  await page.getByLabel('รหัส OTP').fill(sms.otp)
  await page.getByRole('button', { name: 'ยืนยันรหัส OTP' }).click()

  await stepHeading(page, 'ขั้นตอนที่ 3 จาก 3: รหัสผ่านใหม่')
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('fresh-pass-1')
  await page.getByLabel('ยืนยันรหัสผ่านใหม่', { exact: true }).fill('fresh-pass-2')
  await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click()
  await expect(page.getByText('การยืนยันรหัสผ่านใหม่ไม่ตรงกัน')).toBeVisible()
  await expect(page.getByLabel('รหัสผ่านใหม่', { exact: true })).toHaveValue('')
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('fresh-pass-1')
  await page.getByLabel('ยืนยันรหัสผ่านใหม่', { exact: true }).fill('fresh-pass-1')
  await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click()

  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('ชื่อผู้ใช้').fill('somsri')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('fresh-pass-1')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByText('สวัสดี สมศรี มีสุข')).toBeVisible()
})
