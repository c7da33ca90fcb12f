/**
 * Staff logins from the tests' side: the six-digit code of a demo staff
 * account, either computed here from its TOTP secret (as the staff person's
 * authenticator app would) or asked of the demo backend (POST
 * /__mock/staff-otp: on the backend's own clock, and never a code already
 * used). A code lets one login in only: a second login of the same account
 * within the same 30 s needs the backend's answer (the next step's code).
 */
import { MOCK_URL } from '../../../playwright.config'
import { SEED_STAFF, staffTotp } from '../../mock-backend/staff-accounts'

export const STAFF = {
  support: SEED_STAFF[0]!,
  supervisor: SEED_STAFF[1]!,
} as const

/** The code of `username`'s authenticator app now (real time). */
export function staffOtp(username: string, now = Date.now()): string {
  const account = SEED_STAFF.find((s) => s.username === username)
  if (!account) throw new Error(`no demo staff named ${username}`)
  return staffTotp(account).generate({ timestamp: now })
}

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
