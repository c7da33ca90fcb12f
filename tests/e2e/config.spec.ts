/**
 * The configuration service: an operator closes a section and members get a
 * Thai "closed for maintenance" page there (the rest of the app works);
 * reopened, it is back. With the service down the app keeps working on its
 * last good configuration and says nothing to members.
 */
import { expect, test } from '@playwright/test'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.beforeEach(async ({ context }) => {
  await mock.reset()
  await loginAs(context)
})

test('a section the operator closed shows the Thai maintenance page, the rest works, reopening brings it back', async ({
  page,
}) => {
  await mock.appConfig({ features: { transaction: false } })
  const closed = await page.goto('/transaction')
  expect(closed?.status()).toBe(503)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'ส่วนนี้ปิดปรับปรุงชั่วคราว กรุณากลับมาใหม่ภายหลัง',
  )
  await expect(page.getByText('ทีมงานกำลังปรับปรุงระบบ')).toBeVisible()
  // The same refusal for a post (no money moves while closed).
  const post = await page.request.post('/transaction', {
    form: { intent: 'deposit', amount: '500' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(post.status()).toBe(503)
  expect((await page.goto('/lotto'))?.status()).toBe(200)

  await mock.appConfig({ features: { transaction: true } })
  expect((await page.goto('/transaction'))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ฝาก-ถอน')
})

test('with the configuration service down the app keeps its last good configuration', async ({
  page,
}) => {
  await mock.appConfig({ features: { transaction: false } })
  expect((await page.goto('/transaction'))?.status()).toBe(503)
  await mock.fail({ path: '/app-config', status: 502, count: 1000 })
  const before = (await mock.calls('/app-config')).length
  // Pages keep working...
  expect((await page.goto('/lotto'))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('หวย')
  // ...and the section stays as the last answer had it (the built-in defaults would open it).
  expect((await page.goto('/transaction'))?.status()).toBe(503)
  expect((await mock.calls('/app-config')).length).toBeGreaterThan(before)
})
