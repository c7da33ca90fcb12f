/**
 * Registration: account -> bank -> finish on /register, the checks of each
 * step (in the browser and by the backend), going back without losing
 * entries, and the new member logged in on the home page.
 */
import { expect, test, type Page } from '@playwright/test'
import { backendLoginStatus, clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'

test.use({ extraHTTPHeaders: clientAddress(12) })

const NEW_MEMBER = {
  username: 'newbie01',
  password: 'newbie-pass',
  phone: '0651234567',
  accountNumber: '1234567890',
  accountName: 'สมปอง ลองสมัคร',
}

const stepHeading = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeVisible()

async function fillAccount(page: Page, member = NEW_MEMBER) {
  await page.getByLabel('ชื่อผู้ใช้').fill(member.username)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(member.password)
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill(member.password)
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(member.phone)
}

async function fillBank(page: Page, bank = 'ธนาคารกสิกรไทย (KBANK)', number = '1234567890') {
  await page.getByLabel('ธนาคาร', { exact: true }).selectOption({ label: bank })
  await page.getByLabel('เลขที่บัญชี').fill(number)
  await page.getByLabel('ชื่อบัญชี').fill(NEW_MEMBER.accountName)
}

const next = (page: Page) => page.getByRole('button', { name: 'ถัดไป' }).click()
const back = (page: Page) => page.getByRole('button', { name: 'ย้อนกลับ' }).click()

test.beforeEach(async ({ page }) => {
  await mock.reset()
  await page.goto('/register?ref=FRIEND1')
  await hydrated(page)
})

test('registers in three steps, logs the new member in and lands home with a welcome', async ({
  page,
}) => {
  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: ข้อมูลบัญชี')
  await expect(page.getByLabel('รหัสผู้แนะนำ (ถ้ามี)')).toHaveValue('FRIEND1')
  await fillAccount(page)
  await next(page)

  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')
  // The new step starts at its top for keyboard and screen reader users.
  await expect(page.getByText('ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')).toBeFocused()
  await expect(page).toHaveURL(/\/register$/)
  await fillBank(page)
  await next(page)

  await stepHeading(page, 'ขั้นตอนที่ 3 จาก 3: ยืนยันการสมัคร')
  for (const value of [
    'newbie01',
    '0651234567',
    'FRIEND1',
    'ธนาคารกสิกรไทย',
    '1234567890',
    'สมปอง ลองสมัคร',
  ]) {
    await expect(page.getByRole('definition').filter({ hasText: value })).toBeVisible()
  }
  await page.getByRole('button', { name: 'สมัครสมาชิก' }).click()
  await expect(page.getByText('กรุณายอมรับเงื่อนไขการใช้บริการก่อนสมัครสมาชิก')).toBeVisible()
  await expect(page.getByRole('checkbox')).toBeFocused()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'สมัครสมาชิก' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('สมัครสมาชิกสำเร็จ ยินดีต้อนรับ สมปอง ลองสมัคร')).toBeVisible()
  await expect(page.getByText('สวัสดี สมปอง ลองสมัคร')).toBeVisible()
  expect(await backendLoginStatus('newbie01', 'newbie-pass')).toBe(200)
  const cookies = await page.context().cookies()
  expect(cookies.map((cookie) => cookie.name)).not.toContain('register.progress')
  // A logged-in member is a guest no more: /register sends them home.
  await page.goto('/register')
  await expect(page).toHaveURL(/\/$/)
})

test('step 1 checks each field as the member types, the backend then checks availability', async ({
  page,
}) => {
  const phone = page.getByLabel('เบอร์โทรศัพท์มือถือ')
  await phone.fill('0712345678')
  await expect(page.getByText('เบอร์โทรศัพท์มือถือต้องขึ้นต้นด้วย 06, 08 หรือ 09')).toBeVisible()
  await phone.fill('081234')
  await expect(page.getByText('เบอร์โทรศัพท์มือถือต้องเป็นตัวเลข 10 หลักพอดี')).toBeVisible()
  await expect(phone).toHaveAttribute('aria-invalid', 'true')

  const username = page.getByLabel('ชื่อผู้ใช้')
  await username.fill('ab')
  await expect(page.getByText('ชื่อผู้ใช้ต้องมีอย่างน้อย 4 ตัวอักษร')).toBeVisible()
  await username.fill('สมชาย1')
  await expect(page.getByText('ชื่อผู้ใช้ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น')).toBeVisible()

  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('newbie-pass')
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('newbie-pas')
  await expect(page.getByText('การยืนยันรหัสผ่านไม่ตรงกัน')).toBeVisible()
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('newbie-pass')
  await expect(page.getByText('การยืนยันรหัสผ่านไม่ตรงกัน')).toBeHidden()

  // Taken by a demo member (in another letter case) and a demo member's phone.
  await fillAccount(page, { ...NEW_MEMBER, username: 'Demo', phone: '0812345678' })
  await next(page)
  await expect(page.getByText('ชื่อผู้ใช้นี้มีผู้ใช้แล้ว กรุณาเลือกชื่ออื่น')).toBeVisible()
  await expect(username).toBeFocused()
  await expect(username).toHaveValue('Demo')
  await expect(phone).toHaveValue('0812345678')

  await username.fill('newbie01')
  await next(page)
  await expect(
    page.getByText('เบอร์โทรศัพท์นี้สมัครสมาชิกไว้แล้ว หากเป็นของคุณ กรุณาเข้าสู่ระบบหรือใช้เมนูลืมรหัสผ่าน'),
  ).toBeVisible()
  await expect(phone).toBeFocused()
  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: ข้อมูลบัญชี')
})

