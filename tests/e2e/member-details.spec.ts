/**
 * Small things members noticed, on a phone: the team invite code copies;
 * the lotto history tab keeps the results and saved-sets links; a locked
 * account is offered a way to reach support (LINE official account); the
 * shared SVG charts (commission by month, cashback by week, a promotion's
 * turnover) are images with a Thai name and their numbers as a table.
 * The menu's click-outside (desktop) and the loading bar are in
 * navigation.spec.ts.
 */
import { expect, test } from '@playwright/test'
import { clientAddress, hydrated } from './support/accounts'
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
