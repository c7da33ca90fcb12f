/** Picks a day in the app's Thai date choice (app/ui/thai-date-choice.tsx), as a member would. */
import type { Page } from '@playwright/test'

/** Chooses `iso` (YYYY-MM-DD) in the date choice whose legend is `legend`: day, Thai month, BE year. */
export async function chooseDate(page: Page, legend: string, iso: string): Promise<void> {
  const [y = 0, m = 0, d = 0] = iso.split('-').map(Number)
  const group = page.getByRole('group', { name: legend, exact: true })
  await group.getByLabel('วันที่', { exact: true }).selectOption(String(d))
  await group.getByLabel('เดือน', { exact: true }).selectOption(String(m))
  await group.getByLabel('ปี พ.ศ.', { exact: true }).selectOption(String(y + 543))
}

/** The Bangkok calendar day `daysAgo` days before now, YYYY-MM-DD. */
export function bangkokDaysAgo(daysAgo: number): string {
  return new Date(Date.now() + 7 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10)
}
