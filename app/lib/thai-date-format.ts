/**
 * Dates written out in Thai: date-fns with the `th` locale, years in the
 * Buddhist era. Use these helpers wherever a date is shown to a member, in
 * server code only (loaders, page.server.ts): no page's browser code carries
 * date-fns (decision 0163). The rest of the Thai date helpers (no date
 * library) are re-exported from ~/lib/thai-date, which pages that only need
 * those import instead (decision 0148).
 */
import { format } from 'date-fns'
import { th } from 'date-fns/locale/th'
import { bangkokDate, calendarDate, NBSP, toBuddhistYear } from '~/lib/thai-date'

export * from '~/lib/thai-date'

/**
 * Formats a date in Thai. `pattern` is a date-fns pattern in which the token
 * `BBBB` stands for the Buddhist-era year (and `BB` for its last two digits).
 * Its parts are joined by no-break spaces (NBSP): a date never breaks across lines.
 * Times are shown in the given time zone offset-free (the server and the
 * member are both on Asia/Bangkok; callers pass Dates already in that zone).
 */
export function formatThaiDate(date: Date | number, pattern = 'd MMMM BBBB'): string {
  const value = typeof date === 'number' ? new Date(date) : date
  // A page shows the same few dates on every request, and date-fns' format
  // is slow for text that never changes: each (moment, pattern) is made once.
  const key = `${value.getTime()} ${pattern}`
  const known = formatted.get(key)
  if (known !== undefined) return known
  const year = String(toBuddhistYear(value.getFullYear()))
  // Buddhist-era tokens become quoted literals before date-fns sees the pattern.
  const withYear = pattern.replace(/BBBB/g, `'${year}'`).replace(/BB/g, `'${year.slice(-2)}'`)
  // One date is one unit on the screen: no-break spaces keep "28 พ.ย. 2569" on one line
  // wherever it is shown (a line broke it as "28|พ.ย. 2569" on a phone).
  const text = format(value, withYear, { locale: th }).replaceAll(' ', NBSP)
  if (formatted.size >= MAX_FORMATTED) formatted.clear()
  formatted.set(key, text)
  return text
}

/** Dates already formatted, by moment and pattern (cleared when full). */
const formatted = new Map<string, string>()
const MAX_FORMATTED = 2000

/** Short form used in lists: 22 พ.ย. 69 */
export function formatThaiShortDate(date: Date | number): string {
  return formatThaiDate(date, 'd MMM BB')
}

/** Date and time: 22 พ.ย. 2569 20:55 */
export function formatThaiDateTime(date: Date | number): string {
  return formatThaiDate(date, 'd MMM BBBB HH:mm')
}

/** A backend moment (ISO or ms) at Bangkok's wall clock, formatThaiDateTime's form: 22 พ.ย. 2569 20:55 */
export function formatThaiMoment(moment: string | number): string {
  return formatThaiDateTime(bangkokDate(moment))
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
