/**
 * Yeekee shooting on a phone: two members in one round see each other's
 * shots as they come; a shot too soon is refused in Thai; shooting works
 * without JavaScript; a drawn round shows its working (the sum, the 16th
 * shot, the difference) on its page and on the results page, and its
 * stakes settle by it.
 */
import { devices, expect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { yeekeeWorking } from '~/lotto/yeekee'
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.use({ extraHTTPHeaders: clientAddress(121) })

test.beforeEach(async () => {
  await mock.reset()
  // Demo members shoot too in a real round; here only the test's members do.
  await mock.post('yeekee/bots', { enabled: false })
})

async function shoot(page: Page, number: string) {
  await page.getByLabel('เลขที่ยิง', { exact: true }).fill(number)
  await page.getByRole('button', { name: 'ยิงเลข', exact: true }).click()
}

const shots = (page: Page) => page.getByTestId('shot')

test('two members in one round see each other shots as they come', async ({
  browser,
  context: demo,
}) => {
  const somsri = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: clientAddress(122),
  })
  await loginAs(demo, 'demo')
  await loginAs(somsri, 'somsri')
  const a = await demo.newPage()
  const b = await somsri.newPage()
  await a.goto('/lotto/yeekee')
  await expect(a).toHaveURL(/\/lotto\/yeekee\/yeekee-\d{8}-\d+$/)
  await b.goto(a.url())
  await hydrated(a)
  await hydrated(b)
  for (const page of [a, b]) await expect(page.locator('header[data-live="open"]')).toBeVisible()
  await b.evaluate(() => ((window as unknown as { mark: number }).mark = 1))

  await shoot(a, '12345')
  await expect(a.getByText('ยิงเลข 12345 แล้ว เป็นลำดับที่ 1 ของรอบนี้')).toBeVisible()
  await expect(shots(b).first()).toContainText('12345')
  await expect(shots(b).first()).toContainText('สมชาย ใ***')

  await shoot(b, '54321')
  await expect(shots(a).first()).toContainText('54321')
  await expect(shots(a).first()).toContainText('สมศรี ม***')
  await expect(a.getByTestId('shot-count')).toHaveText('ทั้งหมด 2 ครั้ง')
  // B's page was never loaded again: the shot arrived on its stream.
  expect(await b.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1)

  // A second shot at once: the pause, in Thai with its seconds, and the number stays in the field.
  await shoot(a, '11111')
  await expect(a.getByText(/^ยิงเลขถี่เกินไป กรุณารออีก [1-3] วินาทีแล้วยิงใหม่$/)).toBeVisible()
  await expect(a.getByLabel('เลขที่ยิง', { exact: true })).toHaveValue('11111')
  await somsri.close()
})

test("members' shots join the list as they come, without the page asking for the round again", async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  const roundStream = page.waitForResponse((r) => r.url().includes('/events?round='))
  await page.goto('/lotto/yeekee')
  const drawId = page.url().split('/').pop()!
  await hydrated(page)
  await expect(page.locator('header[data-live="open"]')).toBeVisible()
  // The page's stream for the round is open, and the app follows the round's events from the backend.
  await roundStream
  await expect
    .poll(async () => {
      const response = await fetch(`${MOCK_URL}/__mock/yeekee/streams?drawId=${drawId}`)
      return ((await response.json()) as { data: { count: number } }).data.count
    })
    .toBeGreaterThan(0)
  // A first shot arrives on the round's stream: it is open, and its opening's reload is done.
  await mock.post('yeekee/shots', { drawId, shots: [{ number: '10001' }] })
  await expect(shots(page).first()).toContainText('10001')
  await page.waitForFunction(() => {
    const router = (window as unknown as { __remixRouter: { state: Record<string, unknown> } })
      .__remixRouter
    return router.state.revalidation === 'idle' && router.state.fetchers instanceof Map
  })
  // Every data request the page starts from here on (single fetch asks for `….data`).
  const dataRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url())
  })

  // Members shoot one after another, and then three at once (one tick of the page).
  for (const [i, number] of ['10002', '10003', '10004', '10005'].entries()) {
    await mock.post('yeekee/shots', { drawId, shots: [{ number }] })
    await expect(shots(page).first()).toContainText(number)
    await expect(page.getByTestId('shot-count')).toHaveText(`ทั้งหมด ${i + 2} ครั้ง`)
  }
  await mock.post('yeekee/shots', {
    drawId,
    shots: [{ number: '20001' }, { number: '20002' }, { number: '20003' }],
  })
  await expect(page.getByTestId('shot-count')).toHaveText('ทั้งหมด 8 ครั้ง')
  await expect(shots(page)).toHaveCount(8)
  await expect(shots(page).first()).toContainText('#8')
  await expect(shots(page).first()).toContainText('20003')
  expect(dataRequests).toEqual([])
})

