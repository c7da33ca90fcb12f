/**
 * Web push on a phone (docs/backend-api.md, "Push notifications"). Chromium
 * here cannot reach a real push service, so the page's pushManager gets its
 * subscription from a local one (web-push-testing, started by the test):
 * the demo backend pushes to it for real (encrypted, signed), the test reads
 * the decrypted payload back, and hands it to the app's service worker with
 * the CDP's ServiceWorker.deliverPushMessage, as a push service would.
 */
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test'
import { APP_URL, MOCK_URL } from '../../playwright.config'
import { startPushService, type PushService, type TestSubscription } from '../support/push-service'
import { clientAddress, hydrated } from './support/accounts'
import { loginThroughForm, logOutThroughMenu, submitLogin } from './support/login'
import { mock, settleHanoiWin, stakeHanoiWin } from './support/mock'
import { mockStaffOtp, STAFF } from './support/staff'
import { loginAs } from './support/session'
import { fullBrowser } from '../support/chromium'

// The service worker shows the pushes (the e2e default blocks it), and the
// full browser has notifications (the headless shell denies them).
test.use({
  extraHTTPHeaders: clientAddress(127),
  serviceWorkers: 'allow',
  launchOptions: [
    async ({ launchOptions }, use) => use(fullBrowser(launchOptions)),
    { scope: 'worker' },
  ],
})

let service: PushService
test.beforeAll(async () => {
  service = await startPushService()
})
test.afterAll(async () => {
  await service.close()
})
test.beforeEach(async () => {
  await mock.reset()
})

async function savedEndpoints(username = 'demo'): Promise<string[]> {
  return (await mock.pushSubscriptions(username)).items.map((item) => item.endpoint)
}

/**
 * The page's pushManager subscribes at the local push service (through the
 * test), keeps the subscription across loads (localStorage) and ends it;
 * Notification.requestPermission is counted.
 */
async function fakePushManager(context: BrowserContext, made: TestSubscription[]) {
  await context.exposeBinding('testPushSubscribe', async (_source, key: string) => {
    const subscription = await service.subscribe(key)
    made.push(subscription)
    const { endpoint, keys } = subscription
    return { endpoint, expirationTime: null, keys }
  })
  await context.addInitScript(() => {
    type Json = { endpoint: string; expirationTime: null; keys: Record<string, string> }
    const STORED = 'test-push-subscription'
    const w = window as unknown as {
      testPushSubscribe(key: string): Promise<Json>
      testPermissionAsked: number
    }
    w.testPermissionAsked = 0
    const ask = Notification.requestPermission.bind(Notification)
    Notification.requestPermission = (...args) => {
      w.testPermissionAsked++
      return ask(...args)
    }
    const toBase64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    const fromBase64url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
    const subscriptionOf = (json: Json, key: string) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64url(key).buffer },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(STORED)
        return true
      },
    })
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = toBase64url(new Uint8Array(options?.applicationServerKey as ArrayBuffer))
      const json = await w.testPushSubscribe(key)
      localStorage.setItem(STORED, JSON.stringify({ json, key }))
      return subscriptionOf(json, key) as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(STORED)
      if (!stored) return null
      const { json, key } = JSON.parse(stored) as { json: Json; key: string }
      return subscriptionOf(json, key) as unknown as PushSubscription
    }
  })
}

/** The app's service worker, active and controlling the page. */
async function appWorker(page: Page): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url().endsWith('/sw.js'))
  if (!worker) throw new Error('no service worker')
  return worker
}

/** Delivers `data` to the page's service worker as a push (the CDP). */
async function deliverPush(page: Page, data: string) {
  const cdp = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === `${APP_URL}/` && !r.isDeleted)
      if (found) resolve(found.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: APP_URL,
    registrationId: await registrationId,
    data,
  })
  await cdp.detach()
}

function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    }))
  })
}

