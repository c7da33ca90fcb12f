/**
 * Thai dates without a date library: Bangkok time, calendar days, the date
 * choice's parts, years in the Buddhist era (2026 -> 2569). Dates written out
 * in Thai (date-fns with the `th` locale) are in ~/lib/thai-date-format, so a
 * page that shows only a clock or a date choice loads no date-fns (decision
 * 0148).
 */

/** The Buddhist-era year is the Gregorian year plus 543. */
export const BUDDHIST_ERA_OFFSET = 543

export function toBuddhistYear(gregorianYear: number): number {
  return gregorianYear + BUDDHIST_ERA_OFFSET
}

/** The no-break space between a date's parts: a date never breaks across lines. */
export const NBSP = '\u00a0'

// ---------------------------------------------------------------------------
// Bangkok time: UTC+7 all year (no daylight saving), whatever the server's or
// the browser's own zone. Backend moments are ISO 8601 with an offset.

const HOUR_MS = 3_600_000
const BANGKOK_OFFSET_MS = 7 * HOUR_MS

/** A moment as an ISO string in Bangkok's UTC fields (its wall clock read with getUTC*). */
const bangkokIso = (moment: string | number) =>
  new Date((typeof moment === 'number' ? moment : Date.parse(moment)) + BANGKOK_OFFSET_MS)

/**
 * A backend moment as a Date whose local fields are Bangkok's wall clock:
 * formatted the same on the server and in any browser (no hydration mismatch).
 */
export function bangkokDate(moment: string | number): Date {
  const d = bangkokIso(moment)
  return new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  )
}

/** The Bangkok calendar day (YYYY-MM-DD) of a moment: `bangkokDay(Date.now())` is today. */
export function bangkokDay(moment: string | number): string {
  return bangkokIso(moment).toISOString().slice(0, 10)
}

/** The Bangkok time of day of a moment with its seconds: 16:00:05. */
export function bangkokClock(moment: string | number): string {
  return bangkokIso(moment).toISOString().slice(11, 19)
}

/** The Bangkok time of day of a moment: 16:00. */
export function bangkokTime(moment: string | number): string {
  return bangkokIso(moment).toISOString().slice(11, 16)
}

// ---------------------------------------------------------------------------
// Calendar days (YYYY-MM-DD, Bangkok days as the backend sends them).

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DAY.exec(value)
  if (!match) return false
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return new Date(utc).toISOString().slice(0, 10) === value
}

/** `YYYY-MM-DD` (or `YYYY-MM`: its first day) as a local Date of that day, for formatting. */
export function calendarDate(day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number)
  return new Date(y, m - 1, d)
}

// ---------------------------------------------------------------------------
// The date choice (app/ui/thai-date-choice.tsx): day, Thai month and
// Buddhist-era year selects, posted as `<name>Day`, `<name>Month` and
// `<name>Year`; links carry the ISO day as `<name>`.

export const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const

const DATE_PART_SUFFIXES = ['Day', 'Month', 'Year'] as const

/** The parts a date choice shows for an ISO day (year in the Buddhist era), or empty ones. */
export function dateChoiceParts(day: string | null): { day: string; month: string; year: string } {
  if (!day || !isIsoDate(day)) return { day: '', month: '', year: '' }
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number)
  return { day: String(d), month: String(m), year: String(toBuddhistYear(y)) }
}

/** The Buddhist-era years a date choice offers: this year and the `count - 1` before it. */
export function choiceYears(today: string, count: number): number[] {
  const year = toBuddhistYear(Number(today.slice(0, 4)))
  return Array.from({ length: count }, (_, i) => year - i)
}

const hasParts = (params: URLSearchParams, name: string) =>
  DATE_PART_SUFFIXES.some((suffix) => params.has(`${name}${suffix}`))

/**
 * The ISO day a date choice sent: its three parts (day, month, Buddhist-era
 * year), else the ISO `<name>` of a link. null when nothing was chosen;
 * 'invalid' when the parts are incomplete or not a real day (31 February),
 * or the ISO value is malformed.
 */
export function readDateChoice(params: URLSearchParams, name: string): string | null | 'invalid' {
  if (hasParts(params, name)) {
    const [d, m, y] = DATE_PART_SUFFIXES.map((s) => params.get(`${name}${s}`)?.trim() ?? '')
    if (d === '' && m === '' && y === '') return null
    if (!/^\d{1,2}$/.test(d ?? '') || !/^\d{1,2}$/.test(m ?? '') || !/^\d{4}$/.test(y ?? '')) {
      return 'invalid'
    }
    const gregorian = Number(y) - BUDDHIST_ERA_OFFSET
    const iso = `${gregorian}-${m?.padStart(2, '0')}-${d?.padStart(2, '0')}`
    return isIsoDate(iso) ? iso : 'invalid'
  }
  const value = params.get(name)?.trim() ?? ''
  if (value === '') return null
  return isIsoDate(value) ? value : 'invalid'
}

/**
 * The address to go to when a GET form sent date choices as parts: the same
 * URL with each choice's parts replaced by its ISO day (or dropped when
 * empty), so links stay short and shareable. null when there is nothing to
 * rewrite, or when a choice is invalid (the page then says so).
 */
export function withIsoDates(url: URL, names: readonly string[]): string | null {
  if (!names.some((name) => hasParts(url.searchParams, name))) return null
  const params = new URLSearchParams(url.searchParams)
  for (const name of names) {
    if (!hasParts(params, name)) continue
    const value = readDateChoice(params, name)
    if (value === 'invalid') return null
    for (const suffix of DATE_PART_SUFFIXES) params.delete(`${name}${suffix}`)
    if (value === null) params.delete(name)
    else params.set(name, value)
  }
  const search = params.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}
