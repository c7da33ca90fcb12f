/**
 * Gregorian dates a member could see (issue: "no date a member sees is
 * Gregorian"): in the page's visible text, in a form control's placeholder
 * or typed value, and native date fields, which Chromium draws as mm/dd/yyyy
 * or 11/16/2026 whatever the page's language. Every date a member reads is
 * Thai with a Buddhist-era year (2569), so a year of 1900-2099 next to a day,
 * a month or a year word is Gregorian.
 */
import type { Page } from '@playwright/test'
import { THAI_MONTHS as THAI_MONTH_NAMES } from '~/lib/thai-date'

const THAI_MONTHS = [
  ...THAI_MONTH_NAMES,
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
].map((name) => name.replace(/\./g, '\\.'))

const YEAR_DIGITS = '(?:19|20)\\d{2}'
const GREGORIAN_YEAR = `${YEAR_DIGITS}(?!\\d)`
const ENGLISH_MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December'

/** Each pattern, as a source string (it crosses into the page). */
export const GREGORIAN_PATTERNS: readonly string[] = [
  // Placeholders of native and hand-made fields: mm/dd/yyyy, dd/mm/yyyy, yyyy-mm-dd.
  '\\b(?:mm|dd|yyyy)[/.-](?:mm|dd|yyyy)(?:[/.-](?:mm|dd|yyyy|yy))?\\b',
  // 11/16/2026, 16/11/2026, 16-11-2026, 16.11.2026
  `(?<!\\d)\\d{1,2}[/.-]\\d{1,2}[/.-]${GREGORIAN_YEAR}`,
  // 2026-11-16, 2026/11/16
  `(?<!\\d)${YEAR_DIGITS}[/-]\\d{1,2}[/-]\\d{1,2}(?!\\d)`,
  // English month names: November, Nov 16, 16 Nov
  `\\b(?:${ENGLISH_MONTHS})\\b`,
  '\\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?\\s+\\d',
  '\\d\\s+(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\b',
  // A Thai month, or a year word, with a Gregorian year: 16 พฤศจิกายน 2026, ปี 2026, ค.ศ.
  `(?:${THAI_MONTHS.join('|')})\\s*${GREGORIAN_YEAR}`,
  `(?:ปี|พ\\.ศ\\.)\\s*${GREGORIAN_YEAR}`,
  'ค\\.ศ\\.',
]

/** What the member could see that is a Gregorian date, one line each (empty: none). */
export function gregorianDates(page: Page): Promise<string[]> {
  return page.evaluate((sources) => {
    const patterns = sources.map((source) => new RegExp(source, 'gi'))
    const found: string[] = []
    const scan = (where: string, text: string) => {
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) found.push(`${where}: "${match[0]}"`)
      }
    }
    scan('text', document.body.innerText)
    const visible = (el: Element) => (el as HTMLElement).getClientRects().length > 0
    for (const field of document.querySelectorAll('input, textarea')) {
      if (!visible(field)) continue
      const input = field as HTMLInputElement
      const name = input.name || input.id || input.type
      if (['date', 'month', 'week', 'datetime-local'].includes(input.type)) {
        found.push(`native ${input.type} field "${name}" (shows mm/dd/yyyy or 11/16/2026)`)
      }
      scan(`placeholder of "${name}"`, input.placeholder ?? '')
      if (input.type !== 'hidden') scan(`value of "${name}"`, input.value ?? '')
    }
    return found
  }, GREGORIAN_PATTERNS)
}
