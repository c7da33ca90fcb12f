/**
 * The support console (docs/decisions/0139): staff log in with a one-time
 * code, find a member (and a request a member quoted from an error page),
 * and watch the member's screen read only, with a reason, a ticket, a
 * banner with the time left, on the record, and the member told afterwards.
 * Every watch ends: its button, its limit (the demo backend's clock), the
 * staff session's end, a supervisor. And the attacker's tries: a member's
 * cookie on the console, support on supervisors' pages, a watch's cookie
 * replayed after its end, a write during a watch, cross-site posts.
 */
import { expect, test, type Page } from '@playwright/test'
import { APP_URL, MOCK_URL } from '../../playwright.config'
import { hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'
import { openedSession } from './support/login'
import { mockStaffOtp } from './support/staff'
import { seriousViolations, sidewaysOverflow } from './support/axe'

const STAFF = {
  support: { username: 'support1', password: 'support1234', name: 'สมหญิง ฝ่ายบริการ' },
  supervisor: { username: 'super1', password: 'super1234', name: 'ประเสริฐ หัวหน้าฝ่ายบริการ' },
} as const
type StaffKey = keyof typeof STAFF

async function fillStaffLogin(page: Page, who: StaffKey, otp: string, goto = true) {
  const staff = STAFF[who]
  if (goto) await page.goto('/staff/login')
  await page.getByLabel('ชื่อผู้ใช้เจ้าหน้าที่').fill(staff.username)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(staff.password)
  await page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(otp)
  await page.getByRole('button', { name: 'เข้าสู่ระบบเจ้าหน้าที่' }).click()
}

async function staffLogin(page: Page, who: StaffKey = 'support') {
  await fillStaffLogin(page, who, await mockStaffOtp(STAFF[who].username))
  await expect(page).toHaveURL(/\/staff$/)
  await expect(page.locator('header').getByText(STAFF[who].name, { exact: true })).toBeVisible()
}

/** A ticket reference of this test alone (the record outlives each test on a worker's app). */
const ticketOf = (name: string) => `T-${name}-${Date.now().toString(36)}`

async function startWatch(page: Page, memberId: number, ticket: string) {
  await page.goto(`/staff/members/${memberId}`)
  await page.getByLabel('เหตุผลที่ต้องดูหน้าจอสมาชิก').fill('สมาชิกแจ้งว่าหน้าฝากเงินขึ้นข้อผิดพลาด')
  await page.getByLabel('เลขที่เรื่อง (ticket)').fill(ticket)
  await page.getByRole('button', { name: 'ดูหน้าจอสมาชิก' }).click()
  await expect(page).toHaveURL(`${APP_URL}/`)
}

const banner = (page: Page) => page.getByRole('region', { name: 'โหมดผู้ดูแล' })

test.beforeEach(async () => {
  await mock.reset()
})

test(
  'staff log in with the authenticator code; a wrong or reused code is refused in Thai',
  { tag: '@layout' },
  async ({ page }) => {
    await fillStaffLogin(page, 'support', '000000')
    await expect(page.getByRole('alert')).toContainText('ชื่อผู้ใช้ รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง')
    await expect(page).toHaveURL(/\/staff\/login/)
    const otp = await mockStaffOtp(STAFF.support.username)
    await fillStaffLogin(page, 'support', otp)
    await expect(page).toHaveURL(/\/staff$/)
    await expect(
      page.locator('header').getByText(STAFF.support.name, { exact: true }),
    ).toBeVisible()
    // The staff cookie is its own: no member session was made.
    expect(await openedSession(page.context())).toBeNull()
    // The same code again (a replay, in another browser) is refused.
    const other = await page.context().browser()!.newContext()
    const replay = await other.newPage()
    await fillStaffLogin(replay, 'support', otp)
    await expect(replay.getByRole('alert')).toContainText('รหัสยืนยันไม่ถูกต้อง')
    await other.close()
  },
)

test(
  'search finds a member by username, phone and id; the page masks the bank number',
  { tag: '@layout' },
  async ({ page }) => {
    await staffLogin(page)
    for (const q of ['demo', '0812345678', '1001']) {
      await page.goto(`/staff?q=${q}`)
      await expect(page.getByRole('link', { name: 'demo', exact: true })).toBeVisible()
    }
    await page.getByRole('link', { name: 'demo', exact: true }).click()
    await expect(page).toHaveURL(/\/staff\/members\/1001$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('demo')
    const summary = page.locator('dl')
    await expect(summary).toContainText(/฿[\d,]+\.\d\d/)
    // The bank number: its last four digits only.
    await expect(summary).toContainText(/x{3}-x-x{2}\d{3}-\d/)
    await expect(page.getByRole('region', { name: 'รายการฝากล่าสุด' })).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'ลำดับคำขอของสมาชิก' }).or(page.getByText('ยังไม่มีคำขอที่บันทึกไว้')),
    ).toBeVisible()
  },
)

