/**
 * The bet slip journey on a phone: a member fills a slip (keypad, typing,
 * กลับเลข), sees เลขอั้น marked, confirms, the balance drops, the slip shows
 * in history as รอผล, the draw settles through /__mock/, the history shows
 * ถูกรางวัล and the winnings arrive. Then the same without JavaScript, a
 * per-line refusal, closing time passing while the slip is open, a saved
 * set poured in, a watcher who may only look, and axe / 360 px.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { MOCK_URL } from '../../playwright.config'
import { clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'
import { brokenLabels, brokenWords } from './support/words'

test.use({ extraHTTPHeaders: clientAddress(40) })

const LOTTO = 'hanoi'
const STAKE_URL = `/lotto/stake?lotto=${LOTTO}`

async function lottoControl(path: string, body: unknown) {
  const res = await fetch(`${MOCK_URL}/__mock/lotto/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`mock lotto ${path}: ${res.status}`)
}

/** The draw of `lotto` taking stakes now, from the demo backend. */
async function openDrawId(lotto = LOTTO): Promise<string> {
  const res = await fetch(`${MOCK_URL}/lotto/types`)
  const body = (await res.json()) as { data: { id: string; nextDraw: { id: string } | null }[] }
  const id = body.data.find((type) => type.id === lotto)?.nextDraw?.id
  if (!id) throw new Error('no open draw')
  return id
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const balance = (page: Page) => page.getByTestId('balance').first()
const lines = (page: Page) => page.getByTestId('slip-line')

async function chooseKinds(page: Page, kinds: string[]) {
  for (const label of ['3 ตัวบน', '3 ตัวโต๊ด', '2 ตัวบน', '2 ตัวล่าง', 'วิ่งบน', 'วิ่งล่าง']) {
    const box = page.getByRole('checkbox', { name: new RegExp(`^${label}`) })
    if (kinds.includes(label)) await box.check()
    else await box.uncheck()
  }
}

async function placeSlip(page: Page, total: string) {
  await button(page, 'ตรวจสอบและยืนยันโพย').click()
  const dialog = page.getByRole('dialog', { name: 'ยืนยันการแทง' })
  await expect(dialog.getByTestId('confirm-total')).toHaveText(total)
  await dialog.getByRole('button', { name: 'ยืนยันแทง' }).click()
  await expect(page.getByText(/แทงหวยสำเร็จ โพยเลขที่ \d+/)).toBeVisible()
  await expect(lines(page)).toHaveCount(0)
}

test.beforeEach(async () => {
  await mock.reset()
})

test('a member fills a slip with กลับเลข, places it, the draw settles, the winnings arrive', async ({
  page,
  context,
}) => {
  test.slow()
  await loginAs(context, 'demo')
  await page.goto('/lotto')
  await expect(page.getByRole('heading', { name: 'หวยต่างประเทศ' })).toBeVisible()
  await page.getByRole('link', { name: /หวยฮานอย/ }).click()
  await expect(page).toHaveURL(new RegExp(`lotto=${LOTTO}$`))
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แทงหวยหวยฮานอย')
  await expect(page.getByRole('timer').first()).toHaveAttribute('aria-label', /ปิดรับใน/)
  await expect(balance(page)).toHaveText('฿1,520.50')

  // The keypad: 3, 2, 1 (3 ตัวบน + 3 ตัวโต๊ด are chosen by default); 321 is a reduced-rate number.
  const keypad = page.getByRole('group', { name: 'แป้นตัวเลข' })
  for (const digit of ['3', '2', '1']) await keypad.getByRole('button', { name: digit }).click()
  await expect(page.getByLabel('เลขที่แทง')).toHaveValue('321')
  await expect(page.getByText('เลขอั้น จ่ายครึ่ง: 321 (3 ตัวบน)')).toBeVisible()
  await button(page, 'กลับเลข').click()
  // 6 orderings as 3 ตัวบน less 123 (closed), and 321 once as 3 ตัวโต๊ด (any ordering wins).
  await expect(lines(page)).toHaveCount(6)
  await expect(page.getByText(/ไม่ได้เพิ่มเลขปิดรับ: 123 \(3 ตัวบน\)/)).toBeVisible()
  await expect(page.getByLabel('เลขที่แทง')).toHaveValue('')
  await expect(lines(page).filter({ hasText: 'เลขอั้น จ่ายครึ่ง' })).toHaveCount(1)

  // Typing: a closed number is refused as it is typed.
  await chooseKinds(page, ['2 ตัวล่าง'])
  await page.getByLabel('เลขที่แทง').fill('99')
  await expect(page.getByText('99 (2 ตัวล่าง) เป็นเลขปิดรับ แทงไม่ได้')).toBeVisible()
  await expect(button(page, 'เพิ่มเลข')).toBeDisabled()
  await page.getByLabel('เลขที่แทง').fill('45')
  await page.getByLabel('ยอดต่อเลข (บาท)').fill('20')
  await button(page, 'เพิ่มเลข').click()
  await expect(lines(page)).toHaveCount(7)
  await expect(page.getByTestId('slip-total')).toHaveText('฿80.00')

  await placeSlip(page, '฿80.00')
  await expect(balance(page)).toHaveText('฿1,440.50')

  await page.getByRole('link', { name: 'โพยของฉัน' }).click()
  const stake = page.getByTestId('stake').first()
  await expect(stake).toContainText('รอผล')
  await expect(stake).toContainText('ยอดแทงรวม ฿80.00')

  // 321 บน at the half rate 425 × 10, 321 โต๊ด at 120 × 10, 45 ล่าง at 92 × 20.
  await lottoControl('settle', { drawId: await openDrawId(), threeTop: '321', twoBottom: '45' })
  await page.reload()
  await expect(stake).toContainText('ถูกรางวัล')
  await expect(stake.getByTestId('stake-winnings')).toHaveText('ได้รับ ฿7,290.00')
  await expect(balance(page)).toHaveText('฿8,730.50')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the same slip is filled, confirmed and placed with plain form posts', async ({
    page,
    context,
  }) => {
    test.slow()
    await loginAs(context, 'demo')
    await page.goto(STAKE_URL)
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
    await expect(page.getByRole('group', { name: 'แป้นตัวเลข' })).toHaveCount(0)
    await page.getByLabel('เลขที่แทง').fill('321')
    await button(page, 'กลับเลข').click()
    await expect(lines(page)).toHaveCount(6)
    await expect(lines(page).filter({ hasText: 'เลขอั้น จ่ายครึ่ง' })).toHaveCount(1)

    // 19 ประตู of 7 into 2 ตัวบน, then one line removed and the amounts set for all.
    await chooseKinds(page, ['2 ตัวบน'])
    await page.getByLabel('เลขที่แทง').fill('7')
    await button(page, '19 ประตู').click()
    await expect(lines(page)).toHaveCount(25)
    await page.getByRole('button', { name: 'ลบ 2 ตัวบน 07' }).click()
    await expect(lines(page)).toHaveCount(24)
    await page.getByLabel('ยอดเท่ากันทุกเลข (บาท)').fill('5')
    await button(page, 'ใช้กับทุกเลข').click()
    await expect(page.getByTestId('slip-total')).toHaveText('฿120.00')
    await page.getByLabel('ยอดแทง 3 ตัวบน 321').fill('12')

    await placeSlip(page, '฿127.00')
    await expect(balance(page)).toHaveText('฿1,393.50')
    await page.goto('/lotto?tab=history')
    await expect(page.getByTestId('stake').first()).toContainText('รอผล')
  })

  test('a post after closing time keeps the slip and says so', async ({ page, context }) => {
    await loginAs(context, 'demo')
    await page.goto(STAKE_URL)
    await page.getByLabel('เลขที่แทง').fill('555')
    await button(page, 'เพิ่มเลข').click()
    await button(page, 'ตรวจสอบและยืนยันโพย').click()
    await lottoControl('close', { drawId: await openDrawId() })
    await page.getByRole('button', { name: 'ยืนยันแทง' }).click()
    await expect(page.getByText(/ปิดรับแทงงวดนี้แล้ว โพยของคุณยังอยู่ครบ/)).toBeVisible()
    await expect(lines(page)).toHaveCount(2)
    await expect(balance(page)).toHaveText('฿1,520.50')
  })
})