test('going back keeps every entry, the password included', async ({ page }) => {
  await fillAccount(page)
  await next(page)

  // Step 2: the account number's length depends on the bank.
  await fillBank(page, 'ธนาคารออมสิน (GSB)', '1234567890')
  await page.getByLabel('ชื่อบัญชี').focus()
  await expect(page.getByText('เลขที่บัญชีของธนาคารออมสินต้องมี 12 หลัก')).toBeVisible()
  await back(page)

  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: ข้อมูลบัญชี')
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('newbie01')
  await expect(page.getByLabel('เบอร์โทรศัพท์มือถือ')).toHaveValue('0651234567')
  await expect(page.getByLabel('รหัสผู้แนะนำ (ถ้ามี)')).toHaveValue('FRIEND1')
  // The password is held on the server, never sent back: blank keeps it.
  await expect(page.getByLabel('รหัสผ่าน', { exact: true })).toHaveValue('')
  await expect(page.getByText('เว้นว่างไว้ได้ หากต้องการใช้รหัสผ่านที่กรอกไว้แล้ว')).toBeVisible()
  await next(page)

  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')
  await expect(page.getByLabel('ธนาคาร', { exact: true })).toHaveValue('030')
  await expect(page.getByLabel('เลขที่บัญชี')).toHaveValue('1234567890')
  await expect(page.getByLabel('ชื่อบัญชี')).toHaveValue(NEW_MEMBER.accountName)
  await page.getByLabel('เลขที่บัญชี').fill('123456789012')
  await next(page)

  await stepHeading(page, 'ขั้นตอนที่ 3 จาก 3: ยืนยันการสมัคร')
  await back(page)
  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')
  await expect(page.getByLabel('เลขที่บัญชี')).toHaveValue('123456789012')
  await next(page)

  await expect(page.getByRole('definition').filter({ hasText: 'ธนาคารออมสิน' })).toBeVisible()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'สมัครสมาชิก' }).click()
  await expect(page.getByText('สวัสดี สมปอง ลองสมัคร')).toBeVisible()
  expect(await backendLoginStatus('newbie01', 'newbie-pass')).toBe(200)
})

test('a new password on the way back replaces the one held', async ({ page }) => {
  await fillAccount(page)
  await next(page)
  await back(page)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('changed-pass')
  await next(page)
  await expect(page.getByText('กรุณากรอกยืนยันรหัสผ่าน')).toBeVisible()
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('changed-pass')
  await next(page)
  await fillBank(page)
  await next(page)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'สมัครสมาชิก' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await backendLoginStatus('newbie01', 'changed-pass')).toBe(200)
  expect(await backendLoginStatus('newbie01', 'newbie-pass')).toBe(401)
})

test('the progress cookie is httpOnly, short-lived and holds no entry in clear', async ({
  page,
}) => {
  await fillAccount(page)
  await next(page)
  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')
  const progress = (await page.context().cookies()).find((c) => c.name === 'register.progress')
  expect(progress).toBeDefined()
  expect(progress).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  expect(progress!.expires * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000)
  for (const secret of ['newbie-pass', 'newbie01', '0651234567']) {
    expect(progress!.value).not.toContain(secret)
    expect(Buffer.from(progress!.value, 'base64url').toString('latin1')).not.toContain(secret)
  }
  expect(await page.evaluate(() => document.cookie)).not.toContain('register.progress')
})

test('a registration left too long starts again, with a note', async ({ page, context }) => {
  await fillAccount(page)
  await next(page)
  await stepHeading(page, 'ขั้นตอนที่ 2 จาก 3: บัญชีธนาคาร')
  await context.clearCookies({ name: 'register.progress' })
  await fillBank(page)
  await next(page)
  await stepHeading(page, 'ขั้นตอนที่ 1 จาก 3: ข้อมูลบัญชี')
  await expect(page.getByText('หมดเวลาการสมัครสมาชิก กรุณากรอกข้อมูลใหม่อีกครั้ง')).toBeVisible()
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('')
})
