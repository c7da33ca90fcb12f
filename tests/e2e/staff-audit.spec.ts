/**
 * The staff audit as supervisors and auditors rely on it (decision 0152):
 * nothing capped (10,500 watches by one staff person, the first still there),
 * nothing lost over a restart while the backend did not take the record,
 * a Thai 503 (never an empty list) while the record cannot be read, and a
 * burst of watch starts refused in Thai and itself on the record.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_STAFF_AUDIT_KEY as AUDIT_KEY, MOCK_URL } from '../../playwright.config'
import { startAppServer, type AppServer } from './support/app-server'
import { mock } from './support/mock'
import { freePort } from './support/ports'
import { mockStaffOtp, STAFF, staffLoginThroughForm } from './support/staff'

const REASON = 'สมาชิกแจ้งว่ายอดฝากไม่เข้า ขอตรวจหน้าฝากเงิน'

async function staffPage(browser: Browser, app: AppServer, who: 'support' | 'supervisor') {
  const context = await browser.newContext({ baseURL: app.url })
  const page = await context.newPage()
  await staffLoginThroughForm(page, STAFF[who])
  await expect(page).toHaveURL(/\/staff$/)
  return page
}

/** A watch start as the console's form posts it; the answer's status. */
async function postStart(page: Page, ticket: string, memberId = 1002): Promise<number> {
  const answer = await page.request.post(`/staff/members/${memberId}`, {
    form: { reason: REASON, ticket },
    maxRedirects: 0,
  })
  return answer.status()
}

let app: AppServer | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})
test.beforeEach(async () => {
  await mock.reset()
})

test('after 10,500 watch starts by one staff person the first is still on the page and in the CSV', async ({
  browser,
}) => {
  app = await startAppServer(await freePort(), {})
  const support = await staffPage(browser, app, 'support')
  expect(await postStart(support, 'HIDE-1')).toBe(302)
  await support.goto('/profile')
  // 10,499 more of the same staff person, as the app's outbox writes them (the console itself
  // now allows 20 in 10 minutes): the record and its readers must hold them all.
  const first = await firstStart()
  for (let i = 0; i < 10_499; i += 100) {
    const events = Array.from({ length: Math.min(100, 10_499 - i) }, (_, j) => ({
      ...first,
      id: randomUUID(),
      at: first.at + 1 + i + j,
      watchId: `bulk-${i + j}`,
      ticket: `BULK-${i + j + 2}`,
      sid: `bulk-session-${i + j}`,
    }))
    const written = await fetch(`${MOCK_URL}/staff/audit/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${AUDIT_KEY}` },
      body: JSON.stringify({ events }),
    })
    expect(written.status).toBe(200)
  }
  const supervisor = await staffPage(browser, app, 'supervisor')
  await supervisor.goto('/staff/audit')
  await expect(supervisor.getByRole('heading', { name: /บันทึก 10500 รายการ/ })).toBeVisible()
  await supervisor.getByLabel('เรียงลำดับ').selectOption('oldest')
  await supervisor.getByRole('button', { name: 'กรอง' }).click()
  const oldest = supervisor.locator('li[data-watch]').first()
  await expect(oldest).toContainText('HIDE-1')
  await oldest.getByRole('link', { name: /หน้าที่เปิดดู \d+ หน้า/ }).click()
  await expect(supervisor.getByRole('region', { name: /หน้าที่เปิดดูระหว่างการดู/ })).toContainText(
    '/profile',
  )

  const csv = await supervisor.request.get('/staff/audit.csv')
  expect(csv.status()).toBe(200)
  const text = await csv.text()
  expect(text).toContain('"HIDE-1"')
  expect(text.match(/"เริ่มดูหน้าจอ"/g)).toHaveLength(10_500)
  expect(text).toMatch(/"เปิดหน้า".*"\/profile"/)
})

/** The record's start of the watch the app began (HIDE-1), read as a supervisor would. */
async function firstStart() {
  const staff = await staffToken('super1')
  const answer = await fetch(`${MOCK_URL}/staff/audit/events?type=watch-start`, {
    headers: { Authorization: `Bearer ${staff}` },
  })
  const body = (await answer.json()) as { data: { items: Array<Record<string, unknown>> } }
  const start = body.data.items[0] as { at: number } & Record<string, unknown>
  expect(start).toMatchObject({ ticket: 'HIDE-1', staffUsername: 'support1' })
  return start
}

