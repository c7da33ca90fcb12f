/**
 * Registration and password recovery from the tests' side: the OTP the demo
 * backend "sent" (GET /__mock/otp), its OTP settings, and direct logins to
 * prove which password a member has.
 */
import { expect, type Page } from '@playwright/test'
import { MOCK_URL } from '../../../playwright.config'

export interface SentOtp {
  phone: string
  ref: string
  otp: string
  expiresAt: number
}

/** The OTP last sent to `phone`, as the member's SMS would show it. */
export async function sentOtp(phone: string): Promise<SentOtp> {
  const response = await fetch(`${MOCK_URL}/__mock/otp?phone=${encodeURIComponent(phone)}`)
  if (!response.ok) throw new Error(`no OTP for ${phone}: ${response.status}`)
  return ((await response.json()) as { data: SentOtp }).data
}

export async function otpSettings(settings: {
  ttlSeconds?: number
  resendSeconds?: number
  maxAttempts?: number
}): Promise<void> {
  const response = await fetch(`${MOCK_URL}/__mock/otp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
  })
  if (!response.ok) throw new Error(`otp settings: ${response.status}`)
}

/** The backend's answer to a login with these credentials (status only). */
export async function backendLoginStatus(username: string, password: string): Promise<number> {
  const response = await fetch(`${MOCK_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return response.status
}

/**
 * A distinct client address per test file: the app limits login attempts per
 * address, and every test browser comes from 127.0.0.1.
 */
export function clientAddress(n: number): Record<string, string> {
  return { 'X-Forwarded-For': `198.51.100.${n}` }
}

/** The page has hydrated (root sets data-hydrated): client validation is on. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}
