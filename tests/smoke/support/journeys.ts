/**
 * Logging in and out the way people do, through the pages, for the smoke
 * tests and their preflight: a member on /login, a staff person on
 * /staff/login with the authenticator's code. A refusal is an error that
 * says in one line who could not log in where, and what the page said.
 */
import { expect, type Page } from '@playwright/test'
import type { MemberAccount, StaffAccount } from './accounts'
import { staffCode, stepAt } from './staff-code'

/** The text of the page's alert that has something to say (forms keep an empty one). */
function spokenAlert(page: Page) {
  return page.getByRole('alert').filter({ hasText: /\S/ }).first()
}

async function refusal(page: Page): Promise<string> {
  const text = await spokenAlert(page).textContent()
  return (text ?? '').replace(/\s+/g, ' ').trim()
}

/** The member's balance in the header: shown on every page once logged in. */
export const headerBalance = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^ยอดเงิน/ })

/** Logs the member in through /login; throws, saying why, when the login is refused. */
export async function logIn(page: Page, member: MemberAccount): Promise<void> {
  const loginPage = await page.goto('/login')
  const cannot = `The member "${member.username}" cannot log in at ${new URL(page.url()).origin}`
  if (loginPage && loginPage.status() >= 500) {
    throw new Error(`${cannot}: /login answered ${loginPage.status()}`)
  }
  await page.getByLabel('ชื่อผู้ใช้').fill(member.username)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await expect(headerBalance(page).or(spokenAlert(page))).toBeVisible({ timeout: 15_000 })
  if (await headerBalance(page).isVisible()) return
  throw new Error(`${cannot}: ${await refusal(page)}`)
}

/**
 * Logs the member out the way a member does: the menu, then ออกจากระบบ (on
 * the home, a page visitors see too, the member stays there as a visitor).
 * The browser keeps no session cookie after it.
 */
export async function logOut(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByLabel('เมนู', { exact: true }).click()
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click()
  await expect(headerBalance(page)).toHaveCount(0)
  const left = (await page.context().cookies()).filter((c) => c.name.includes('auth.session'))
  expect(left.map((c) => c.name)).toEqual([])
}

async function submitStaffLogin(page: Page, staff: StaffAccount, code: string) {
  await page.goto('/staff/login')
  await page.getByLabel('ชื่อผู้ใช้เจ้าหน้าที่').fill(staff.username)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(staff.password)
  await page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(code)
  await page.getByRole('button', { name: 'เข้าสู่ระบบเจ้าหน้าที่' }).click()
  // The console's logout button once signed in; the form's alert when refused.
  const signedIn = page.getByRole('button', { name: 'ออกจากระบบ' })
  await expect(signedIn.or(spokenAlert(page))).toBeVisible({ timeout: 15_000 })
  return (await spokenAlert(page).isVisible()) ? refusal(page) : null
}

/**
 * Signs the staff person in on /staff/login with the code their
 * authenticator shows now. A backend takes each 30 s step's code once: when
 * the code is refused (another run used it a moment ago), it waits for the
 * next step and tries once more with that step's code. Says how many tries it took.
 */
export async function staffLogIn(page: Page, staff: StaffAccount): Promise<{ tries: number }> {
  const step = stepAt()
  let refused = await submitStaffLogin(page, staff, staffCode(staff.totpSecret))
  if (!refused) return { tries: 1 }
  await expect.poll(() => stepAt(), { timeout: 35_000, intervals: [500] }).toBeGreaterThan(step)
  refused = await submitStaffLogin(page, staff, staffCode(staff.totpSecret))
  if (!refused) return { tries: 2 }
  throw new Error(
    `The staff account "${staff.username}" cannot sign in at ${new URL(page.url()).origin}: ${refused}`,
  )
}

/** Signs the staff person out of the console. */
export async function staffLogOut(page: Page): Promise<void> {
  await page.goto('/staff')
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click()
  await expect(page).toHaveURL(/\/staff\/login$/)
}