test('a line the backend refuses shows its message on that line, the others kept', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  await hydrated(page)
  await chooseKinds(page, ['2 ตัวบน'])
  for (const number of ['47', '58']) {
    await page.getByLabel('เลขที่แทง').fill(number)
    await button(page, 'เพิ่มเลข').click()
    await expect(lines(page).filter({ hasText: number })).toHaveCount(1)
  }
  // 58 closes after the page loaded: only the backend knows.
  await lottoControl('limit', { lottoId: LOTTO, kind: 'twoTop', number: '58', rate: null })
  await button(page, 'ตรวจสอบและยืนยันโพย').click()
  await page.getByRole('button', { name: 'ยืนยันแทง' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'บางรายการในโพยแทงไม่ได้' })).toBeVisible()
  await expect(lines(page).nth(1)).toContainText('เลขนี้ปิดรับแล้ว (เลขอั้น)')
  await expect(lines(page).nth(0)).not.toContainText('ปิดรับ')
  await expect(page.getByLabel('ยอดแทง 2 ตัวบน 58')).toHaveAttribute('aria-invalid', 'true')
  await expect(balance(page)).toHaveText('฿1,520.50')
})

test('the outcome of ยืนยันแทง is on screen and focused: a success, and a refusal', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  await hydrated(page)
  await chooseKinds(page, ['2 ตัวบน'])
  await page.getByLabel('เลขที่แทง').fill('47')
  await page.getByLabel('ยอดต่อเลข (บาท)').fill('2000')
  await button(page, 'เพิ่มเลข').click()
  await expect(lines(page)).toHaveCount(1)

  // More than the balance (฿1,520.50): the review says so before the member confirms.
  await button(page, 'ตรวจสอบและยืนยันโพย').click()
  const dialog = page.getByRole('dialog', { name: 'ยืนยันการแทง' })
  await expect(dialog.getByText(/ยอดแทงรวมมากกว่ายอดเงินคงเหลือ \(฿1,520.50\)/)).toBeVisible()
  await dialog.getByRole('button', { name: 'ยืนยันแทง' }).click()
  const refusal = page.getByText('ยอดเงินคงเหลือไม่พอสำหรับโพยนี้')
  await expect(refusal).toBeInViewport()
  await expect(page.locator('#slip-outcome')).toBeFocused()

  await page.getByLabel('ยอดแทง 2 ตัวบน 47').fill('20')
  await button(page, 'ตรวจสอบและยืนยันโพย').click()
  await expect(dialog.getByText(/ยอดแทงรวมมากกว่ายอดเงินคงเหลือ/)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'ยืนยันแทง' }).click()
  const success = page.getByText(/แทงหวยสำเร็จ โพยเลขที่ \d+/)
  await expect(success).toBeInViewport()
  await expect(page.locator('#slip-outcome')).toBeFocused()
})

