/**
 * Free text posted in any form loses Unicode bidi controls on the server
 * (docs/decisions/0095): a saved set named with a right-to-left override
 * reads as it was typed, not reversed ("gnp.exe" never shows as "exe.png").
 */
import { expect, test } from '@playwright/test'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.beforeEach(async () => {
  await mock.reset()
})

test('a saved-set name keeps no bidi control, with or without JavaScript', async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled })
    await loginAs(context)
    const page = await context.newPage()
    await page.goto('/lotto/stake-set')
    await page.getByLabel('ชื่อชุด', { exact: true }).fill('ชุด\u202Egnp.exe\u2066x\u2069')
    await page.getByRole('button', { name: 'สร้างชุด', exact: true }).click()
    await expect(page).toHaveURL(/\/lotto\/stake-set\/\d+$/)
    await expect(page.locator('h1')).toHaveText('ชุดgnp.exex')
    expect(await page.locator('h1').textContent()).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
    await context.close()
  }
})