test('the request id on a member’s error page finds the request, marked failed, and its member', async ({
  page,
  context,
  browser,
}) => {
  await loginAs(context, 'demo', { withMemberId: true })
  await mock.fail({ path: '/user/profile', status: 500, count: 5 })
  await page.goto('/profile')
  const requestId = (await page.getByTestId('request-id').first().textContent())?.trim() ?? ''
  expect(requestId).toMatch(/^[a-z0-9]{6,16}$/)

  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await staffLogin(staff)
  await expect(async () => {
    await staff.goto(`/staff?q=${requestId}`)
    await expect(staff.getByRole('heading', { name: `คำขอ ${requestId}` })).toBeVisible({
      timeout: 1000,
    })
  }).toPass()
  const row = staff.locator('tr[data-failed]').filter({ hasText: requestId })
  // The backend's 500 is the app's 502 (a backend fault), and its code is on the row.
  await expect(row).toContainText('ผิดพลาด 502')
  await expect(row).toContainText('/profile')
  await staff.getByRole('link', { name: '1001' }).click()
  await expect(staff.locator('tr[data-failed]').filter({ hasText: requestId })).toBeVisible()
  await staffContext.close()
})

test(
  'a watch asks a reason and a ticket, shows whom, who and the time left on every page, and ends on จบการดู',
  { tag: '@layout' },
  async ({ page }) => {
    await staffLogin(page)
    const ticket = ticketOf('button')
    await page.goto('/staff/members/1001')
    // Without a reason, no watch.
    await page.getByLabel('เลขที่เรื่อง (ticket)').fill(ticket)
    await page.getByRole('button', { name: 'ดูหน้าจอสมาชิก' }).click()
    await expect(page).toHaveURL(/\/staff\/members\/1001$/)
    await startWatch(page, 1001, ticket)
    await expect(banner(page)).toContainText('demo')
    await expect(banner(page)).toContainText(STAFF.support.name)
    await hydrated(page)
    const timer = banner(page).getByRole('timer')
    await expect(timer).toHaveText(/(29|30):\d\d/)
    const first = await timer.textContent()
    await expect(timer).not.toHaveText(first ?? '')
    await page.goto('/transaction')
    await expect(banner(page)).toContainText('demo')
    await hydrated(page)
    await banner(page).getByRole('button', { name: 'จบการดู' }).click()
    await expect(page).toHaveURL(/\/staff\/members\/1001$/)
    expect(await openedSession(page.context())).toBeNull()
    // The staff session is untouched.
    await expect(
      page.locator('header').getByText(STAFF.support.name, { exact: true }),
    ).toBeVisible()
  },
)

