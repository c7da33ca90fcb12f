/**
 * Thai dates: date-fns with the `th` locale, years in the Buddhist era
 * (2026 -> 2569). Use these helpers wherever a date is shown to a member.
 */
import { format } from 'date-fns'
import { th } from 'date-fns/locale/th'

/** The Buddhist-era year is the Gregorian year plus 543. */
export const BUDDHIST_ERA_OFFSET = 543

export function toBuddhistYear(gregorianYear: number): number {
  return gregorianYear + BUDDHIST_ERA_OFFSET
}

/**
 * Formats a date in Thai. `pattern` is a date-fns pattern in which the token
 * `BBBB` stands for the Buddhist-era year (and `BB` for its last two digits).
 * Times are shown in the given time zone offset-free (the server and the
 * member are both on Asia/Bangkok; callers pass Dates already in that zone).
 */
export function formatThaiDate(date: Date | number, pattern = 'd MMMM BBBB'): string {
  const value = typeof date === 'number' ? new Date(date) : date
  const year = String(toBuddhistYear(value.getFullYear()))
  // Buddhist-era tokens become quoted literals before date-fns sees the pattern.
  const withYear = pattern.replace(/BBBB/g, `'${year}'`).replace(/BB/g, `'${year.slice(-2)}'`)
  return format(value, withYear, { locale: th })
}

/** Short form used in lists: 22 พ.ย. 69 */
export function formatThaiShortDate(date: Date | number): string {
  return formatThaiDate(date, 'd MMM BB')
}

/** Date and time: 22 พ.ย. 2569 20:55 */
export function formatThaiDateTime(date: Date | number): string {
  return formatThaiDate(date, 'd MMM BBBB HH:mm')
}