test('shots that come live move nothing already on the screen (no layout shift), and are announced', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/lotto/yeekee')
  const drawId = page.url().split('/').pop()!
  // A round with a list that runs past the bottom of the phone's screen.
  const numbers = Array.from({ length: 12 }, (_, i) => String(30001 + i))
  await mock.post('yeekee/shots', { drawId, shots: numbers.map((number) => ({ number })) })
  await page.reload()
  await hydrated(page)
  await expect(page.locator('header[data-live="open"]')).toBeVisible()
  await expect(shots(page)).toHaveCount(12)
  await page.evaluate(() => {
    const w = window as unknown as { shifted: number; shifts: PerformanceObserver }
    w.shifted = 0
    w.shifts = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) {
        w.shifted += entry.value
      }
    })
    w.shifts.observe({ type: 'layout-shift' })
  })
  for (const [i, number] of ['40001', '40002', '40003'].entries()) {
    await mock.post('yeekee/shots', { drawId, shots: [{ number }] })
    await expect(shots(page).first()).toContainText(number)
    await expect(page.getByTestId('shot-count')).toHaveText(`ทั้งหมด ${13 + i} ครั้ง`)
  }
  await expect(shots(page).nth(1)).toContainText('40002')
  await expect(shots(page).last()).toContainText('30001')
  // A frame later every shift so far is counted: delivered, or still queued for the
  // observer (takeRecords), however late a busy machine delivers it.
  await page.evaluate(() => new Promise(requestAnimationFrame))
  const shifted = await page.evaluate(() => {
    const w = window as unknown as { shifted: number; shifts: PerformanceObserver }
    for (const entry of w.shifts.takeRecords() as unknown as { value: number }[]) {
      w.shifted += entry.value
    }
    return w.shifted
  })
  expect(shifted).toBe(0)
  // What a screen reader hears: the newest shot, not the whole list again.
  await expect(page.getByTestId('newest-shot')).toHaveText(/#15 40003/)
})

test("between two rounds, /lotto/yeekee and /lotto's link say when the next round opens, with its countdown", async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/lotto/yeekee')
  const drawId = page.url().split('/').pop()!
  // The round closes early: the next one has not opened yet.
  await mock.post('lotto/close', { drawId })
  await page.goto('/lotto')
  await page.getByRole('link', { name: 'ยิงเลขยี่กีรอบนี้' }).click()
  await expect(page).toHaveURL(/\/lotto\/yeekee$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ยิงเลขยี่กี')
  const next = page.getByTestId('next-round')
  await expect(next).toContainText(/รอบถัดไป รอบที่ \d+ เปิดให้ยิงเลขเวลา \d{2}:\d{2} น\./)
  await expect(next.getByRole('timer')).toHaveAttribute('aria-label', /^เปิดให้ยิงเลขใน /)
  await expect(page.getByText('ไม่พบหน้าที่ต้องการ')).toHaveCount(0)
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
})

test('a drawn round shows its working, on its page and on the results page; its stakes settle', async ({
  page,
  context,
}) => {
  const { accessToken } = await loginAs(context, 'demo')
  await page.goto('/lotto/yeekee')
  const drawId = page.url().split('/').pop()!
  const numbers = Array.from({ length: 18 }, (_, i) => String(20000 + i * 7))
  await mock.post('yeekee/shots', { drawId, shots: numbers.map((number) => ({ number })) })
  const working = yeekeeWorking(numbers)!
  const stake = await fetch(`${MOCK_URL}/lotto/stakes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      drawId,
      idempotencyKey: 'yeekee-spec-stake',
      lines: [{ kind: 'threeTop', number: working.threeTop, amount: 10 }],
    }),
  })
  expect(stake.status).toBe(200)
  await mock.post('lotto/settle', { drawId })

  await page.reload()
  const shown = page.getByTestId('working')
  await expect(shown).toContainText(working.threeTop)
  await expect(shown).toContainText(working.twoBottom)
  await expect(shown).toContainText(working.sum.toLocaleString('en-US'))
  await expect(shown).toContainText(numbers[15]!)
  await expect(shown).toContainText(working.difference.toLocaleString('en-US'))
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])

  await page.goto(
    `/lotto/result?lotto=yeekee&date=${drawId.slice(7, 11)}-${drawId.slice(11, 13)}-${drawId.slice(13, 15)}`,
  )
  await expect(page.getByTestId('yeekee-working').first()).toContainText(
    `(${numbers[15]}) = ${working.difference.toLocaleString('en-US')}`,
  )
  await page.goto('/lotto?tab=history')
  await expect(page.getByTestId('stake').first()).toContainText('ถูกรางวัล')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a member shoots with a plain form post and sees the shot in the list', async ({
    page,
    context,
  }) => {
    await loginAs(context, 'demo')
    await page.goto('/lotto/yeekee')
    await shoot(page, '24680')
    await expect(shots(page).first()).toContainText('24680')
    await expect(page.getByTestId('my-shots')).toHaveText('คุณยิงแล้ว 1/20 ครั้ง')
    await shoot(page, '9')
    await expect(page.getByText('กรุณากรอกเลข 5 หลัก (0–9)')).toBeVisible()
  })
})