test('a watch refuses every write and game launch, in Thai', async ({ page }) => {
  await staffLogin(page)
  await startWatch(page, 1001, ticketOf('write'))
  const answer = await page.request.post('/coupon', { form: { code: 'WELCOME100' } })
  expect(answer.status()).toBe(403)
  expect(await answer.text()).toContain('โหมดผู้ดูแลดูได้อย่างเดียว')
  await mock.clearCalls()
  await page.goto('/games/launch?game=pgsoft-001&from=%2Fcasino')
  await expect(page).toHaveURL(/\/casino/)
  await expect(page.getByText('ไม่สามารถเข้าเล่นเกมแทนสมาชิกได้').first()).toBeVisible()
  // The write never reached the backend: no post, no launch with the delegated token.
  const calls = await mock.calls()
  // (The app's own audit writes, with its audit key, are the record of the watch.)
  const writes = calls.filter((c) => c.method !== 'GET' && c.path !== '/staff/audit/events')
  expect(writes).toHaveLength(0)
  expect(calls.filter((c) => c.path.includes('launch'))).toHaveLength(0)
  // The demo backend refuses the delegated token on a write by itself too.
  const watch = await openedSession(page.context())
  expect(watch?.watch?.staff?.username).toBe(STAFF.support.username)
  const direct = await fetch(`${MOCK_URL}/wallet/deposits`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${watch?.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      amount: 500,
      method: 'promptpay',
      idempotencyKey: 'k-0123456789abcdef',
    }),
  })
  expect(direct.status).toBe(403)
  expect(((await direct.json()) as { code: string }).code).toBe('READ_ONLY_TOKEN')
})

test('a watch ends at its limit on the backend’s clock, and the record says so', async ({
  page,
  browser,
}) => {
  await staffLogin(page)
  const ticket = ticketOf('limit')
  await startWatch(page, 1001, ticket)
  await mock.clockAhead(31 * 60_000)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/staff\/members\/1001$/)
  await expect(page.locator('[data-sonner-toast]')).toContainText('ครบเวลาดูหน้าจอสมาชิกแล้ว')
  await mock.clockAhead(0)

  const supervisorContext = await browser.newContext()
  const supervisor = await supervisorContext.newPage()
  await staffLogin(supervisor, 'supervisor')
  await supervisor.goto(`/staff/audit?member=demo`)
  const record = supervisor.locator('li[data-watch]').filter({ hasText: ticket })
  await expect(record).toContainText('ครบเวลาที่กำหนด')
  await supervisorContext.close()
})

test('a supervisor ends a watch; its browser leaves the member’s screen; the record says who', async ({
  page,
  browser,
}) => {
  await staffLogin(page)
  const ticket = ticketOf('supervisor')
  await startWatch(page, 1001, ticket)
  await page.goto('/casino')
  await hydrated(page)

  const supervisorContext = await browser.newContext()
  const supervisor = await supervisorContext.newPage()
  await staffLogin(supervisor, 'supervisor')
  await supervisor.goto('/staff/audit')
  // The watch's page leaves by itself (its live stream ends, the page asks the server again),
  // maybe while the supervisor's page is still checked: its 2 s toast is awaited from now on.
  const watcherLeft = Promise.all([
    page.waitForURL(/\/staff\/members\/1001$/, { timeout: 20_000 }),
    // Told why, and by whom.
    expect(page.locator('[data-sonner-toast]')).toContainText(
      `หัวหน้าฝ่ายบริการ (${STAFF.supervisor.username}) จบการดูหน้าจอสมาชิกนี้แล้ว`,
      { timeout: 20_000 },
    ),
  ])
  await supervisor.getByRole('button', { name: `จบการดูของ ${STAFF.support.username}` }).click()
  await expect(supervisor.locator('[data-sonner-toast]')).toContainText('จบการดูหน้าจอสมาชิกแล้ว')
  const record = supervisor.locator('li[data-watch]').filter({ hasText: ticket })
  await expect(record).toContainText('หัวหน้าฝ่ายบริการจบการดู')
  await expect(record).toContainText(STAFF.supervisor.username)
  await supervisorContext.close()

  await watcherLeft
  await page.goto('/casino')
  await expect(banner(page)).toHaveCount(0)
})

