/** Logging in through the real /login form, and reading the session the browser holds. */
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { readSessionCookie, type SessionPayload } from '~/session/cookie.server'
import { E2E_SESSION_SECRET } from '../../../playwright.config'

export const DEMO = { username: 'demo', password: 'demo1234', displayName: 'สมชาย ใจดี' }

/** Logs out the way a member does: the menu, then its ออกจากระบบ button. */
export async function logOutThroughMenu(page: Page) {
  await page.getByLabel('เมนู', { exact: true }).click()
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click()
}

/** Fills and sends the login form of the page the browser is on. */
export async function submitLogin(page: Page, username = DEMO.username, password = DEMO.password) {
  await page.locator('input[name="username"]').fill(username)
  await page.locator('input[name="password"]').fill(password)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
}

/** The demo member logs in through the /login form and lands on the home, their name in the header. */
export async function loginThroughForm(page: Page) {
  await page.goto('/login')
  await submitLogin(page)
  await expect(page).toHaveURL('/')
  await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
}

/**
 * The session cookie of a login whose tokens are in the shared store
 * (decision 0134): a small cookie, read with the e2e secret.
 */
export async function storedSessionCookie(context: BrowserContext) {
  const cookie = await sessionCookies(context)
  expect(cookie.length).toBeLessThan(160)
  return readSessionCookie(cookie, [E2E_SESSION_SECRET])
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
