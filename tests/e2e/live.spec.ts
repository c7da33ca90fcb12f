/**
 * Live events on a phone (docs/decisions/0129): what the backend raises
 * reaches open pages without a reload. A win settled through /__mock/ shows
 * on an open slip history and in the header; a paid deposit raises the
 * balance on an open home page, with a toast; the stream lives through a
 * token renewal and ends at logout, and the page follows. The browser never
 * sees a token on this path either.
 */
import { expect, test, type Page } from '@playwright/test'
import { clientAddress, hydrated } from './support/accounts'
import { seriousViolations } from './support/axe'
import { backend, mock, settleHanoiWin, stakeHanoiWin, HANOI_WIN_EVENT } from './support/mock'
import { loginAs } from './support/session'
import { logOutThroughMenu } from './support/login'

test.use({ extraHTTPHeaders: clientAddress(120) })

test.beforeEach(async () => {
  await mock.reset()
})

/** Marks the document: the mark is gone if the page is loaded again. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { liveMark: number }).liveMark = 1
  })
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1)
}

/** The page's own stream is open, and the backend holds an upstream of the member. */
async function streamOpen(page: Page, username = 'demo') {
  await hydrated(page)
  await expect(page.locator('header[data-live="open"]')).toBeVisible()
  await expect.poll(async () => (await mock.eventStreams())[username] ?? 0).toBeGreaterThan(0)
}

const balance = (page: Page) => page.getByTestId('balance').first()

test('a win settled through the backend shows on the open slip history and in the header', async ({
  page,
  context,
}) => {
  const { accessToken } = await loginAs(context, 'demo')
  const drawId = await stakeHanoiWin(accessToken, 'live-spec-win-1')
  await page.goto('/lotto?tab=history')
  const stake = page.getByTestId('stake').first()
  await expect(stake).toContainText('รอผล')
  await expect(balance(page)).toHaveText('฿1,510.50')
  await streamOpen(page)
  await markDocument(page)

  await settleHanoiWin(drawId)
  await expect(stake).toContainText('ถูกรางวัล')
  await expect(stake.getByTestId('stake-winnings')).toHaveText('ได้รับ ฿920.00')
  await expect(balance(page)).toHaveText('฿2,430.50')
  await expect(page.getByText('ยินดีด้วย! ถูกรางวัลหวยฮานอย ฿920.00')).toBeVisible()
  await expectSameDocument(page)
})

test('a deposit paid through the backend raises the balance on an open home page', async ({
  page,
  context,
}) => {
  const { accessToken } = await loginAs(context, 'demo')
  const order = await backend<{ id: number }>('/wallet/deposits', accessToken, {
    idempotencyKey: 'live-spec-deposit-1',
    amount: 500,
    method: 'promptpay',
  })
  await page.goto('/')
  await expect(page.getByTestId('home-balance')).toHaveText('฿1,520.50')
  await streamOpen(page)
  await markDocument(page)

  await mock.post(`orders/${order.id}/paid`, {})
  await expect(balance(page)).toHaveText('฿2,020.50')
  await expect(page.getByTestId('home-balance')).toHaveText('฿2,020.50')
  await expect(page.getByText('ฝากเงินสำเร็จ ฿500.00 เข้ากระเป๋าแล้ว')).toBeVisible()
  await expectSameDocument(page)
})

test('the stream lives through a token renewal: an event after it still arrives', async ({
  page,
  context,
}) => {
  // Access tokens of 3 s: the tab's stream ends when its token does and comes back with a new one.
  await mock.config({ accessTtlSeconds: 3 })
  await loginAs(context, 'demo', { accessTtlSeconds: 3 })
  await page.goto('/')
  await streamOpen(page)
  await markDocument(page)
  await mock.clearCalls()
  await expect
    .poll(async () => (await mock.calls('/auth/refresh')).length, { timeout: 10_000 })
    .toBeGreaterThan(0)
  // Raised whenever: while the tab comes back with its new token, or after, it arrives.
  await mock.raiseEvent('demo', { type: 'balance', balance: 3333 })
  await expect(balance(page)).toHaveText('฿3,333.00')
  await expectSameDocument(page)
})

test('a logout in one tab ends the other tab stream, and that page follows to /login', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/transaction?tab=history')
  await streamOpen(page)
  const other = await context.newPage()
  await other.goto('/cashback')
  await hydrated(other)
  await logOutThroughMenu(other)
  await expect(other).toHaveURL(/\/login/)
  // No reload, no focus: the first tab learns it from its stream.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftransaction/)
})

test('the stream carries no token and no member id', async ({ page, context }) => {
  const { accessToken, refreshToken } = await loginAs(context, 'demo')
  await page.goto('/')
  await streamOpen(page)
  // The stream's text, as the page's own EventSource received it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const source = new EventSource('/events')
        ;(window as unknown as { received: string[] }).received = []
        source.addEventListener('member', (e) =>
          (window as unknown as { received: string[] }).received.push((e as MessageEvent).data),
        )
        source.onopen = () => resolve()
      }),
  )
  await mock.raiseEvent('demo', { type: 'cashback', amount: 12 })
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: string[] }).received.length))
    .toBeGreaterThan(0)
  const received = await page.evaluate(() =>
    (window as unknown as { received: string[] }).received.join('\n'),
  )
  for (const secret of [accessToken, refreshToken, '1001']) expect(received).not.toContain(secret)
  expect(JSON.parse(received)).toMatchObject({ type: 'cashback', amount: 12 })
  await expect(page.getByText('มียอดคืนยอดเสีย ฿12.00 รอรับอยู่')).toBeVisible()
})

test('the bell counts a new event live; the notification centre lists it in Thai and marks it read', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/')
  await streamOpen(page)
  const bell = page.getByRole('link', { name: /^การแจ้งเตือน/ })
  await expect(bell).toHaveAccessibleName('การแจ้งเตือน')
  await mock.raiseEvent('demo', HANOI_WIN_EVENT)
  await expect(bell).toHaveAccessibleName('การแจ้งเตือน ยังไม่อ่าน 1 รายการ')
  await expect(page.getByTestId('unread-count')).toHaveText('1')

  await bell.click()
  await expect(page).toHaveURL('/notifications')
  const item = page.getByTestId('notification').first()
  await expect(item).toContainText('ถูกรางวัลหวยฮานอย')
  await expect(item).toContainText('โพย #7 ได้รับ ฿920.00')
  // The Buddhist-era year: 2569 for 2026.
  await expect(item.locator('time')).toHaveText(/\s25\d\d\s\d\d:\d\d$/)
  // Shown is read: the backend keeps it, the bell goes quiet.
  await expect(bell).toHaveAccessibleName('การแจ้งเตือน')
  await page.reload()
  await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true')
  expect(await seriousViolations(page)).toEqual([])
})
