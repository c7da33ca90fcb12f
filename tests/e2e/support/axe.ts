/** The accessibility checks the specs share: axe's serious findings and sideways scrolling. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * Left out of the page-wide axe scans: sonner's toasts come and go over any
 * page and are scanned mid-fade (opacity) when an action's toast is showing.
 * feedback.spec.ts checks where a toast shows and that it leaves.
 */
export const TOASTS = '[data-sonner-toaster]'

/**
 * axe's serious and critical findings on the page, one line each (rule: elements).
 * With label-content-name-mismatch, which axe leaves off as experimental: a
 * control's spoken name holds the words it shows (WCAG 2.5.3, speech input).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .exclude(TOASTS)
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** How far the page scrolls sideways (0 or less: it fits the screen). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollWidth - root.clientWidth
  })
}
