/**
 * What a member reads on a 360 px phone, on the pages where it once broke:
 * the home services' tiles ("ยี่|กี", emoji drawn as boxes on a phone
 * without an emoji font) and the dates of /czipz ("28|พ.ย. 2569"). The page
 * walk (a11y-walk.spec.ts) checks every page the same way; these are the
 * pages' own, quick to run.
 */
import { expect, test } from '@playwright/test'
import { clientAddress, hydrated } from './support/accounts'
import { mock } from './support/mock'
import { loginAs } from './support/session'
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
