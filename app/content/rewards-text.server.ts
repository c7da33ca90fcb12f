/**
 * How the rewards pages write periods and moments, made on the server (the
 * browser gets the text, not date-fns): Buddhist-era Thai dates, Bangkok time.
 */
import type { CashbackPeriod } from '~/backend/rewards.schemas'
import {
  bangkokDate,
  calendarDate,
  formatThaiDate,
  formatThaiDateTime,
} from '~/lib/thai-date-format'

/** An en dash held to the dates each side of it (U+2060 WORD JOINER). */
const DATE_RANGE_DASH = '\u2060–\u2060'

/**
 * "สัปดาห์ 16–22 พ.ย. 2569", "สัปดาห์ 30 พ.ย.–6 ธ.ค. 2569", "เดือนพฤศจิกายน 2569".
 * A week's two dates are one unit, as each date is (no-break spaces): a WORD
 * JOINER each side of the dash, where a browser would break ("30 พ.ย.–|6 ธ.ค."
 * in a font wider than the web font; decision 0149).
 */
export function cashbackPeriodLabel(period: Pick<CashbackPeriod, 'kind' | 'startsOn' | 'endsOn'>) {
  const start = calendarDate(period.startsOn)
  const end = calendarDate(period.endsOn)
  if (period.kind === 'month') return `เดือน${formatThaiDate(start, 'MMMM BBBB')}`
  const sameMonth = start.getMonth() === end.getMonth() && start.getFullYear() === end.getFullYear()
  const first = sameMonth
    ? formatThaiDate(start, 'd')
    : formatThaiDate(start, start.getFullYear() === end.getFullYear() ? 'd MMM' : 'd MMM BBBB')
  return `สัปดาห์ ${first}${DATE_RANGE_DASH}${formatThaiDate(end, 'd MMM BBBB')}`
}

/** "23 พ.ย. 2569 14:05 น." of a backend moment (ISO, or ms), in Bangkok time. */
export function thaiMoment(moment: string | number): string {
  return `${formatThaiDateTime(bangkokDate(moment))} น.`
}

/** "23 พฤศจิกายน 2569" of a backend moment, in Bangkok. */
export function thaiLongDay(iso: string): string {
  return formatThaiDate(bangkokDate(iso), 'd MMMM BBBB')
}