test('staff never watch staff: a staff member account has no watch, and a post is refused', async ({
  page,
}) => {
  await staffLogin(page)
  await page.goto('/staff/members/1005')
  await expect(page.getByRole('note')).toContainText('ไม่สามารถดูหน้าจอของบัญชีเจ้าหน้าที่ได้')
  await expect(page.getByRole('button', { name: 'ดูหน้าจอสมาชิก' })).toHaveCount(0)
  const answer = await page.request.post('/staff/members/1005', {
    form: { reason: 'ลองดูบัญชีเพื่อนร่วมงาน', ticket: 'T-1' },
  })
  expect(answer.status()).toBe(403)
  expect(await openedSession(page.context())).toBeNull()
})

test(
  'the audit page filters by staff, member and date, and downloads the same as CSV',
  { tag: '@layout' },
  async ({ page, browser }) => {
    const supportContext = await browser.newContext()
    const support = await supportContext.newPage()
    await staffLogin(support)
    const ticket = ticketOf('audit')
    await startWatch(support, 1002, ticket)
    await support.goto('/profile')
    await hydrated(support)
    await banner(support).getByRole('button', { name: 'จบการดู' }).click()
    await expect(support).toHaveURL(/\/staff\/members\/1002$/)
    await supportContext.close()

    await staffLogin(page, 'supervisor')
    await page.goto('/staff/audit')
    await page.getByLabel('สมาชิก (ชื่อผู้ใช้หรือรหัส)').fill('somsri')
    await page.getByLabel('เจ้าหน้าที่ (ชื่อผู้ใช้)').fill('support1')
    await page.getByRole('button', { name: 'กรอง' }).click()
    await expect(page).toHaveURL(/member=somsri/)
    const record = page.locator('li[data-watch]').filter({ hasText: ticket })
    await expect(record).toContainText('เจ้าหน้าที่กดจบการดู')
    await expect(record).toContainText('สมาชิกแจ้งว่าหน้าฝากเงินขึ้นข้อผิดพลาด')
    await record.getByRole('link', { name: /หน้าที่เปิดดู \d+ หน้า/ }).click()
    await expect(page.getByRole('region', { name: /หน้าที่เปิดดูระหว่างการดู/ })).toContainText('/profile')
    // Another member's filter does not show it.
    await page.goto('/staff/audit?member=demo')
    await expect(page.locator('li[data-watch]').filter({ hasText: ticket })).toHaveCount(0)

    const csv = await page.request.get('/staff/audit.csv?member=somsri')
    expect(csv.headers()['content-type']).toContain('text/csv')
    const text = await csv.text()
    expect(text).toContain(ticket)
    expect(text).toMatch(/"เริ่มดูหน้าจอ".*"สมาชิกแจ้งว่าหน้าฝากเงินขึ้นข้อผิดพลาด"/)
    expect(text).toMatch(/"เปิดหน้า".*"\/profile"/)
    expect(text).toMatch(/"จบการดู".*"เจ้าหน้าที่กดจบการดู"/)
    // The event column is Thai: no English word of the record's own.
    expect(text).not.toMatch(/"(start|view|end)"/)
  },
)

test('after a watch the member’s notifications say support looked, when and for which ticket', async ({
  page,
  browser,
}) => {
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await staffLogin(staff)
  const ticket = ticketOf('notice')
  await startWatch(staff, 1001, ticket)
  await hydrated(staff)
  await banner(staff).getByRole('button', { name: 'จบการดู' }).click()
  await expect(staff).toHaveURL(/\/staff\/members\/1001$/)
  await staffContext.close()

  await loginAs(page.context(), 'demo')
  await page.goto('/notifications')
  await expect(page.getByText(ticket).first()).toBeVisible()
  await expect(page.getByText('เจ้าหน้าที่ดูแลบัญชีของคุณแล้ว').first()).toBeVisible()
})

