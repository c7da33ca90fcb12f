/**
 * Dates written out in Thai, years in the Buddhist era, from the month names
 * written here: the same text on the server and in every browser, whatever
 * its ICU (docs/decisions/0163). Use these helpers wherever a date is shown
 * to a member. The rest of the Thai date helpers are re-exported from
 * ~/lib/thai-date, which pages that only need those import instead (decision
 * 0148).
 */
import { calendarDate, NBSP, THAI_MONTHS, toBuddhistYear } from '~/lib/thai-date'

export * from '~/lib/thai-date'

export const THAI_SHORT_MONTHS = [
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
] as const

const two = (n: number) => String(n).padStart(2, '0')

const PARTS: Record<string, (date: Date) => string> = {
  BBBB: (date) => String(toBuddhistYear(date.getFullYear())),
  BB: (date) => String(toBuddhistYear(date.getFullYear())).slice(-2),
  MMMM: (date) => THAI_MONTHS[date.getMonth()]!,
  MMM: (date) => THAI_SHORT_MONTHS[date.getMonth()]!,
  HH: (date) => two(date.getHours()),
  mm: (date) => two(date.getMinutes()),
  d: (date) => String(date.getDate()),
}

const TOKEN = /'([^']*)'|BBBB|BB|MMMM|MMM|HH|mm|d/g

/**
 * Formats a date in Thai. `pattern` has the tokens d, MMMM (พฤศจิกายน), MMM
 * (พ.ย.), BBBB (the Buddhist-era year, 2569), BB (its last two digits), HH
 * and mm, and 'quoted' text. Its spaces are no-break spaces: one date is one
 * unit on the screen (a line broke "28 พ.ย. 2569" as "28|พ.ย. 2569" on a
 * phone). Callers pass Dates whose local fields are Bangkok's (bangkokDate).
 */
export function formatThaiDate(date: Date | number, pattern = 'd MMMM BBBB'): string {
  const value = typeof date === 'number' ? new Date(date) : date
  return pattern
    .replace(TOKEN, (token, quoted?: string) => quoted ?? PARTS[token]!(value))
    .replaceAll(' ', NBSP)
}

/** Short form used in lists: 22 พ.ย. 69 */
export function formatThaiShortDate(date: Date | number): string {
  return formatThaiDate(date, 'd MMM BB')
}

/** Date and time: 22 พ.ย. 2569 20:55 */
export function formatThaiDateTime(date: Date | number): string {
  return formatThaiDate(date, 'd MMM BBBB HH:mm')
}

/** Date and time in the lists' short form, beside a short date: 22 พ.ย. 69 20:55 */
export function formatThaiShortDateTime(date: Date | number): string {
  return formatThaiDate(date, 'd MMM BB HH:mm')
}

/** A calendar day in Thai: 16 พฤศจิกายน 2569 (`pattern` as formatThaiDate's). */
export function formatThaiDay(day: string, pattern = 'd MMMM BBBB'): string {
  return formatThaiDate(calendarDate(day), pattern)
}

/** A calendar day in the lists' short form (formatThaiShortDate's): 16 พ.ย. 69 */
export function formatThaiShortDay(day: string): string {
  return formatThaiShortDate(calendarDate(day))
}
