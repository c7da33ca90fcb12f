/**
 * Staff logins from the e2e tests' side: the demo staff accounts, and the
 * six-digit code of one asked of the demo backend (POST /__mock/staff-otp:
 * on the backend's own clock, and never a code already used; the code an
 * authenticator app computes from the secret is staffOtp in
 * tests/mock-backend/staff-accounts.ts). A code lets one login in only: a
 * second login of the same account within the same 30 s needs the
 * backend's answer (the next step's code).
 */
import type { Page } from '@playwright/test'
import { MOCK_URL } from '../../../playwright.config'
import { SEED_STAFF, type StaffAccount } from '../../mock-backend/staff-accounts'

export const STAFF = {
  support: SEED_STAFF[0]!,
  supervisor: SEED_STAFF[1]!,
} as const

/** The code the demo backend takes for `username` now (its clock; not used yet). */
export async function mockStaffOtp(username: string, baseUrl = MOCK_URL): Promise<string> {
  const response = await fetch(`${baseUrl}/__mock/staff-otp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username }),
  })
  if (!response.ok) throw new Error(`no staff code for ${username}: ${response.status}`)
  return ((await response.json()) as { data: { otp: string } }).data.otp
}

/** Logs `account` in through the staff login form (a fresh code of the demo backend's). */
export async function staffLoginThroughForm(
  page: Page,
  account: Pick<StaffAccount, 'username' | 'password'> = STAFF.support,
): Promise<void> {
  const otp = await mockStaffOtp(account.username)
  await page.goto('/staff/login')
  await page.getByLabel('ชื่อผู้ใช้เจ้าหน้าที่').fill(account.username)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(account.password)
  await page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(otp)
  await page.getByRole('button', { name: 'เข้าสู่ระบบเจ้าหน้าที่' }).click()
}