test(
  'every console page: axe finds nothing serious, and 360 px needs no sideways scrolling',
  { tag: '@layout' },
  async ({ page, browser }) => {
    // Five pages with axe each: three times the test's time budget.
    test.slow()
    // A member's requests first, so the member page shows its timeline table.
    const member = await browser.newContext()
    await loginAs(member, 'demo', { withMemberId: true })
    await (await member.newPage()).goto('/profile')
    await member.close()
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/staff/login')
    expect(await seriousViolations(page), '/staff/login').toEqual([])
    expect(await sidewaysOverflow(page), '/staff/login').toBeLessThanOrEqual(0)
    await staffLogin(page, 'supervisor')
    // /watcher too: the staff person's token watch form (decision 0156).
    for (const path of [
      '/staff',
      '/staff?q=demo',
      '/staff/members/1001',
      '/staff/audit',
      '/watcher',
    ]) {
      await page.goto(path)
      await hydrated(page)
      expect(await seriousViolations(page), path).toEqual([])
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0)
    }
  },
)

test('a token watch needs a signed-in staff person, a reason and a ticket, and is on the record as theirs', async ({
  page,
  browser,
}) => {
  const { accessToken } = await mock.tokens({ username: 'somsri' })
  // Nobody signed in as staff: not even a post starts a watch.
  const bare = await page.request.post('/watcher', {
    form: { token: accessToken },
    maxRedirects: 0,
  })
  expect(bare.status()).toBe(302)
  expect(bare.headers()['location']).toBe('/staff/login?redirectTo=%2Fwatcher')
  expect(await openedSession(page.context())).toBeNull()
  await page.goto('/watcher')
  await expect(page).toHaveURL(/\/staff\/login\?redirectTo=%2Fwatcher$/)
  await expect(page.locator('[data-sonner-toast]')).toContainText(
    'การดูหน้าจอสมาชิกด้วยโทเค็นต้องเข้าสู่ระบบเจ้าหน้าที่ก่อน',
  )
  // Signed in, back on /watcher: the token, and the console's reason and ticket.
  await fillStaffLogin(page, 'support', await mockStaffOtp(STAFF.support.username), false)
  await expect(page).toHaveURL(/\/watcher$/)
  await page.locator('textarea[name="token"]').fill(accessToken)
  await page.getByLabel('เลขที่เรื่อง (ticket)').fill('T 1')
  await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
  await expect(page.getByText('เลขที่เรื่องใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ # - _')).toBeVisible()
  expect(await openedSession(page.context())).toBeNull()
  const noReason = await page.request.post('/watcher', {
    form: { token: accessToken, reason: 'ดู', ticket: 'T-1' },
  })
  expect(noReason.status()).toBe(400)
  expect(await openedSession(page.context())).toBeNull()

  const ticket = ticketOf('token')
  await page.locator('textarea[name="token"]').fill(accessToken)
  await page.getByLabel('เหตุผลที่ต้องดูหน้าจอสมาชิก').fill('สมาชิกแจ้งว่าเข้าหน้าโปรไฟล์ไม่ได้')
  await page.getByLabel('เลขที่เรื่อง (ticket)').fill(ticket)
  await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
  await expect(page).toHaveURL(`${APP_URL}/`)
  await expect(banner(page)).toContainText('somsri')
  await expect(banner(page)).toContainText(STAFF.support.name)
  const watch = (await openedSession(page.context()))?.watch
  expect(watch).toMatchObject({ kind: 'token', staff: { username: STAFF.support.username } })
  expect(watch?.expiresAt ?? Infinity).toBeLessThanOrEqual(Date.now() + 30 * 60_000)

  const supervisorContext = await browser.newContext()
  const supervisor = await supervisorContext.newPage()
  await staffLogin(supervisor, 'supervisor')
  await supervisor.goto('/staff/audit?member=somsri')
  const record = supervisor.locator('li[data-watch]').filter({ hasText: ticket })
  await expect(record).toContainText(STAFF.support.username)
  await expect(record).toContainText('สมาชิกแจ้งว่าเข้าหน้าโปรไฟล์ไม่ได้')
  await supervisorContext.close()

  // The staff logout ends it, as any of the staff person's watches.
  await page.goto('/staff')
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click()
  await expect(page).toHaveURL(/\/staff\/login$/)
  expect(await openedSession(page.context())).toBeNull()
})

