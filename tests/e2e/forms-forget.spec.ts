/**
 * Password recovery on /forget: mobile number -> OTP (read from the demo
 * backend, as the member would read the SMS) -> new password -> /login,
 * where the new password works. Also the resend countdown, wrong OTPs and
 * changing the number.
 */
import { expect, test, type Page } from '@playwright/test'
import {
  backendLoginStatus,
  clientAddress,
  hydrated,
  otpSettings,
  sentOtp,
} from './support/accounts'
import { mock } from './support/mock'

test.use({ extraHTTPHeaders: clientAddress(13) })

const DEMO_PHONE = '0812345678'

const stepHeading = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeVisible()

async function requestOtp(page: Page, phone = DEMO_PHONE) {
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(phone)
  await page.getByRole('button', { name: 'ขอรหัส OTP' }).click()
  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: รหัส OTP')
}

async function enterOtp(page: Page, otp: string) {
  await page.getByLabel('รหัส OTP').fill(otp)
  await page.getByRole('button', { name: 'ยืนยันรหัส OTP' }).click()
}

test.beforeEach(async ({ page }) => {
  await mock.reset()
  await page.goto('/forget')
  await hydrated(page)
})

test('recovers the password with the OTP; the new password then logs in', async ({ page }) => {
  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: เบอร์โทรศัพท์')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0712345678')
  await expect(page.getByText('เบอร์โทรศัพท์มือถือต้องขึ้นต้นด้วย 06, 08 หรือ 09')).toBeVisible()
  await requestOtp(page)

  const sms = await sentOtp(DEMO_PHONE)
  await expect(page.getByTestId('otp-ref')).toHaveText(sms.ref)
  await expect(page.getByText('081-234-5678')).toBeVisible()

  await page.getByLabel('รหัส OTP').fill('12345')
  await page.getByLabel('รหัส OTP').blur()
  await expect(page.getByText('รหัส OTP ต้องเป็นตัวเลข 6 หลัก')).toBeVisible()
  await enterOtp(page, sms.otp)

  await stepHeading(page, 'ขั้นตอนที่ 3 จาก 3: รหัสผ่านใหม่')
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('fresh-pass-1')
  await page.getByLabel('ยืนยันรหัสผ่านใหม่', { exact: true }).fill('fresh-pass-2')
  await expect(page.getByText('การยืนยันรหัสผ่านใหม่ไม่ตรงกัน')).toBeVisible()
  await page.getByLabel('ยืนยันรหัสผ่านใหม่', { exact: true }).fill('fresh-pass-1')
  await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click()

  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('เปลี่ยนรหัสผ่านเรียบร้อยแล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่')).toBeVisible()
  expect(await backendLoginStatus('demo', 'demo1234')).toBe(401)

  await page.getByLabel('ชื่อผู้ใช้').fill('demo')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('fresh-pass-1')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('สวัสดี สมชาย ใจดี')).toBeVisible()
})

test('the resend button counts down the backend resend wait, then sends a new OTP', async ({
  page,
}) => {
  await otpSettings({ resendSeconds: 3 })
  await requestOtp(page)
  const first = await sentOtp(DEMO_PHONE)

  const resend = page.getByRole('button', { name: /ขอรหัส/ })
  await expect(resend).toBeDisabled()
  await expect(resend).toHaveText(/ขอรหัสใหม่ได้ใน [1-3] วินาที/)
  await expect(resend).toHaveText('ขอรหัส OTP ใหม่', { timeout: 6000 })
  await expect(resend).toBeEnabled()
  await resend.click()

  await expect(page.getByText('ส่งรหัส OTP ใหม่แล้ว')).toBeVisible()
  const second = await sentOtp(DEMO_PHONE)
  expect(second.ref).not.toBe(first.ref)
  await expect(page.getByTestId('otp-ref')).toHaveText(second.ref)
  await expect(resend).toBeDisabled()

  // The page now verifies against the new OTP's reference: the old code is wrong.
  const stale =
    first.otp !== second.otp
      ? first.otp
      : String((Number(second.otp) + 1) % 1_000_000).padStart(6, '0')
  await enterOtp(page, stale)
  await expect(page.getByText('รหัส OTP ไม่ถูกต้อง กรุณาตรวจสอบแล้วลองอีกครั้ง')).toBeVisible()
  await enterOtp(page, second.otp)
  await stepHeading(page, 'ขั้นตอนที่ 3 จาก 3: รหัสผ่านใหม่')
})

test('a wrong OTP is refused on the field; too many end that OTP', async ({ page }) => {
  await otpSettings({ maxAttempts: 2 })
  await requestOtp(page)
  const { otp } = await sentOtp(DEMO_PHONE)
  const wrong = otp === '000000' ? '111111' : '000000'

  await enterOtp(page, wrong)
  await expect(page.getByText('รหัส OTP ไม่ถูกต้อง กรุณาตรวจสอบแล้วลองอีกครั้ง')).toBeVisible()
  await expect(page.getByLabel('รหัส OTP')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('รหัส OTP')).toBeFocused()

  await enterOtp(page, wrong)
  await expect(page.getByRole('alert')).toHaveText('กรอกรหัส OTP ผิดเกินจำนวนครั้งที่กำหนด กรุณากดขอรหัสใหม่')
  await enterOtp(page, otp)
  await expect(page.getByRole('alert')).toHaveText('รหัส OTP หมดอายุแล้ว กรุณากดขอรหัสใหม่')
  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: รหัส OTP')
})

test('"change number" goes back to step 1 with the number kept', async ({ page }) => {
  await requestOtp(page)
  await page.getByRole('button', { name: 'เปลี่ยนเบอร์โทรศัพท์' }).click()
  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: เบอร์โทรศัพท์')
  await expect(page.getByLabel('เบอร์โทรศัพท์มือถือ')).toHaveValue(DEMO_PHONE)
  // The backend's resend wait still applies to the same number.
  await page.getByRole('button', { name: 'ขอรหัส OTP' }).click()
  await expect(page.getByRole('alert')).toHaveText('เพิ่งส่งรหัส OTP ไปเมื่อสักครู่ กรุณารอสักครู่แล้วลองใหม่')
})

test('a number that is no member gets the same OTP step, and no OTP verifies', async ({ page }) => {
  await requestOtp(page, '0999999999')
  await expect(page.getByTestId('otp-ref')).toHaveText(/^[A-Z2-9]{4}$/)
  await enterOtp(page, '123456')
  await expect(page.getByText('รหัส OTP ไม่ถูกต้อง กรุณาตรวจสอบแล้วลองอีกครั้ง')).toBeVisible()
})

test('a recovery left too long starts again, with a note', async ({ page, context }) => {
  await requestOtp(page)
  await context.clearCookies({ name: 'forget.progress' })
  await enterOtp(page, (await sentOtp(DEMO_PHONE)).otp)
  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: เบอร์โทรศัพท์')
  await expect(page.getByText('หมดเวลาการตั้งรหัสผ่านใหม่ กรุณาเริ่มใหม่อีกครั้ง')).toBeVisible()
})
