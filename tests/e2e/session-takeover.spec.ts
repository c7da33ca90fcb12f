/**
 * What an attacker can do with the session cookie (docs/decisions/0093,
 * 0094): a cookie planted in the victim's browser never outlives a login,
 * and a copy stolen before a password change (or before "log out
 * everywhere") opens nothing afterwards.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { APP_URL } from '../../playwright.config'
import { hydrated } from './support/accounts'
import { DEMO, loginThroughForm, openedSession, submitLogin } from './support/login'
import { mock } from './support/mock'
import { loginAs } from './support/session'

const SOMSRI = 'สมหญิง รักไทย'
/** What a device whose session ended elsewhere is told (written out: the test checks the words). */
const ENDED_ELSEWHERE =
  'คุณออกจากระบบบนอุปกรณ์นี้แล้ว เพราะมีการเปลี่ยนรหัสผ่านหรือออกจากระบบทุกอุปกรณ์ กรุณาเข้าสู่ระบบอีกครั้ง'

test.beforeEach(async () => {
  await mock.reset()
})

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

  test('a planted watcher session: the password login is not refused, it replaces it', async ({
    page,
    context,
  }) => {
    await page.goto('/login')
    await hydrated(page)
    await loginAs(context, 'somsri', { strategy: 'watcher', withoutRefresh: true })
    await submitLogin(page)
    await expect(page).toHaveURL('/')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
    expect((await openedSession(context))?.strategy).toBe('local')
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
    // The original's bare token watch: a backend without staff accounts (decision 0156).
    await mock.appConfig({ staff: { accounts: false } })
    await page.goto('/watcher')
    await hydrated(page)
    await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
    const { accessToken } = await mock.tokens({ username: 'somsri' })
    await page.locator('textarea[name="token"]').fill(accessToken)
    await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('region', { name: 'โหมดผู้ดูแล' })).toContainText('somsri')
    expect((await openedSession(context))?.accessToken).toBe(accessToken)
  })
})

/** A browser where `username` logs in through the real form. */
async function loggedInBrowser(
  browser: Browser,
  username = DEMO.username,
  password = DEMO.password,
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/login')
  await hydrated(page)
  await submitLogin(page, username, password)
  await expect(page).toHaveURL('/')
  return { context, page }
}

/**
 * Another device where the demo member logged in, its tab closed since (a
 * phone in a pocket): nothing tells it of what happens meanwhile, so the
 * page it opens next is the first it hears of it.
 */
async function pocketDevice(browser: Browser): Promise<BrowserContext> {
  const { context, page } = await loggedInBrowser(browser)
  await page.close()
  return context
}

/** The pocket device opens a member page: /login, saying why. */
async function expectToldOnLogin(device: BrowserContext) {
  const page = await device.newPage()
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByTestId('login-reason')).toHaveText(ENDED_ELSEWHERE)
  await device.close()
}

/**
 * The toast saying `text`, among those shown: the welcome toast of a login a
 * moment ago may still be there beside it (it stays about 2 s).
 */
function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]', { hasText: text })
}

/** The app's cookies of a context, to replay elsewhere. */
async function savedCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith('auth.session'))
}

/** Opens /profile in a fresh browser holding `cookies`: the page it ends on. */
async function replay(browser: Browser, cookies: Awaited<ReturnType<typeof savedCookies>>) {
  const thief = await browser.newContext()
  await thief.addCookies(cookies.map(({ name, value }) => ({ name, value, url: APP_URL })))
  const page = await thief.newPage()
  await page.goto('/profile')
  const url = new URL(page.url()).pathname
  await thief.close()
  return url
}

