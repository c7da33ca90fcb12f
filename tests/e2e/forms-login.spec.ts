/**
 * The login form: validation as members type and leave fields, the focus on
 * the first invalid field, the backend's refusals in Thai without losing the
 * username, show/hide password, and the way out to register and recovery.
 */
import { expect, test } from '@playwright/test'
import { clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'

test.use({ extraHTTPHeaders: clientAddress(11) })

test.beforeEach(async ({ page }) => {
  await mock.reset()
  await page.goto('/login')
  await hydrated(page)
})

test('shows required errors on blur and clears them as the member types', async ({ page }) => {
  const username = page.getByLabel('ชื่อผู้ใช้')
  await username.focus()
  await username.blur()
  const error = page.getByText('กรุณากรอกชื่อผู้ใช้')
  await expect(error).toBeVisible()
  await expect(username).toHaveAttribute('aria-invalid', 'true')
  const errorId = await error.getAttribute('id')
  expect(errorId).toBeTruthy()
  await expect(username).toHaveAttribute('aria-describedby', errorId!)

  await username.pressSequentially('de')
  await expect(error).toBeHidden()
  await expect(username).not.toHaveAttribute('aria-invalid', 'true')
  await expect(username).not.toHaveAttribute('aria-describedby', /.+/)

  // Validation on input: clearing the field brings the message back without leaving it.
  await username.fill('')
  await expect(error).toBeVisible()
  await expect(username).toBeFocused()
})

test('submitting empty shows both errors, focuses the username and calls no backend', async ({
  page,
}) => {
  await mock.clearCalls()
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByText('กรุณากรอกชื่อผู้ใช้')).toBeVisible()
  await expect(page.getByText('กรุณากรอกรหัสผ่าน')).toBeVisible()
  await expect(page.getByLabel('ชื่อผู้ใช้')).toBeFocused()
  expect(await mock.calls('/auth/login')).toEqual([])

  await page.getByLabel('ชื่อผู้ใช้').fill('demo')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'รหัสผ่าน' })).toBeFocused()
})

test('a wrong password is refused in Thai; the username stays, the password does not', async ({
  page,
}) => {
  await page.getByLabel('ชื่อผู้ใช้').fill('demo')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('wrong-password')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('demo')
  await expect(page.getByRole('textbox', { name: 'รหัสผ่าน' })).toHaveValue('')
})

test('a locked member is told so', async ({ page }) => {
  await page.getByLabel('ชื่อผู้ใช้').fill('locked')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('locked1234')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อฝ่ายบริการสมาชิก')
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('locked')
})

test('the backend rate limit (429) is shown in Thai on the form', async ({ page }) => {
  await mock.fail({ path: '/auth/login', status: 429 })
  await page.getByLabel('ชื่อผู้ใช้').fill('demo')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('demo1234')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('มีการเรียกใช้งานบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่')
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('demo')
})

test('show / hide password', async ({ page }) => {
  const password = page.getByRole('textbox', { name: 'รหัสผ่าน' })
  await password.fill('demo1234')
  await expect(password).toHaveAttribute('type', 'password')
  const toggle = page.getByRole('button', { name: 'แสดงรหัสผ่าน' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'text')
  await expect(page.getByRole('button', { name: 'ซ่อนรหัสผ่าน' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.getByRole('button', { name: 'ซ่อนรหัสผ่าน' }).click()
  await expect(password).toHaveAttribute('type', 'password')
  await expect(password).toHaveValue('demo1234')
})

test('logs in and returns to the page the member wanted, with a welcome toast', async ({
  page,
}) => {
  await page.goto('/login?redirectTo=%2Fprofile')
  await hydrated(page)
  await page.getByLabel('ชื่อผู้ใช้').fill('demo')
  await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('demo1234')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText('ยินดีต้อนรับ สมชาย ใจดี')).toBeVisible()
})

test('links to registration and password recovery; the LINE button still goes to LINE', async ({
  page,
}) => {
  await expect(page.getByRole('link', { name: 'สมัครสมาชิก' })).toHaveAttribute('href', '/register')
  await expect(page.getByRole('link', { name: 'ลืมรหัสผ่าน?' })).toHaveAttribute('href', '/forget')
  await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click()
  await expect(page.getByText('อนุญาตให้เข้าสู่ระบบด้วย LINE')).toBeVisible()
})