test('turned on from /notifications after a tap, a settled win is pushed in Thai, a tap opens its page, turned off', async ({
  page,
  context,
}) => {
  const made: TestSubscription[] = []
  await fakePushManager(context, made)
  await context.grantPermissions(['notifications'], { origin: APP_URL })
  const { accessToken } = await loginAs(context, 'demo')

  await page.goto('/notifications')
  await hydrated(page)
  const panel = page.getByTestId('push-panel')
  await expect(panel.getByRole('heading', { name: 'การแจ้งเตือนบนเครื่องนี้' })).toBeVisible()
  const turnOn = panel.getByRole('button', { name: 'เปิดการแจ้งเตือน' })
  await expect(turnOn).toBeEnabled()
  // Nothing is asked on load.
  expect(
    await page.evaluate(
      () => (window as unknown as { testPermissionAsked: number }).testPermissionAsked,
    ),
  ).toBe(0)

  await turnOn.click()
  await expect(panel.getByText('เครื่องนี้เปิดการแจ้งเตือนไว้แล้ว')).toBeVisible()
  expect(
    await page.evaluate(
      () => (window as unknown as { testPermissionAsked: number }).testPermissionAsked,
    ),
  ).toBe(1)
  expect(made).toHaveLength(1)
  const device = made[0]!
  await expect.poll(() => savedEndpoints()).toEqual([device.endpoint])

  // The member goes on elsewhere (the notification centre would mark the win read at once).
  await page.goto('/')
  await hydrated(page)

  // A win settled at the backend: pushed to the device, encrypted; decrypted here.
  await settleHanoiWin(await stakeHanoiWin(accessToken, 'push-spec-win'))
  await expect.poll(() => service.messages(device.clientHash)).toHaveLength(1)
  const [text] = await service.messages(device.clientHash)
  const payload = JSON.parse(text!) as Record<string, unknown>
  expect(payload).toEqual({
    title: 'ถูกรางวัลหวยฮานอย',
    body: expect.stringMatching(/^โพย #\d+ ได้รับ ฿920\.00$/),
    url: '/lotto?tab=history',
    tag: expect.stringMatching(/^stake-won-\d+$/),
    kind: 'win',
  })
  expect(text).not.toContain(accessToken)
  expect(text).not.toContain('1001')

  // The service worker shows it.
  const worker = await appWorker(page)
  await deliverPush(page, text!)
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'ถูกรางวัลหวยฮานอย',
        body: payload.body,
        tag: payload.tag,
        data: { url: '/lotto?tab=history' },
      },
    ])

  // A tap: the open window of the app goes to the win's page.
  await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await sw.registration.getNotifications()
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }))
  })
  await expect(page).toHaveURL('/lotto?tab=history')
  await expect.poll(() => shownNotifications(page)).toEqual([])
  // The bell counts the same win.
  await expect(page.getByRole('link', { name: /^การแจ้งเตือน/ })).toHaveAccessibleName(
    'การแจ้งเตือน ยังไม่อ่าน 1 รายการ',
  )

  // Off through the UI: the device's subscription ends and the backend forgets it.
  await page.goto('/notifications')
  await hydrated(page)
  await panel.getByRole('button', { name: 'ปิดการแจ้งเตือนบนเครื่องนี้' }).click()
  await expect(panel.getByRole('button', { name: 'เปิดการแจ้งเตือน' })).toBeVisible()
  await expect.poll(() => savedEndpoints()).toEqual([])
})

