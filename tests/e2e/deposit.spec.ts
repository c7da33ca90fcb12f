/**
 * Deposits, orders and payment: a new member deposits by PromptPay and lands
 * on the payment page, the QR the page draws scans as the right amount with
 * a right CRC, the QR saved as a PNG scans the same, the demo backend marks
 * the order paid and the order page (asking again by itself, with or without
 * JavaScript) says so with a toast while the balance rises. Quick amounts
 * fill the form, with or without JavaScript. A double tap or a re-post
 * makes one order; an expired order says so; another member's order is the
 * 404 page; a watcher cannot deposit; the form works without JavaScript;
 * axe and 360 px on every page of the journey.
 */
import { readFile } from 'node:fs/promises'
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { emvFields, hasValidCrc } from '~/wallet/promptpay.server'
import { APP_URL, MOCK_URL } from '../../playwright.config'
import { clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.use({ extraHTTPHeaders: clientAddress(71) })

interface MockOrder {
  id: number
  memberId: number
  amount: number
  method: string
  status: string
}

async function mockPost(path: string, body?: unknown) {
  const response = await fetch(`${MOCK_URL}/__mock/${path}`, {
    method: 'POST',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`mock ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

async function mockOrders(): Promise<MockOrder[]> {
  const response = await fetch(`${MOCK_URL}/__mock/orders`)
  return ((await response.json()) as { data: MockOrder[] }).data
}

const depositButton = (page: Page) => page.getByRole('button', { name: 'ฝากเงิน', exact: true })

async function deposit(page: Page, amount: string, method: 'พร้อมเพย์' | 'โอนเข้าบัญชี') {
  await page.goto('/transaction?tab=deposit')
  await hydrated(page)
  await page.getByLabel('จำนวนเงิน (บาท)').fill(amount)
  await page.getByRole('radio', { name: new RegExp(method) }).check()
  await depositButton(page).click()
  // Straight to what to pay: the QR or the account number.
  await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
  return Number(new URL(page.url()).pathname.split('/').pop())
}

async function register(page: Page) {
  await page.goto('/register')
  await hydrated(page)
  await page.getByLabel('ชื่อผู้ใช้').fill('payer01')
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('payer-pass')
  await page.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('payer-pass')
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill('0657654321')
  await page.getByRole('button', { name: 'ถัดไป' }).click()
  await page.getByLabel('ธนาคาร', { exact: true }).selectOption({ label: 'ธนาคารกสิกรไทย (KBANK)' })
  await page.getByLabel('เลขที่บัญชี').fill('2223334445')
  await page.getByLabel('ชื่อบัญชี').fill('สมใจ ฝากเงิน')
  await page.getByRole('button', { name: 'ถัดไป' }).click()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'สมัครสมาชิก' }).click()
  await expect(page.getByText('สวัสดี สมใจ ฝากเงิน')).toBeVisible()
}

/** The payload a PNG's QR carries. */
function decodePng(bytes: Buffer): string {
  const png = PNG.sync.read(bytes)
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  expect(code, 'the QR decodes').not.toBeNull()
  return code?.data ?? ''
}

/** The payload the QR on the page carries (decoded from a screenshot of it). */
async function scanQr(page: Page): Promise<string> {
  const qr = page.getByTestId('promptpay-qr')
  await expect(qr).toBeVisible()
  // A toast (bottom, above the navigation) may still be showing: scan the QR
  // in the middle of the screen, as a phone held to a scanner would show it.
  await qr.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  // The page fades in after a client navigation (decision 0051): scan the page
  // the member sees once it is there, not a frame of the fade.
  await page.waitForFunction(() => !document.documentElement.matches(':active-view-transition'))
  return decodePng(await qr.screenshot())
}

test.beforeEach(async () => {
  await mock.reset()
})

test('a new member deposits by PromptPay: the QR scans as the amount, paid, the balance rises, then withdraws', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await register(page)
  await expect(page.getByTestId('balance').first()).toHaveText('฿0.00')

  const id = await deposit(page, '1,234', 'พร้อมเพย์')
  await expect(page).toHaveURL(`/order/payment/${id}`)
  await expect(page.getByText('฿1,234.00', { exact: true })).toBeVisible()
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/)

  const payload = await scanQr(page)
  const fields = emvFields(payload)
  expect(fields.get('54'), 'tag 54: the amount').toBe('1234.00')
  expect(fields.get('53'), 'tag 53: baht').toBe('764')
  expect(fields.get('29'), 'tag 29: the service’s PromptPay id').toContain('0105561234567')
  expect(hasValidCrc(payload), 'tag 63: the CRC').toBe(true)

  // The order page asks again by itself: the money arrives while it is open.
  // (The page's clock runs on its own; the test jumps it forward below.)
  await page.clock.install()
  await page.goto(`/order/${id}`)
  await hydrated(page)
  await mockPost(`orders/${id}/paid`)
  await expect(page.getByRole('status').filter({ hasText: 'ชำระเงินสำเร็จ' })).toBeVisible({
    timeout: 10_000,
  })
  await expect(page.getByText('ฝากเงินสำเร็จ ฿1,234.00 เข้ากระเป๋าแล้ว')).toBeVisible()
  await expect(page.getByTestId('balance').first()).toHaveText('฿1,234.00')
  // Final: no more asking.
  const calls = (await mock.calls(`/wallet/orders/${id}`)).length
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(`/order/${id}`)) asked.push(request.url())
  })
  // Past the 3 s poll in the page's time; an evaluate after it: any request it made is seen.
  await page.clock.runFor(4000)
  await page.evaluate(() => document.readyState)
  expect(asked).toEqual([])
  expect((await mock.calls(`/wallet/orders/${id}`)).length).toBe(calls)
  // The orders list shows it paid.
  await page.goto('/order')
  await expect(page.getByRole('link', { name: new RegExp(`#${id}`) })).toContainText('ชำระเงินสำเร็จ')

  // And takes part of it out again, to the bank account given at registration.
  await page.goto('/transaction?tab=withdraw')
  await page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)').fill('500')
  await page.getByRole('button', { name: 'ถัดไป: ตรวจสอบรายการ' }).click()
  await expect(page.getByTestId('withdraw-review-amount')).toHaveText('฿500.00')
  await page.getByRole('button', { name: 'ยืนยันการถอน' }).click()
  await expect(page.getByTestId('withdraw-done')).toContainText('แจ้งถอนเงินเรียบร้อยแล้ว')
  await expect(page.getByTestId('balance').first()).toHaveText('฿734.00')
})

test('a double tap and a re-post of the same form make one order', async ({ page, context }) => {
  await loginAs(context, 'demo')
  await page.goto('/transaction?tab=deposit')
  await hydrated(page)
  const key = await page.locator('input[name="idempotencyKey"]').inputValue()
  await page.getByLabel('จำนวนเงิน (บาท)').fill('500')
  await depositButton(page).dblclick()
  await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
  const path = new URL(page.url()).pathname
  // The same form posted again (a retry, a resubmit after Back): the same order.
  const form = { intent: 'deposit', amount: '500', method: 'promptpay', idempotencyKey: key }
  for (let i = 0; i < 2; i++) {
    const again = await page.request.post('/transaction?tab=deposit', {
      form,
      headers: { Origin: APP_URL },
      maxRedirects: 0,
    })
    expect(again.status()).toBe(302)
    expect(again.headers()['location']).toBe(path)
  }
  expect((await mockOrders()).filter((o) => o.memberId === 1001)).toHaveLength(1)
  // The same key for another amount is refused on the form.
  const other = await page.request.post('/transaction?tab=deposit', {
    form: { ...form, amount: '600' },
    headers: { Origin: APP_URL },
    maxRedirects: 0,
  })
  expect(other.status()).toBe(409)
  expect(await mockOrders()).toHaveLength(1)
  // Back on the form, the unpaid order is offered first.
  await page.goto('/transaction?tab=deposit')
  await expect(page.getByRole('link', { name: /รายการ #\d+: ฿500\.00/ })).toHaveAttribute(
    'href',
    path.replace('/order/payment/', '/order/'),
  )
})

test('the form checks in the browser and the backend’s refusals land on their field', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/transaction?tab=deposit')
  await hydrated(page)
  const amount = page.getByLabel('จำนวนเงิน (บาท)')
  await depositButton(page).click()
  await expect(page.getByText('กรุณากรอกจำนวนเงินที่ต้องการฝาก')).toBeVisible()
  await expect(amount).toBeFocused()
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await amount.fill('12.50')
  await expect(page.getByText('กรุณากรอกจำนวนเงินเป็นจำนวนเต็ม (บาท) ไม่มีทศนิยม')).toBeVisible()
  await amount.fill('60000')
  await expect(page.getByText('ฝากได้สูงสุดครั้งละ ฿50,000.00')).toBeVisible()
  await amount.fill('700')
  await expect(page.getByText('ฝากได้สูงสุดครั้งละ ฿50,000.00')).toHaveCount(0)

  await mock.fail({ path: '/wallet/deposits', status: 409, code: 'DEPOSIT_METHOD_CLOSED' } as never)
  await depositButton(page).click()
  await expect(page.getByText('ช่องทางนี้ปิดให้บริการชั่วคราว กรุณาเลือกช่องทางอื่น')).toBeVisible()
  await expect(page).toHaveURL('/transaction?tab=deposit')
  await expect(amount).toHaveValue('700')
  expect(await mockOrders()).toHaveLength(0)
})

test('an expired order says so and shows no QR', async ({ page, context }) => {
  await loginAs(context, 'demo')
  const id = await deposit(page, '300', 'พร้อมเพย์')
  await mockPost(`orders/${id}/expire`)
  await page.goto(`/order/payment/${id}`)
  await expect(page.getByText(/รายการนี้หมดอายุแล้ว กรุณาอย่าโอนเงินสำหรับรายการนี้/)).toBeVisible()
  await expect(page.getByTestId('promptpay-qr')).toHaveCount(0)
  await expect(page.getByRole('timer')).toHaveCount(0)
  await page.goto(`/order/${id}`)
  await expect(page.getByRole('status').filter({ hasText: 'หมดอายุ' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'ดูวิธีชำระเงิน' })).toHaveCount(0)
})

test('another member’s order and a bad id are the 404 page', async ({ page, context }) => {
  await loginAs(context, 'demo')
  const id = await deposit(page, '300', 'โอนเข้าบัญชี')
  await context.clearCookies()
  await loginAs(context, 'somsri')
  for (const url of [`/order/${id}`, `/order/payment/${id}`, '/order/999999', '/order/x1']) {
    const response = await page.goto(url)
    expect(response?.status(), url).toBe(404)
  }
  await page.goto('/order')
  await expect(page.getByText('ยังไม่มีรายการฝาก')).toBeVisible()
})

test('a watcher cannot deposit', async ({ page, context }) => {
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  await page.goto('/transaction?tab=deposit')
  await hydrated(page)
  await expect(page.getByText('โหมดผู้ดูแล: ดูได้อย่างเดียว ไม่สามารถฝากเงินแทนสมาชิกได้')).toBeVisible()
  await expect(depositButton(page)).toBeDisabled()
  const key = await page.locator('input[name="idempotencyKey"]').inputValue()
  const post = await page.request.post('/transaction?tab=deposit', {
    form: { intent: 'deposit', amount: '500', method: 'bank', idempotencyKey: key },
    headers: { Origin: APP_URL },
    maxRedirects: 0,
  })
  expect(post.status()).toBe(403)
  expect(await mockOrders()).toHaveLength(0)
})

test('the PromptPay QR saves as a PNG with a Thai name that scans as the same payload; only the member’s own', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/transaction?tab=deposit')
  await hydrated(page)
  const amount = page.getByLabel('จำนวนเงิน (บาท)')
  const quick = page.getByRole('group', { name: 'เลือกจำนวนเงิน' }).getByRole('link')
  await expect(quick).toHaveText(['฿100', '฿300', '฿500', '฿1,000'])
  // With JavaScript a quick amount fills the field in place (the form stays).
  await amount.fill('12.5')
  await depositButton(page).click()
  await expect(page.getByText('กรุณากรอกจำนวนเงินเป็นจำนวนเต็ม (บาท) ไม่มีทศนิยม')).toBeVisible()
  await page.getByRole('link', { name: '฿1,000' }).click()
  await expect(amount).toHaveValue('1000')
  await expect(page).toHaveURL('/transaction?tab=deposit')
  await expect(page.getByText('กรุณากรอกจำนวนเงินเป็นจำนวนเต็ม (บาท) ไม่มีทศนิยม')).toHaveCount(0)
  await depositButton(page).click()
  await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  const onPage = await scanQr(page)

  const save = page.getByRole('link', { name: 'บันทึกรูป QR' })
  await expect(save).toHaveAttribute('download', `QR-พร้อมเพย์-รายการ-${id}.png`)
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()])
  expect(download.suggestedFilename()).toBe(`QR-พร้อมเพย์-รายการ-${id}.png`)
  const saved = await readFile((await download.path())!)
  expect(decodePng(saved), 'the saved PNG carries the page’s payload').toBe(onPage)
  expect(emvFields(onPage).get('54')).toBe('1000.00')

  const response = await page.request.get(`/order/payment/${id}/qr.png`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
  expect(response.headers()['cache-control']).toBe('private, no-store')
  expect(response.headers()['content-disposition']).toContain(
    `filename*=UTF-8''${encodeURIComponent(`QR-พร้อมเพย์-รายการ-${id}.png`)}`,
  )

  // A watcher may look at it; another member may not; a visitor is sent to log in.
  await context.clearCookies()
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  expect((await page.request.get(`/order/payment/${id}/qr.png`)).status()).toBe(200)
  await context.clearCookies()
  await loginAs(context, 'somsri')
  expect((await page.request.get(`/order/payment/${id}/qr.png`)).status()).toBe(404)
  await context.clearCookies()
  const visitor = await page.request.get(`/order/payment/${id}/qr.png`, { maxRedirects: 0 })
  expect(visitor.status()).toBe(302)
  expect(visitor.headers()['location']).toMatch(/^\/login/)

  // A paid order has no QR to save.
  await mockPost(`orders/${id}/paid`)
  await loginAs(context, 'demo')
  const paid = await page.request.get(`/order/payment/${id}/qr.png`)
  expect(paid.status()).toBe(404)
  expect(await paid.text()).toContain('รายการนี้ไม่มี QR พร้อมเพย์ให้บันทึก')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a quick amount fills the form and a PromptPay deposit lands on its QR', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await page.goto('/transaction?tab=deposit')
    await page.getByRole('link', { name: '฿300' }).click()
    await expect(page).toHaveURL('/transaction?tab=deposit&amount=300')
    await expect(page.getByLabel('จำนวนเงิน (บาท)')).toHaveValue('300')
    await depositButton(page).click()
    await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
    await expect(page.getByText('฿300.00', { exact: true })).toBeVisible()
    await expect(page.getByTestId('promptpay-qr')).toBeVisible()
    await expect(page.getByRole('link', { name: 'บันทึกรูป QR' })).toBeVisible()
    expect(await mockOrders()).toMatchObject([{ amount: 300, method: 'promptpay' }])
  })

  for (const [name, path, paidText] of [
    ['the order page', '/order/', 'ชำระเงินสำเร็จ'],
    ['the payment page', '/order/payment/', 'รายการนี้ชำระเงินแล้ว'],
  ] as const) {
    test(`${name} of a pending order updates by itself when the money arrives`, async ({
      page,
      context,
    }) => {
      await loginAs(context, 'demo')
      const id = await backendOrder(700, 'promptpay')
      await page.goto(`${path}${id}`)
      await expect(page.getByText(/หน้านี้จะอัปเดตเองเมื่อระบบได้รับเงินแล้ว/)).toBeVisible()
      await mockPost(`orders/${id}/paid`)
      // No click, no reload by the test: the page itself asks again.
      await expect(page.getByText(paidText).first()).toBeVisible({ timeout: 15_000 })
      // Final: it asks no more.
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
    })
  }

  test('deposits by bank transfer: errors on the field, then the account to pay', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await page.goto('/transaction?tab=deposit')
    await page.getByLabel('จำนวนเงิน (บาท)').fill('50')
    await depositButton(page).click()
    await expect(page.getByText('ฝากขั้นต่ำครั้งละ ฿100.00')).toBeVisible()
    await expect(page.getByLabel('จำนวนเงิน (บาท)')).toHaveValue('50')
    await expect(page.getByLabel('จำนวนเงิน (บาท)')).toBeFocused()
    await page.getByLabel('จำนวนเงิน (บาท)').fill('2500')
    await page.getByRole('radio', { name: /โอนเข้าบัญชี/ }).check()
    await depositButton(page).click()
    // A bank transfer too lands on the account to pay, not one tap before it.
    await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
    await expect(page.getByText('ธนาคารไทยพาณิชย์')).toBeVisible()
    await expect(page.getByText('4071234567', { exact: true })).toBeVisible()
    await expect(page.getByText('฿2,500.00', { exact: true })).toBeVisible()
    // The copy button needs JavaScript: without it, it is not offered.
    await expect(page.getByRole('button', { name: 'คัดลอกเลขที่บัญชี' })).toBeHidden()
    expect(await mockOrders()).toMatchObject([{ amount: 2500, method: 'bank' }])
  })
})