test('a line above its kind’s maximum is refused when added, naming the maximum', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  await hydrated(page)
  // 3 ตัวบน takes 1-2,000 บาท a number.
  await chooseKinds(page, ['3 ตัวบน'])
  await page.getByLabel('เลขที่แทง').fill('555')
  await page.getByLabel('ยอดต่อเลข (บาท)').fill('5000')
  // Said as it is typed, and เพิ่มเลข waits for an amount within the limit.
  await expect(page.getByText('3 ตัวบน แทงได้สูงสุด ฿2,000 ต่อเลข')).toBeVisible()
  await expect(button(page, 'เพิ่มเลข')).toBeDisabled()
  // The server checks it too (a post without the page's JavaScript).
  const posted = await page.request.post(STAKE_URL, {
    form: { intent: 'add', kind: 'threeTop', number: '555', amount: '5000' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(posted.status()).toBe(400)
  expect(await posted.text()).toContain('3 ตัวบน แทงได้สูงสุด ฿2,000 ต่อเลข')
  await page.reload()
  await expect(lines(page)).toHaveCount(0)
  await hydrated(page)
  await chooseKinds(page, ['3 ตัวบน'])
  await page.getByLabel('เลขที่แทง').fill('555')

  // A line changed on the slip above the maximum: marked, and no confirmation offered.
  await page.getByLabel('ยอดต่อเลข (บาท)').fill('10')
  await button(page, 'เพิ่มเลข').click()
  await expect(lines(page)).toHaveCount(1)
  await page.getByLabel('ยอดแทง 3 ตัวบน 555').fill('5000')
  await button(page, 'ตรวจสอบและยืนยันโพย').click()
  await expect(lines(page).first()).toContainText('3 ตัวบน แทงได้สูงสุด ฿2,000 ต่อเลข')
  await expect(page.getByLabel('ยอดแทง 3 ตัวบน 555')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('dialog', { name: 'ยืนยันการแทง' })).toHaveCount(0)
})

test('เลขอั้น of the draw are listed per kind before anything is typed', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  const list = page.getByTestId('limited-list')
  await expect(list.getByRole('heading', { name: 'เลขอั้นงวดนี้' })).toBeVisible()
  await expect(list.getByTestId('limited-threeTop')).toContainText('3 ตัวบน')
  await expect(list.getByTestId('limited-threeTop')).toContainText('ปิดรับ: 123')
  await expect(list.getByTestId('limited-threeTop')).toContainText(
    'จ่ายลดลง: 321 (บาทละ 425), 847 (บาทละ 425)',
  )
  await expect(list.getByTestId('limited-twoBottom')).toContainText('ปิดรับ: 99')
  await expect(list.getByTestId('limited-twoBottom')).toContainText('จ่ายลดลง: 09')
  await expect(list.getByTestId('limited-runTop')).toHaveCount(0)
})

test('a stake on a draw the backend does not know is a clear refusal, not “confirm again”', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  for (const drawId of ['nope-20261126', 'nope']) {
    const response = await page.request.post(STAKE_URL, {
      form: { intent: 'place', key: 'abcdefgh-1234', drawId, slip: 'c47.10' },
      headers: { Origin: new URL(page.url()).origin },
    })
    const html = await response.text()
    expect(response.status(), drawId).toBeGreaterThanOrEqual(400)
    expect(response.status(), drawId).toBeLessThan(500)
    expect(html, drawId).not.toContain('ระบบจะไม่แทงซ้ำ')
    expect(html, drawId).not.toContain('ยืนยันแทง')
  }
  const unknown = await page.request.post(STAKE_URL, {
    form: { intent: 'place', key: 'abcdefgh-1234', drawId: 'nope-20261126', slip: 'c47.10' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(await unknown.text()).toContain('ไม่พบงวดที่โพยนี้จะแทง โพยยังไม่ได้แทง')
  await expect(balance(page)).toHaveText('฿1,520.50')
})

test('the rate line of a kind never breaks inside its numbers at 360 px', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  // Where the kind's range sits in its label: every piece of it on one line.
  const linesOf = (label: HTMLElement, text: string) => {
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT)
    const nodes: { node: Text; start: number }[] = []
    let all = ''
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      nodes.push({ node: n as Text, start: all.length })
      all += n.textContent ?? ''
    }
    const from = all.indexOf(text)
    if (from < 0) return -1
    const at = (offset: number) => {
      const hit = [...nodes].reverse().find((n) => n.start <= offset) ?? nodes[0]!
      return [hit.node, offset - hit.start] as const
    }
    const range = document.createRange()
    range.setStart(...at(from))
    range.setEnd(...at(from + text.length))
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
    return tops.size
  }
  for (const [kind, range] of [
    ['threeTop', '฿1–฿2,000'],
    ['twoBottom', '฿1–฿5,000'],
    ['runBottom', '฿1–฿10,000'],
  ] as const) {
    const label = page.locator(`label[for="kind-${kind}"]`)
    await expect(label).toBeVisible()
    expect(await label.evaluate(linesOf, range), `${kind}: ${range}`).toBe(1)
  }
})