test.describe('a stolen session cookie ends', () => {
  test('when the member changes the password: every other copy and device, not this browser', async ({
    page,
    context,
    browser,
  }) => {
    await loginThroughForm(page)
    const stolen = await savedCookies(context)
    const otherDevice = await pocketDevice(browser)
    await page.goto('/profile')
    await hydrated(page)
    await page.getByLabel('รหัสผ่านปัจจุบัน').fill(DEMO.password)
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('newpass123')
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('newpass123')
    await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน', exact: true }).click()
    await expect(page.getByText('เปลี่ยนรหัสผ่านเรียบร้อยแล้ว')).toBeVisible()

    expect(await replay(browser, stolen)).toBe('/login')
    // The device is told why, on the login page itself.
    await expectToldOnLogin(otherDevice)
    // This browser stays logged in.
    await page.reload()
    await expect(page.locator('h1')).toHaveText('โปรไฟล์')
    await expect(page.getByText(DEMO.displayName).first()).toBeVisible()
  })

  test('"ออกจากระบบทุกอุปกรณ์" ends every other copy and device, not this browser', async ({
    page,
    context,
    browser,
  }) => {
    await loginThroughForm(page)
    const stolen = await savedCookies(context)
    const otherDevice = await pocketDevice(browser)
    await logOutOtherDevices(page)

    expect(await replay(browser, stolen)).toBe('/login')
    // The device is told why, on the login page itself.
    await expectToldOnLogin(otherDevice)
    await page.reload()
    await expect(page.locator('h1')).toHaveText('โปรไฟล์')
    // The backend revoked the other devices' tokens too (docs/backend-api.md).
    expect(await mock.calls('/auth/logout-others')).toHaveLength(1)
  })

  test('a device whose next page is one visitors see too (/ or /lotto) is told why there, as a visitor', async ({
    page,
    browser,
  }) => {
    const devices = [await pocketDevice(browser), await pocketDevice(browser)]
    await loginThroughForm(page)
    await logOutOtherDevices(page)

    for (const [i, path] of ['/', '/lotto'].entries()) {
      const device = devices[i]!
      const next = await device.newPage()
      await next.goto(path)
      await hydrated(next)
      await expect(next).toHaveURL(`${APP_URL}${path}`)
      await expect(toast(next, ENDED_ELSEWHERE)).toBeVisible()
      await expect(next.getByRole('banner').getByRole('link', { name: /^ยอดเงิน/ })).toHaveCount(0)
      await device.close()
    }
  })

  test("devices with a page open are told at once by their live stream: a member page goes to /login, the home stays as a visitor's", async ({
    page,
    browser,
  }) => {
    const onHome = await loggedInBrowser(browser)
    const onProfile = await loggedInBrowser(browser)
    await onProfile.page.goto('/profile')
    for (const device of [onHome, onProfile]) {
      await hydrated(device.page)
      await expect(device.page.getByRole('banner')).toHaveAttribute('data-live', 'open')
    }
    await loginThroughForm(page)
    await logOutOtherDevices(page)

    // Nobody touches the other devices: their streams tell them.
    await expect(onProfile.page).toHaveURL(/\/login\?.*reason=ended-elsewhere/)
    await expect(onProfile.page.getByTestId('login-reason')).toHaveText(ENDED_ELSEWHERE)
    await expect(toast(onHome.page, ENDED_ELSEWHERE)).toBeVisible()
    await expect(onHome.page).toHaveURL(`${APP_URL}/`)
    await expect(
      onHome.page.getByRole('banner').getByRole('link', { name: /^ยอดเงิน/ }),
    ).toHaveCount(0)
    await onHome.context.close()
    await onProfile.context.close()
  })

  test('without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/login')
    await submitLogin(page)
    await expect(page).toHaveURL('/')
    const stolen = await savedCookies(context)
    await page.goto('/profile')
    await page.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์', exact: true }).click()
    await expect(page).toHaveURL('/profile')
    expect(await replay(browser, stolen)).toBe('/login')
    // The copy's page says why, without JavaScript.
    const copy = await browser.newContext({ javaScriptEnabled: false })
    await copy.addCookies(stolen.map(({ name, value }) => ({ name, value, url: APP_URL })))
    const copyPage = await copy.newPage()
    await copyPage.goto('/profile')
    await expect(copyPage).toHaveURL(/\/login/)
    await expect(copyPage.getByTestId('login-reason')).toContainText('ออกจากระบบทุกอุปกรณ์')
    await copy.close()
    await page.reload()
    await expect(page.locator('h1')).toHaveText('โปรไฟล์')
    await context.close()
  })
})

/** "ออกจากระบบทุกอุปกรณ์" on /profile, and its toast. */
async function logOutOtherDevices(page: Page) {
  await page.goto('/profile')
  await hydrated(page)
  await page.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์', exact: true }).click()
  await expect(toast(page, 'ออกจากระบบบนอุปกรณ์อื่นทั้งหมดแล้ว')).toBeVisible()
}
