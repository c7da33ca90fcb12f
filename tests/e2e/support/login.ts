/** Logging in through the real /login form, and reading the session the browser holds. */
import type { BrowserContext, Page } from '@playwright/test'
import { readSessionCookie, type SessionPayload } from '~/session/cookie.server'
import { E2E_SESSION_SECRET } from '../../../playwright.config'

export const DEMO = { username: 'demo', password: 'demo1234', displayName: 'สมชาย ใจดี' }

/** Fills and sends the login form of the page the browser is on. */
export async function submitLogin(page: Page, username = DEMO.username, password = DEMO.password) {
  await page.locator('input[name="username"]').fill(username)
  await page.locator('input[name="password"]').fill(password)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
}

/** The `auth.session*` cookies of the context, as a Cookie header. */
export async function sessionCookies(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies()
  return cookies
    .filter((c) => c.name.startsWith('auth.session'))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ')
}

/** The session the browser holds, opened with the e2e secret (null when logged out). */
export async function openedSession(context: BrowserContext): Promise<SessionPayload | null> {
  return readSessionCookie(await sessionCookies(context), [E2E_SESSION_SECRET]).payload
}
