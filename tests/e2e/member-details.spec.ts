/**
 * Small things members noticed, on a phone: the team invite code copies;
 * the lotto history tab keeps the results and saved-sets links; a locked
 * account is offered a way to reach support (LINE official account); the
 * shared SVG charts (commission by month, cashback by week, a promotion's
 * turnover) are images with a Thai name and their numbers as a table.
 * The menu's click-outside (desktop) and the loading bar are in
 * navigation.spec.ts.
 */
import { expect, test, type Locator } from '@playwright/test'
import { DEMO_APP_CONFIG } from '../mock-backend/app-config'
import { clientAddress, hydrated } from './support/accounts'
import { submitLogin } from './support/login'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.use({ extraHTTPHeaders: clientAddress(108) })

test.beforeEach(async () => {
  await mock.reset()
})

test('the team invite code has a copy button that copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await loginAs(context, 'somsri')
  await page.goto('/alliance')
  await hydrated(page)
  await expect(page.getByTestId('invite-code')).toHaveText('SAIFA7')
  await page.getByRole('button', { name: 'คัดลอกรหัสเชิญ' }).click()
  await expect(page.getByText('คัดลอกแล้ว').first()).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SAIFA7')
})

test('the lotto history tab keeps the results and saved-sets links', async ({ page, context }) => {
  await loginAs(context, 'demo')
  await page.goto('/lotto?tab=history')
  await expect(page.getByRole('link', { name: 'โพยของฉัน' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('link', { name: 'ผลหวย' }).click()
  await expect(page).toHaveURL(/\/lotto\/result/)
  await page.goBack()
  await page.getByRole('link', { name: 'โพยที่บันทึกไว้' }).click()
  await expect(page).toHaveURL(/\/lotto\/stake-set/)
})

const SUPPORT_LINK = 'ติดต่อเจ้าหน้าที่ทาง LINE'

test('a locked account is offered the LINE official account beside the message', async ({
  page,
}) => {
  const line = DEMO_APP_CONFIG.support.line
  if (!line) throw new Error('the demo configuration has a LINE official account')
  await page.goto('/login')
  await hydrated(page)
  await submitLogin(page, 'locked', 'locked1234')
  const alert = page.getByRole('alert').filter({ hasText: 'บัญชีนี้ถูกระงับการใช้งาน' })
  await expect(alert).toBeVisible()
  // Right after the message, the next thing a keyboard or screen reader reaches.
  const link = page.getByRole('link', { name: new RegExp(SUPPORT_LINK) })
  expect(
    await alert.evaluate(
      (node, name) =>
        node.nextElementSibling instanceof HTMLAnchorElement &&
        (node.nextElementSibling.textContent ?? '').includes(name),
      SUPPORT_LINK,
    ),
  ).toBe(true)
  await expect(link).toHaveAttribute('href', line.url)
  await expect(link).toContainText(line.id)
  await expect(link).toHaveAttribute('rel', /noopener/)
  // A wrong password is not a reason to call support.
  await submitLogin(page, 'demo', 'wrong-password')
  await expect(page.getByRole('alert').filter({ hasText: 'ไม่ถูกต้อง' })).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(SUPPORT_LINK) })).toHaveCount(0)
})

test('the menu offers the LINE official account; none when the service names none', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/')
  await hydrated(page)
  await page.locator('summary[aria-label="เมนู"]').click()
  const menu = page.getByRole('navigation', { name: 'เมนูหลัก' })
  await expect(menu.getByRole('link', { name: new RegExp(SUPPORT_LINK) })).toHaveAttribute(
    'href',
    DEMO_APP_CONFIG.support.line?.url ?? '',
  )
  await mock.appConfig({ support: { line: null } })
  await page.reload()
  await hydrated(page)
  await page.locator('summary[aria-label="เมนู"]').click()
  await expect(menu.getByRole('link').first()).toBeVisible()
  await expect(menu.getByRole('link', { name: new RegExp(SUPPORT_LINK) })).toHaveCount(0)
})

/** A chart's bar fills, as shares of its track (the drawing members look at). */
const fills = (chart: Locator) =>
  chart.evaluate((svg) =>
    [...svg.querySelectorAll('g')].map((row) => {
      const [track, bar] = [...row.querySelectorAll('rect')]
      return bar ? Number(bar.getAttribute('width')) / Number(track?.getAttribute('width')) : 0
    }),
  )

test('commission by month is drawn, named with the table’s own numbers', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/affiliate')
  const table = page.locator('#commission-table')
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')
      return { month: cells[0] ?? '', commission: cells[2] ?? '' }
    }),
  )
  expect(rows.length).toBeGreaterThan(1)
  const chart = page.getByRole('img', { name: /^ค่าคอมมิชชันรายเดือน: / })
  await expect(chart).toHaveAttribute(
    'aria-label',
    `ค่าคอมมิชชันรายเดือน: ${rows.map((r) => `${r.month} ${r.commission}`).join(', ')}`,
  )
  await expect(chart).toHaveAttribute('aria-describedby', 'commission-table')
  const amounts = rows.map((r) => Number(r.commission.replace(/[฿,]/g, '')))
  const top = Math.max(...amounts)
  const drawn = await fills(chart)
  drawn.forEach((share, i) => expect(share).toBeCloseTo((amounts[i] ?? 0) / top, 2))
})

test('cashback by week is drawn, with its numbers as a table for screen readers', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/cashback')
  const chart = page.getByRole('img', { name: /^ยอดคืนรายสัปดาห์: / })
  await expect(chart).toBeVisible()
  const table = page.getByRole('table', { name: 'ยอดคืนรายสัปดาห์' })
  const titles = await page.locator('li.card h3').allTextContents()
  expect(titles.length).toBeGreaterThan(1)
  await expect(table.getByRole('rowheader')).toHaveText(titles)
  await expect(table.getByRole('cell').nth(1)).toHaveText('฿162.50')
  const drawn = await fills(chart)
  expect(drawn).toHaveLength(titles.length)
  expect(Math.max(...drawn)).toBe(1)
})

test('an accepted promotion’s turnover is drawn against what is required', async ({
  page,
  context,
}) => {
  await loginAs(context, 'somsri')
  await page.goto('/promotion?id=daily-deposit')
  const chart = page.getByRole('img', { name: /^ยอดเทิร์นของ / })
  await expect(chart).toHaveAttribute('aria-label', /ทำเทิร์นแล้ว ฿1,250.00 จาก ฿3,000.00 \(41%\)$/)
  const [done, required] = await fills(chart)
  expect(done).toBeCloseTo(1250 / 3000, 2)
  expect(required).toBe(1)
  await expect(page.getByRole('table', { name: /^ยอดเทิร์นของ / }).getByRole('cell')).toHaveText([
    '฿1,250.00',
    '฿3,000.00',
  ])
})