test('without staff accounts, /watcher is the original’s bare token watch, on the record as nobody’s', async ({
  page,
  browser,
}) => {
  await mock.appConfig({ staff: { accounts: false } })
  const { accessToken } = await mock.tokens({ username: 'somsri' })
  await page.goto('/watcher')
  await expect(page).toHaveURL(/\/watcher$/)
  await expect(page.getByLabel('เหตุผลที่ต้องดูหน้าจอสมาชิก')).toHaveCount(0)
  await page.locator('textarea[name="token"]').fill(accessToken)
  await page.getByRole('button', { name: 'เริ่มดูหน้าจอสมาชิก' }).click()
  await expect(page).toHaveURL(`${APP_URL}/`)
  await expect(banner(page)).toContainText('somsri')
  const watch = (await openedSession(page.context()))?.watch
  expect(watch?.staff).toBeUndefined()

  const supervisorContext = await browser.newContext()
  const supervisor = await supervisorContext.newPage()
  await staffLogin(supervisor, 'supervisor')
  await supervisor.goto('/staff/audit?member=somsri')
  await expect(
    supervisor.locator('li[data-watch]').filter({ hasText: 'ไม่ทราบ (ดูด้วยโทเค็น)' }).first(),
  ).toBeVisible()
  await supervisorContext.close()
})