async function staffToken(username: string): Promise<string> {
  const answer = await fetch(`${MOCK_URL}/staff/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username,
      password: `${username.replace(/1$/, '')}1234`,
      otp: await mockStaffOtp(username),
    }),
  })
  return ((await answer.json()) as { data: { accessToken: string } }).data.accessToken
}

test('a restart while the backend does not take the record loses nothing: the journal goes once it does', async ({
  browser,
}) => {
  const journal = join(mkdtempSync(join(tmpdir(), 'audit-restart-')), 'outbox.jsonl')
  const port = await freePort()
  const env = { AUDIT_OUTBOX_FILE: journal }
  app = await startAppServer(port, env)
  const support = await staffPage(browser, app, 'support')
  // The backend's record is away: every write of it fails for now.
  await mock.fail({ path: '/staff/audit/events', method: 'POST', status: 503, count: 10_000 })
  for (const ticket of ['KEEP-1', 'KEEP-2', 'KEEP-3', 'KEEP-4']) {
    expect(await postStart(support, ticket)).toBe(302)
  }
  await support.goto('/profile')
  await support.context().close()
  await app.stop()

  // Back, and the app with it (the same journal): the four watches and the page seen are on the record.
  await mock.reset()
  app = await startAppServer(port, env)
  const supervisor = await staffPage(browser, app, 'supervisor')
  await supervisor.goto('/staff/audit?order=oldest')
  const watches = supervisor.locator('li[data-watch]')
  await expect(watches).toHaveCount(4)
  await expect(watches.first()).toContainText('KEEP-1')
  const csv = await (await supervisor.request.get('/staff/audit.csv')).text()
  expect(csv.match(/"KEEP-\d"/g)).toHaveLength(4)
  expect(csv).toMatch(/"เปิดหน้า".*"\/profile"/)
})

test('while the record cannot be read the page and the CSV say so in Thai (503); a running watch can still be ended', async ({
  browser,
}) => {
  app = await startAppServer(await freePort(), {})
  const support = await staffPage(browser, app, 'support')
  expect(await postStart(support, 'RUNNING-1')).toBe(302)
  const supervisor = await staffPage(browser, app, 'supervisor')
  for (const path of ['/staff/audit/watches', '/staff/audit/events']) {
    await mock.fail({ path, method: 'GET', status: 503, count: 100 })
  }
  const answer = await supervisor.goto('/staff/audit')
  expect(answer?.status()).toBe(503)
  await expect(supervisor.getByRole('alert')).toContainText('ยังอ่านบันทึกการดูหน้าจอจากระบบไม่ได้')
  await expect(supervisor.locator('li[data-watch]')).toHaveCount(0)
  await expect(supervisor.getByText('ไม่พบบันทึกตามตัวกรองนี้')).toHaveCount(0)

  const csv = await supervisor.request.get('/staff/audit.csv')
  expect(csv.status()).toBe(503)
  expect(csv.headers()['content-type']).toContain('text/plain')
  expect(await csv.text()).toContain('ยังอ่านบันทึกการดูหน้าจอจากระบบไม่ได้')

  // The watches going on now are the backend's list: one can be ended even now.
  await supervisor.getByRole('button', { name: `จบการดูของ ${STAFF.support.username}` }).click()
  await expect(supervisor.locator('[data-sonner-toast]')).toContainText('จบการดูหน้าจอสมาชิกแล้ว')
  await support.goto('/profile')
  await expect(support).toHaveURL(/\/staff\/members\/1002$/)
  await expect(support.locator('[data-sonner-toast]')).toContainText(
    `หัวหน้าฝ่ายบริการ (${STAFF.supervisor.username}) จบการดูหน้าจอสมาชิกนี้แล้ว`,
  )
})

test('a burst of watch starts is refused in Thai with Retry-After, keeps what was typed, and is on the record', async ({
  browser,
}) => {
  app = await startAppServer(await freePort(), {
    STAFF_WATCH_START_LIMIT: '3',
    STAFF_WATCH_START_WINDOW_S: '600',
  })
  const support = await staffPage(browser, app, 'support')
  for (const ticket of ['B-1', 'B-2', 'B-3']) expect(await postStart(support, ticket)).toBe(302)
  const refused = await support.request.post('/staff/members/1002', {
    form: { reason: REASON, ticket: 'B-4' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(429)
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0)
  // Through the page: the form says why and keeps the reason and ticket.
  await support.goto('/staff/members/1002')
  await support.getByLabel('เหตุผลที่ต้องดูหน้าจอสมาชิก').fill(REASON)
  await support.getByLabel('เลขที่เรื่อง (ticket)').fill('B-5')
  await support.getByRole('button', { name: 'ดูหน้าจอสมาชิก' }).click()
  await expect(support.getByText(/เริ่มดูหน้าจอสมาชิกบ่อยเกินกำหนด/)).toBeVisible()
  await expect(support.getByLabel('เลขที่เรื่อง (ticket)')).toHaveValue('B-5')

  const supervisor = await staffPage(browser, app, 'supervisor')
  await supervisor.goto('/staff/audit')
  const burst = supervisor.locator('[data-refusal="watch-start-limited"]')
  // One entry for the burst, not one per refused try.
  await expect(burst).toHaveCount(1)
  await expect(burst).toContainText(STAFF.support.username)
  await expect(burst).toContainText('เริ่มดูถี่เกินกำหนด')
  const csv = await (await supervisor.request.get('/staff/audit.csv')).text()
  expect(csv).toMatch(/"เริ่มดูถี่เกินกำหนด".*"support1"/)
})

test('the record’s contract refuses a write without the app’s audit key', async () => {
  const answer = await fetch(`${MOCK_URL}/staff/audit/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer forged-key-0123456789' },
    body: JSON.stringify({ events: [] }),
  })
  expect(answer.status).toBe(401)
})