test('a logout ends the device’s pushes: the next member on the phone sees them off, the first member’s wins are not pushed there', async ({
  page,
  context,
}) => {
  const made: TestSubscription[] = []
  await fakePushManager(context, made)
  await context.grantPermissions(['notifications'], { origin: APP_URL })
  await loginThroughForm(page)
  await page.goto('/notifications')
  await hydrated(page)
  const panel = page.getByTestId('push-panel')
  await panel.getByRole('button', { name: 'เปิดการแจ้งเตือน' }).click()
  await expect(panel.getByText('เครื่องนี้เปิดการแจ้งเตือนไว้แล้ว')).toBeVisible()
  const device = made[0]!
  await expect.poll(() => savedEndpoints('demo')).toEqual([device.endpoint])

  // สมชาย logs out on the shared phone: the backend drops what that login saved.
  await logOutThroughMenu(page)
  await expect(page).toHaveURL('/login')
  await expect.poll(() => savedEndpoints('demo')).toEqual([])

  // สมศรี logs in there: the panel is off, and the browser's old subscription is ended.
  await submitLogin(page, 'somsri', 'somsri1234')
  await expect(page).toHaveURL('/')
  await page.goto('/notifications')
  await hydrated(page)
  await expect(panel.getByRole('button', { name: 'เปิดการแจ้งเตือน' })).toBeEnabled()
  await expect(panel.getByText('เครื่องนี้เปิดการแจ้งเตือนไว้แล้ว')).toHaveCount(0)
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('test-push-subscription')))
    .toBeNull()
  expect(await savedEndpoints('somsri')).toEqual([])

  // A win of สมชาย's (from another device): nothing is pushed to this phone.
  const login = await fetch(`${MOCK_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  })
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data
  await settleHanoiWin(await stakeHanoiWin(accessToken, 'push-spec-after-logout'))
  expect(await mock.pushSent('demo')).toEqual([])
  expect(await service.messages(device.clientHash)).toEqual([])
})

test('the member’s kinds are saved and shown again; a tampered subscription gets a Thai error, nothing saved', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/notifications')
  await hydrated(page)
  const kinds = page.getByTestId('push-kinds')
  await kinds.getByLabel('เงินฝากเข้า').uncheck()
  await kinds.getByRole('button', { name: 'บันทึก' }).click()
  await expect(kinds.getByText('บันทึกประเภทการแจ้งเตือนแล้ว')).toBeVisible()
  expect((await mock.pushSubscriptions()).kinds).toEqual({
    win: true,
    deposit: false,
    withdrawal: true,
    cashback: true,
  })
  await page.reload()
  await expect(kinds.getByLabel('เงินฝากเข้า')).not.toBeChecked()
  await expect(kinds.getByLabel('ถูกรางวัล')).toBeChecked()

  // A subscription that is not the browser's: Thai, 400, nothing saved.
  const answer = await page.evaluate(async () => {
    const res = await fetch('/notifications.data', {
      method: 'POST',
      body: new URLSearchParams({
        intent: 'push-on',
        subscription: '{"endpoint":"http://10.0.0.1/x","keys":{}}',
      }),
    })
    return { status: res.status, text: await res.text() }
  })
  expect(answer.status).toBe(400)
  expect(answer.text).toContain('ข้อมูลการแจ้งเตือนของเครื่องนี้ไม่ถูกต้อง')

  // One whose endpoint is no push service browsers use (a name leading back inside).
  const inside = await page.evaluate(async () => {
    const res = await fetch('/notifications.data', {
      method: 'POST',
      body: new URLSearchParams({
        intent: 'push-on',
        subscription: JSON.stringify({
          endpoint: 'https://127.0.0.1.nip.io:3409/ssrf',
          keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
        }),
      }),
    })
    return { status: res.status, text: await res.text() }
  })
  expect(inside.status).toBe(400)
  expect(inside.text).toContain('เบราว์เซอร์นี้ใช้บริการแจ้งเตือนที่ระบบไม่รองรับ')
  expect(await savedEndpoints()).toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the kinds still save as a plain form, and the panel says turning on needs JavaScript', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await page.goto('/notifications')
    const panel = page.getByTestId('push-panel')
    // In <noscript> (Playwright's locators skip it; the page without scripts shows it).
    expect(await panel.innerHTML()).toMatch(
      /<noscript><p[^>]*>ต้องเปิด JavaScript ก่อนจึงจะเปิดการแจ้งเตือนบนเครื่องนี้ได้<\/p><\/noscript>/,
    )
    await expect(panel.getByRole('button', { name: 'เปิดการแจ้งเตือน' })).toHaveCount(0)
    await panel.getByLabel('มียอดคืนยอดเสีย').uncheck()
    await panel.getByRole('button', { name: 'บันทึก' }).click()
    await expect(panel.getByText('บันทึกประเภทการแจ้งเตือนแล้ว')).toBeVisible()
    await expect(panel.getByLabel('มียอดคืนยอดเสีย')).not.toBeChecked()
    expect((await mock.pushSubscriptions()).kinds.cashback).toBe(false)
  })
})

test('a watcher sees the panel and can change nothing', async ({ page }) => {
  await page.goto('/staff/login')
  await page.getByLabel('ชื่อผู้ใช้เจ้าหน้าที่').fill(STAFF.support.username)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(STAFF.support.password)
  await page
    .getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน')
    .fill(await mockStaffOtp(STAFF.support.username))
  await page.getByRole('button', { name: 'เข้าสู่ระบบเจ้าหน้าที่' }).click()
  await expect(page).toHaveURL(/\/staff$/)
  await page.goto('/staff/members/1001')
  await page.getByLabel('เหตุผลที่ต้องดูหน้าจอสมาชิก').fill('สมาชิกแจ้งว่าไม่ได้รับการแจ้งเตือน')
  await page.getByLabel('เลขที่เรื่อง (ticket)').fill(`T-push-${Date.now().toString(36)}`)
  await page.getByRole('button', { name: 'ดูหน้าจอสมาชิก' }).click()
  await expect(page).toHaveURL(`${APP_URL}/`)

  await page.goto('/notifications')
  await hydrated(page)
  const panel = page.getByTestId('push-panel')
  await expect(panel.getByText('โหมดดูอย่างเดียว: เปลี่ยนการแจ้งเตือนไม่ได้')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'บันทึก' })).toBeDisabled()
  await expect(panel.getByLabel('ถูกรางวัล')).toBeDisabled()
  // A post made anyway is refused before the backend.
  const status = await page.evaluate(async () => {
    const res = await fetch('/notifications.data', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'push-kinds' }),
    })
    return res.status
  })
  expect(status).toBe(403)
  expect((await mock.pushSubscriptions()).kinds.win).toBe(true)
})

test.describe('what a device that cannot be told hears', () => {
  test('an iPhone outside the home-screen app is told to add the app first (iOS 16.4+)', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...test.info().project.use,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      extraHTTPHeaders: clientAddress(127),
    })
    // Safari in a tab has no PushManager.
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager
    })
    await loginAs(context, 'demo')
    const page = await context.newPage()
    await page.goto('/notifications')
    await hydrated(page)
    const panel = page.getByTestId('push-panel')
    await expect(panel.getByTestId('push-note')).toContainText(
      'บน iPhone ต้องเพิ่มแอปไปยังหน้าจอโฮมก่อน (iOS 16.4 ขึ้นไป)',
    )
    await expect(panel.getByRole('button', { name: 'เปิดการแจ้งเตือน' })).toHaveCount(0)
    await context.close()
  })

  test('a browser without push says so', async ({ page, context }) => {
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager
    })
    await loginAs(context, 'demo')
    await page.goto('/notifications')
    await hydrated(page)
    await expect(page.getByTestId('push-note')).toHaveText(
      'เบราว์เซอร์นี้ไม่รองรับการแจ้งเตือน ลองใช้ Chrome หรือ Safari รุ่นใหม่',
    )
  })

  test('a member who blocks the permission is told where to allow it, and nothing is saved', async ({
    page,
    context,
  }) => {
    // The member answers the browser's question with "Block".
    await context.addInitScript(() => {
      let permission: NotificationPermission = 'default'
      Object.defineProperty(Notification, 'permission', { get: () => permission })
      Notification.requestPermission = async () => (permission = 'denied')
    })
    await loginAs(context, 'demo')
    await page.goto('/notifications')
    await hydrated(page)
    await page.getByRole('button', { name: 'เปิดการแจ้งเตือน' }).click()
    await expect(page.getByTestId('push-note')).toContainText('เบราว์เซอร์นี้ปิดการแจ้งเตือนของเว็บไว้')
    expect(await savedEndpoints()).toEqual([])
  })
})
