// Made on the server: the browser gets the text, not date-fns.
import type { CashbackPeriod } from '~/backend/rewards.schemas'
import { bangkokDate, calendarDate, formatThaiDate, formatThaiMoment } from '~/lib/thai-date-format'

const DATE_RANGE_DASH = '\u2060–\u2060'

/** A WORD JOINER each side of the dash keeps a week's dates one unit (decision 0149). */
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

export function thaiMoment(moment: string | number): string {
  return `${formatThaiMoment(moment)} น.`
}

export function thaiLongDay(iso: string): string {
  return formatThaiDate(bangkokDate(iso), 'd MMMM BBBB')
}