/** An order for the demo member made straight at the demo backend (faster than the form). */
async function backendOrder(amount: number, method: 'bank' | 'promptpay'): Promise<number> {
  const { accessToken } = await mock.tokens({ username: 'demo' })
  const response = await fetch(`${MOCK_URL}/wallet/deposits`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ amount, method, idempotencyKey: `e2e-${method}-${amount}` }),
  })
  return ((await response.json()) as { data: { id: number } }).data.id
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  const pages: Record<string, () => Promise<string>> = {
    'the deposit form with an error': async () => '/transaction?tab=deposit',
    'the deposit form with a quick amount': async () => '/transaction?tab=deposit&amount=500',
    'the orders list': async () => (await backendOrder(500, 'promptpay'), '/order'),
    'a pending order': async () => `/order/${await backendOrder(500, 'promptpay')}`,
    'the PromptPay payment': async () => `/order/payment/${await backendOrder(500, 'promptpay')}`,
    'the bank payment': async () => `/order/payment/${await backendOrder(800, 'bank')}`,
    'the orders to pay': async () => (await backendOrder(800, 'bank'), '/order/payment'),
  }
  for (const [name, make] of Object.entries(pages)) {
    test(`axe and no sideways scrolling: ${name}`, async ({ page, context }) => {
      test.setTimeout(120_000)
      await loginAs(context, 'demo')
      const url = await make()
      await page.goto(url)
      await hydrated(page)
      if (url === '/transaction?tab=deposit') {
        await depositButton(page).click()
        await expect(page.getByText('กรุณากรอกจำนวนเงินที่ต้องการฝาก')).toBeVisible()
      }
      const serious = await seriousViolations(page)
      expect(serious).toEqual([])
      const overflow = await sidewaysOverflow(page)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }
})
