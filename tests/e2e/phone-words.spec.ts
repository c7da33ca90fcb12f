/**
 * What a member reads on a 360 px phone, on the pages where it once broke:
 * the home services' tiles ("ยี่|กี", emoji drawn as boxes on a phone
 * without an emoji font), the dates of /czipz ("28|พ.ย. 2569"), and the
 * labels that broke in a phone's own Thai font but not in the web font
 * ("สมัครสมาชิก" in the bottom navigation, "รับเครดิต|ฟรี" in a promotion's
 * title, a history line's note: decision 0149). The page walk
 * (a11y-walk.spec.ts) checks every page the same way, in whichever font the
 * view was drawn; these are the pages' own, quick to run, and each is drawn
 * in the machine's own Thai font, in the web font and in one a fifth wider
 * (support/thai-fonts.ts), so no result depends on the fonts the machine has.
 */
import { expect, test } from '@playwright/test'
import { sidewaysOverflow } from './support/axe'
import { clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'
import { DRAWINGS, openDrawn } from './support/thai-fonts'
import { brokenLabels, brokenWords, emojiShown } from './support/words'

test.use({ viewport: { width: 360, height: 740 }, extraHTTPHeaders: clientAddress(97) })

test.beforeEach(async () => {
  await mock.reset()
})

for (const as of ['visitor', 'member'] as const) {
  test(`the home services as a ${as}: the app's own icons, no word broken`, async ({
    page,
    context,
  }) => {
    if (as === 'member') await loginAs(context, 'demo')
    await page.goto('/')
    await hydrated(page)
    const services = page.getByRole('navigation', { name: 'บริการทั้งหมด' })
    await expect(services.getByRole('link')).toHaveCount(6)
    // Each tile draws an icon of the app (its SVG as a CSS mask), not a character of a font.
    const icons = services.locator('[data-icon]')
    await expect(icons).toHaveCount(6)
    const drawn = await icons.evaluateAll((spans) =>
      spans.map((span) => {
        const style = getComputedStyle(span)
        const mask = style.maskImage || style.getPropertyValue('-webkit-mask-image')
        return (
          mask.startsWith('url("data:image/svg+xml') && span.getBoundingClientRect().width === 28
        )
      }),
    )
    expect(drawn).toEqual(Array(6).fill(true))
    expect(await emojiShown(page)).toEqual([])
    expect(await brokenWords(page)).toEqual([])
    expect(await brokenLabels(page)).toEqual([])
    // A word kept whole still fits its tile.
    const overflowing = await services
      .getByRole('link')
      .evaluateAll((links) =>
        links.filter((link) => link.scrollWidth > link.clientWidth).map((link) => link.textContent),
      )
    expect(overflowing).toEqual([])
    await services.screenshot({ path: test.info().outputPath(`home-services-${as}.png`) })
  })
}

test('/czipz: the dates of the tickets and the plays are never split across lines', async ({
  page,
  context,
}) => {
  await loginAs(context, 'demo')
  await page.goto('/czipz')
  await hydrated(page)
  await expect(page.getByText(/ได้สิทธิ์ใหม่/)).toBeVisible()
  expect(await brokenLabels(page)).toEqual([])
  expect(await emojiShown(page)).toEqual([])
})

/** The pages where a label broke in a font other than the web font (decision 0149). */
const DRAWN = [
  { as: 'visitor', url: '/' },
  { as: 'member', url: '/' },
  { as: 'visitor', url: '/promotion' },
  { as: 'visitor', url: '/news' },
  { as: 'member', url: '/transaction?tab=history' },
  { as: 'member', url: '/cashback' },
  { as: 'member', url: '/affiliate' },
  { as: 'member', url: '/lotto/stake?lotto=thai' },
  { as: 'member', url: '/czipz' },
] as const

test.describe('in any Thai font', () => {
  // The web font's files refused must stay refused: no service worker to serve them from its cache.
  test.use({ serviceWorkers: 'block' })

  for (const { as, url } of DRAWN) {
    test(`${url} as a ${as}: no word broken, nothing off the screen, in the phone's font, the web font and a wider one`, async ({
      context,
    }) => {
      if (as === 'member') await loginAs(context, 'demo')
      // The phone's font first: the web font is not in this browser's cache yet.
      for (const drawing of DRAWINGS) {
        const page = await context.newPage()
        const font = await openDrawn(page, url, drawing, hydrated)
        test.info().annotations.push({ type: drawing, description: font })
        const where = `${url} in ${drawing} (${font})`
        expect.soft(await brokenWords(page), `${where}: a word broken`).toEqual([])
        expect.soft(await brokenLabels(page), `${where}: a date or short label broken`).toEqual([])
        expect
          .soft(await sidewaysOverflow(page), `${where}: sideways scroll`)
          .toBeLessThanOrEqual(0)
        await page.close()
      }
    })
  }

  test('the slip’s เลขอั้น lines wrap between numbers, each "321 (บาทละ 450)," whole, inside the screen', async ({
    context,
  }) => {
    await loginAs(context, 'demo')
    for (const drawing of DRAWINGS) {
      const page = await context.newPage()
      const font = await openDrawn(page, '/lotto/stake?lotto=thai', drawing, hydrated)
      const where = `${drawing} (${font})`
      const list = page.getByTestId('limited-list')
      await expect(list.getByTestId('limited-threeTop')).toContainText('321 (บาทละ 450)')
      const drawn = await list.locator('dd p').evaluateAll((lines) =>
        lines.map((line) => {
          const box = line.getBoundingClientRect()
          const units = [...line.querySelectorAll('.whitespace-nowrap')]
          return {
            text: line.textContent,
            // Inside the screen, and nothing of the line runs past its own box.
            fits: box.right <= innerWidth && line.scrollWidth <= line.clientWidth,
            // Each number with its rate is on one line (its boxes share one top).
            whole: units.every(
              (unit) =>
                new Set([...unit.getClientRects()].map((r) => Math.round(r.top))).size === 1,
            ),
            units: units.length,
          }
        }),
      )
      expect(drawn.length, where).toBeGreaterThan(0)
      for (const line of drawn) {
        expect(line, `${where}: ${line.text}`).toMatchObject({ fits: true, whole: true })
      }
      expect(
        drawn.some((line) => line.units > 1),
        where,
      ).toBe(true)
      await page.close()
    }
  })
})
