/**
 * What an attacker can do with the session cookie (docs/decisions/0093,
 * 0094): a cookie planted in the victim's browser never outlives a login,
 * and a copy stolen before a password change (or before "log out
 * everywhere") opens nothing afterwards.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO, openedSession, submitLogin } from './support/login'
import { mock } from './support/mock'
import { loginAs } from './support/session'

const SOMSRI = 'สมหญิง รักไทย'

test.beforeEach(async () => {
  await mock.reset()
})

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

test.describe('a planted session cookie loses to a login', () => {
  test('username and password: the victim ends up in their own account', async ({
    page,
    context,
  }) => {
    await page.goto('/login')
    await hydrated(page)
    // The attacker's session, planted while the login page was open.
    const planted = await loginAs(context, 'somsri')
    await submitLogin(page)
    await expect(page).toHaveURL('/')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
    const session = await openedSession(context)
    expect(session?.strategy).toBe('local')
    expect(session?.accessToken).not.toBe(planted.accessToken)
    expect(await mock.calls('/auth/login')).toHaveLength(1)
  })

  test('without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/login')
    await loginAs(context, 'somsri')
    await submitLogin(page)
    await expect(page).toHaveURL('/')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
    await context.close()
  })

  test('LINE: the callback logs in instead of keeping the planted session', async ({
    page,
    context,
  }) => {
    await page.goto('/login')
    await hydrated(page)
    await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click()
    await expect(page.getByRole('heading', { name: 'อนุญาตให้เข้าสู่ระบบด้วย LINE' })).toBeVisible()
    const planted = await loginAs(context, 'demo')
    await page.getByRole('button', { name: 'อนุญาต' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByText(SOMSRI).first()).toBeVisible()
    const session = await openedSession(context)
    expect(session?.strategy).toBe('line')
    expect(session?.accessToken).not.toBe(planted.accessToken)
  })

  test("the watcher's token login replaces a planted watcher session", async ({
    page,
    context,
  }) => {
    await page.goto('/watcher')
    await hydrated(page)
    await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
    const { accessToken } = await mock.tokens({ username: 'somsri' })
    await page.locator('textarea[name="token"]').fill(accessToken)
    await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('status').filter({ hasText: 'โหมดผู้ดูแล' })).toContainText('somsri')
    expect((await openedSession(context))?.accessToken).toBe(accessToken)
  })
})
