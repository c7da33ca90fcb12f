/**
 * The public results page: a visitor reads a past draw with JavaScript off
 * (type and date through the GET form, a shareable URL that shows the same
 * numbers again), a draw settled through the demo backend shows its numbers,
 * a draw not out yet says so, bad queries and a backend failure give Thai
 * messages, and the page passes axe at 360 px.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { chooseDate } from './support/date-choice'
import { mock } from './support/mock'
import { loginAs } from './support/session'

interface Draw {
  id: string
  drawDate: string
}
interface Result {
  prizes: { key: string; numbers: string[] }[]
}

async function backend<T>(path: string): Promise<T> {
  const response = await fetch(`${MOCK_URL}${path}`)
  expect(response.ok, path).toBe(true)
  return ((await response.json()) as { data: T }).data
}

const pastDraws = (lotto: string, limit = 5) =>
  backend<Draw[]>(`/lotto/results/${lotto}/draws?limit=${limit}`)

async function recordResult(drawId: string, threeTop: string, twoBottom: string) {
  const response = await fetch(`${MOCK_URL}/__mock/lotto/result`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ drawId, threeTop, twoBottom }),
  })
  expect(response.status).toBe(200)
}

/** The prize rows as the page shows them: label -> numbers. */
async function prizeRows(page: Page): Promise<Record<string, string>> {
  const card = page.locator('article', { has: page.locator('#draw-title') })
  const rows = await card.locator('dl > div').all()
  const out: Record<string, string> = {}
  for (const row of rows) {
    const label = (await row.locator('dt').innerText()).trim()
    out[label] = (await row.locator('dd span').allInnerTexts()).join(' ')
  }
  return out
}

const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)

test.beforeEach(async () => {
  // Whole journeys on a phone profile: more than the default 30 s on a slow machine.
  test.slow()
  await mock.reset()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor chooses a type and a date; the URL is shareable', async ({ page, browser }) => {
    const draw = (await pastDraws('lao', 3))[2]!
    const result = await backend<{ result: Result }>(`/lotto/draws/${draw.id}`)
    const four = result.result.prizes.find((prize) => prize.key === 'fourTop')!.numbers[0]!

    await page.goto('/lotto/result')
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
    await expect(page.getByRole('heading', { level: 1, name: 'ผลหวย' })).toBeVisible()
    // The Thai draw by default, with its four prize rows.
    expect(Object.keys(await prizeRows(page))).toEqual([
      'รางวัลที่ 1',
      'เลขหน้า 3 ตัว',
      'เลขท้าย 3 ตัว',
      'เลขท้าย 2 ตัว',
    ])

    await page.getByLabel('ประเภทหวย', { exact: true }).selectOption('lao')
    // The Thai date choice: day, Thai month, Buddhist-era year; posted as parts, shown as ISO.
    await chooseDate(page, 'งวดวันที่', draw.drawDate)
    await page.getByRole('button', { name: 'ดูผลรางวัล' }).click()
    await expect(page).toHaveURL(`/lotto/result?lotto=lao&date=${draw.drawDate}`)
    const shown = await prizeRows(page)
    expect(shown['เลข 4 ตัว']).toBe(four)
    expect(Object.keys(shown)).toEqual(['เลข 4 ตัว', '3 ตัวบน', '2 ตัวบน', '2 ตัวล่าง'])
    // The date in Thai with its Buddhist-era year.
    const [y = 0, , d = 0] = draw.drawDate.split('-').map(Number)
    await expect(page.locator('#draw-title')).toContainText(`งวดวันที่ ${d} `)
    await expect(page.locator('#draw-title')).toContainText(String(y + 543))

    // Someone opening the shared link sees the same numbers.
    const other = await browser.newPage({ javaScriptEnabled: false })
    await other.goto(page.url())
    expect(await prizeRows(other)).toEqual(shown)
    await other.close()

    // The past draws list links to each draw.
    const past = page.getByRole('region', { name: 'งวดที่ผ่านมา' })
    await expect(past.getByRole('link').first()).toHaveAttribute(
      'href',
      expect.stringContaining('lotto=lao&date=') as unknown as string,
    )
  })

  test('a settled draw shows the numbers it was settled with', async ({ page }) => {
    const draw = (await pastDraws('thai', 1))[0]!
    await recordResult(draw.id, '123', '45')
    await page.goto(`/lotto/result?lotto=thai&date=${draw.drawDate}`)
    const rows = await prizeRows(page)
    expect(rows['รางวัลที่ 1']).toMatch(/^\d{3}123$/)
    expect(rows['เลขท้าย 2 ตัว']).toBe('45')
  })

  test('a draw not out yet says so, with its drawing time', async ({ page }) => {
    await page.goto(`/lotto/result?lotto=yeekee&date=${bangkokToday()}`)
    await expect(page.getByText('ยังไม่ออกผล')).toBeVisible()
    await expect(page.getByText(/ออกผลวันที่ .+ เวลา \d{2}:\d{2} น\./)).toBeVisible()
  })

  test('bad queries give Thai messages, never a 500', async ({ page }) => {
    const unknown = await page.goto('/lotto/result?lotto=nope')
    expect(unknown?.status()).toBe(404)
    await expect(page.getByText('ไม่พบประเภทหวยที่เลือก')).toBeVisible()
    for (const date of ['2026-02-30', 'yesterday']) {
      const response = await page.goto(`/lotto/result?lotto=thai&date=${date}`)
      expect(response?.status()).toBe(400)
      await expect(page.getByText('วันที่ไม่ถูกต้อง')).toBeVisible()
    }
    const future = await page.goto('/lotto/result?lotto=thai&date=2099-01-01')
    expect(future?.status()).toBe(400)
    await expect(page.getByText('วันที่เลือกยังมาไม่ถึง')).toBeVisible()
    // The 17th is no Thai draw day.
    const noDraw = await page.goto('/lotto/result?lotto=thai&date=2026-01-17')
    expect(noDraw?.status()).toBe(404)
    await expect(page.getByText('ไม่มีการออกรางวัลในวันที่เลือก')).toBeVisible()
  })

  test('backend down: a Thai message', async ({ page }) => {
    await mock.fail({ path: '/lotto/types', status: 500 })
    const response = await page.goto('/lotto/result')
    expect(response?.status()).toBe(503)
    await expect(page.getByText('เกิดข้อผิดพลาดจากระบบ')).toBeVisible()
  })
})

test('visitors are asked to log in to play, members get the slip link', async ({
  page,
  context,
}) => {
  await page.goto('/lotto/result?lotto=hanoi')
  await expect(page.getByRole('link', { name: 'เข้าสู่ระบบเพื่อแทงหวยฮานอย' })).toHaveAttribute(
    'href',
    `/login?redirectTo=${encodeURIComponent('/lotto/stake?lotto=hanoi')}`,
  )
  await loginAs(context)
  await page.goto('/lotto/result?lotto=hanoi')
  await expect(page.getByRole('link', { name: 'แทงหวยฮานอย งวดถัดไป' })).toHaveAttribute(
    'href',
    '/lotto/stake?lotto=hanoi',
  )
})

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const query of ['lotto=thai', 'lotto=yeekee', 'lotto=nope']) {
    test(`axe and no sideways scrolling: ?${query}`, async ({ page }) => {
      await page.goto(`/lotto/result?${query}`)
      const serious = await seriousViolations(page)
      expect(serious).toEqual([])
      const overflow = await sidewaysOverflow(page)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }
})