test('an answer lost to a timeout: the same confirmation again, and the slip is staked once', async ({
  page,
  context,
}) => {
  test.slow()
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  await hydrated(page)
  await chooseKinds(page, ['2 ตัวบน'])
  await page.getByLabel('เลขที่แทง').fill('47')
  await button(page, 'เพิ่มเลข').click()
  await expect(lines(page)).toHaveCount(1)
  await button(page, 'ตรวจสอบและยืนยันโพย').click()
  // The backend takes the slip, but only after the app has stopped waiting (3 s in e2e).
  await mock.latency(4000, '/lotto/stakes')
  await page.getByRole('button', { name: 'ยืนยันแทง' }).click()
  await expect(page.getByText(/ระบบจะไม่แทงซ้ำ/)).toBeVisible({ timeout: 15_000 })
  const dialog = page.getByRole('dialog', { name: 'ยืนยันการแทง' })
  await expect(dialog).toBeVisible()
  await mock.latency(0, '/lotto/stakes')
  // Let the late stake land (the backend lists it), then confirm again with the same key.
  const { accessToken } = await mock.tokens({ username: 'demo' })
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MOCK_URL}/lotto/stakes?limit=20`, {
          headers: { Authorization: `Bearer ${accessToken}` },
        })
        return ((await res.json()) as { data: unknown[] }).data.length
      },
      { timeout: 10_000 },
    )
    .toBe(1)
  await dialog.getByRole('button', { name: 'ยืนยันแทง' }).click()
  await expect(page.getByText(/แทงหวยสำเร็จ โพยเลขที่ \d+/)).toBeVisible()
  await expect(balance(page)).toHaveText('฿1,510.50')
  await page.goto('/lotto?tab=history')
  await expect(page.getByTestId('stake')).toHaveCount(1)
})

test('the countdown reaching closing time disables the slip with a Thai message', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto(STAKE_URL)
  await page.getByLabel('เลขที่แทง').fill('555')
  await button(page, 'เพิ่มเลข').click()
  await expect(lines(page)).toHaveCount(2)
  await expect(button(page, 'ตรวจสอบและยืนยันโพย')).toBeEnabled()
  await lottoControl('close', { drawId: await openDrawId(), inMs: 4_000 })
  await page.reload()
  await hydrated(page)
  await expect(page.getByText(/ปิดรับแทงงวดนี้แล้ว โพยของคุณยังอยู่ครบ/)).toBeVisible({
    timeout: 8_000,
  })
  await expect(button(page, 'แทงไม่ได้ในขณะนี้')).toBeDisabled()
  await expect(page.getByRole('link', { name: 'ไปงวดถัดไป' })).toBeVisible()
  // On a 360 px phone the notice's link and dates keep their words whole.
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByRole('link', { name: 'ไปงวดถัดไป' })).toBeVisible()
  expect(await brokenWords(page)).toEqual([])
  expect(await brokenLabels(page)).toEqual([])
})

test('?set= pours a saved set into the slip; an unknown set leaves it as it was', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto(`${STAKE_URL}&set=1`)
  await expect(page).toHaveURL(new RegExp(`lotto=${LOTTO}$`))
  await expect(lines(page)).toHaveCount(3)
  await page.goto(`${STAKE_URL}&set=999`)
  await expect(page.getByText('ไม่พบโพยที่บันทึกไว้นี้ โพยของคุณยังเหมือนเดิม')).toBeVisible()
  await expect(lines(page)).toHaveCount(3)
})

test('an unknown lotto id is the 404 page', async ({ page, context }) => {
  await loginAs(context, 'demo')
  for (const url of ['/lotto/stake?lotto=nope', '/lotto/stake?lotto=%3Cx%3E', '/lotto/stake']) {
    const response = await page.goto(url)
    expect(response?.status(), url).toBe(404)
  }
})

test('a watcher sees the slip but cannot place', async ({ page, context }) => {
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  await page.goto(STAKE_URL)
  await hydrated(page)
  await expect(page.getByText(/โหมดผู้ดูแล: ดูได้อย่างเดียว/)).toBeVisible()
  await expect(button(page, 'เพิ่มเลข')).toBeDisabled()
  await expect(button(page, 'กลับเลข')).toBeDisabled()
  const response = await page.request.post(STAKE_URL, {
    form: { intent: 'add', kind: 'runTop', number: '1', amount: '10' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(response.status()).toBe(403)
})

test('/lotto and /lotto/stake: axe and 360 px', { tag: '@layout' }, async ({ page, context }) => {
  test.slow()
  await page.setViewportSize({ width: 360, height: 740 })
  await loginAs(context, 'demo')
  for (const url of ['/lotto', '/lotto?tab=history', STAKE_URL]) {
    await page.goto(url)
    await hydrated(page)
    if (url === STAKE_URL) {
      await page.getByLabel('เลขที่แทง').fill('321')
      await button(page, 'กลับเลข').click()
      await expect(lines(page)).toHaveCount(6)
    }
    const serious = await seriousViolations(page)
    expect(serious, url).toEqual([])
    const overflow = await sidewaysOverflow(page)
    expect(overflow, `${url}: no sideways scrolling at 360 px`).toBeLessThanOrEqual(0)
  }
})