/** A page of another site (`http://evil.example/`) holding `html`. */
async function otherSite(page: Page, html: string) {
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html>${html}` }),
  )
  await page.goto('http://evil.example/')
}

/** The Cookie header the browser sends with the next request to `path`. */
async function cookiesSentTo(page: Page, path: string, act: () => Promise<void>) {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === path)
  await act()
  return (await (await request).headerValue('cookie')) ?? ''
}

test('a watch goes on when a link from another site opens a member page (no staff cookie comes with it)', async ({
  page,
}) => {
  await staffLogin(page)
  await startWatch(page, 1001, ticketOf('link'))
  await otherSite(page, `<a href="${APP_URL}/profile">โปรไฟล์</a>`)
  const sent = await cookiesSentTo(page, '/profile', () => page.getByRole('link').click())
  expect(sent).toContain('auth.session=')
  expect(sent).not.toContain('auth.staff=')
  await expect(page).toHaveURL(`${APP_URL}/profile`)
  await expect(banner(page)).toContainText('demo')
  await expect(banner(page)).toContainText(STAFF.support.name)
})

test.describe('as an attacker', () => {
  test('a member’s cookie on staff pages is a Thai 403; support on a supervisor page too', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    expect((await page.request.get('/staff/audit.csv')).status()).toBe(403)
    for (const path of ['/staff', '/staff/members/1001', '/staff/audit']) {
      const answer = await page.goto(path)
      expect(answer?.status(), path).toBe(403)
      await expect(page.getByText('หน้านี้สำหรับเจ้าหน้าที่ฝ่ายบริการเท่านั้น').first()).toBeVisible()
    }
    await context.clearCookies()
    await staffLogin(page)
    const audit = await page.goto('/staff/audit')
    expect(audit?.status()).toBe(403)
    await expect(page.getByText('หน้านี้สำหรับหัวหน้าฝ่ายบริการเท่านั้น').first()).toBeVisible()
    expect((await page.request.get('/staff/audit.csv')).status()).toBe(403)
  })

  test('a watch’s cookie replayed after the watch ended is no session', async ({
    page,
    context,
  }) => {
    await staffLogin(page)
    await startWatch(page, 1001, ticketOf('replay'))
    const copy = (await context.cookies()).find((c) => c.name === 'auth.session')
    expect(copy).toBeDefined()
    expect((await openedSession(context))?.strategy).toBe('watcher')
    await hydrated(page)
    await banner(page).getByRole('button', { name: 'จบการดู' }).click()
    await expect(page).toHaveURL(/\/staff\/members\/1001$/)
    await context.addCookies([copy!])
    await page.goto('/profile')
    await expect(banner(page)).toHaveCount(0)
    await expect(page).not.toHaveURL(/\/profile$/)
  })

  test('the staff logout ends the watch it holds', async ({ page, context }) => {
    await staffLogin(page)
    await startWatch(page, 1001, ticketOf('logout'))
    await page.goto('/staff')
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click()
    await expect(page).toHaveURL(/\/staff\/login$/)
    expect(await openedSession(context)).toBeNull()
    await page.goto('/')
    await expect(banner(page)).toHaveCount(0)
  })

  test('a flood of wrong codes from one address is slowed in Thai; the real person at another address logs in', async ({
    page,
    browser,
  }) => {
    const flood = { 'X-Forwarded-For': '192.0.2.33' }
    const statuses: number[] = []
    let slowed: Awaited<ReturnType<typeof page.request.post>> | undefined
    for (let i = 0; i < 30; i++) {
      const answer = await page.request.post('/staff/login', {
        form: { username: STAFF.support.username, password: 'guess', otp: '000000' },
        headers: flood,
      })
      statuses.push(answer.status())
      if (answer.status() === 429) slowed ??= answer
    }
    // Five judged by the backend, then each try waits (2 s, 4 s, ...: those that come early count nowhere).
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.filter((status) => status === 401).length).toBeLessThan(10)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(20)
    expect(Number(slowed?.headers()['retry-after'])).toBeGreaterThan(0)
    expect(await slowed?.text()).toMatch(/ลองใหม่ได้ในอีก \d+ วินาที/)

    // The staff person, at the office's address, in a browser never used before.
    const office = await browser.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.77' },
    })
    const real = await office.newPage()
    await staffLogin(real)
    await office.close()
  })

  test('the staff cookie is SameSite=Strict: neither a link nor a form of another site carries it', async ({
    page,
    context,
  }) => {
    await staffLogin(page)
    const cookie = (await context.cookies()).find((c) => c.name === 'auth.staff')
    expect(cookie).toMatchObject({ sameSite: 'Strict', httpOnly: true, path: '/' })
    await otherSite(
      page,
      `<a href="${APP_URL}/staff/members/1001">สมาชิก</a>` +
        `<form method="post" action="${APP_URL}/staff/logout"><button>ออก</button></form>`,
    )
    const byLink = await cookiesSentTo(page, '/staff/members/1001', () =>
      page.getByRole('link').click(),
    )
    expect(byLink).not.toContain('auth.staff=')
    // Without it the console is a login page (a bookmark or a typed address carries the cookie).
    await expect(page).toHaveURL(/\/staff\/login\?redirectTo=%2Fstaff%2Fmembers%2F1001$/)
    await page.goto('http://evil.example/')
    const byForm = await cookiesSentTo(page, '/staff/logout', () =>
      page.getByRole('button', { name: 'ออก' }).click(),
    )
    expect(byForm).not.toContain('auth.staff=')
    // The same site's own pages still carry it: still logged in.
    await page.goto('/staff/members/1001')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('demo')
  })

  test('cross-site posts to every staff form are refused before anything runs', async ({
    page,
  }) => {
    await staffLogin(page)
    const evil = { Origin: 'https://evil.example' }
    const forms: [string, Record<string, string>][] = [
      ['/staff/login', { username: 'support1', password: 'support1234', otp: '123456' }],
      ['/staff/members/1001', { reason: 'ดูหน้าจอให้หน่อย', ticket: 'T-9' }],
      ['/staff/audit', { watchId: 'w-1' }],
      ['/staff/logout', {}],
      ['/logout', { from: '/staff/members/1001' }],
    ]
    for (const [path, form] of forms) {
      const answer = await page.request.post(path, { form, headers: evil })
      expect(answer.status(), path).toBe(403)
    }
    // Still logged in as staff; no watch was started.
    await page.goto('/staff')
    await expect(
      page.locator('header').getByText(STAFF.support.name, { exact: true }),
    ).toBeVisible()
    expect(await openedSession(page.context())).toBeNull()
  })
})
