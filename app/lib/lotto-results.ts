/**
 * The results page's pure parts: Thai labels of the prize rows, the query
 * (`?lotto=thai&date=2026-11-16`) read strictly, and Bangkok dates and times
 * shown the same whatever the server's time zone.
 */
import type { LottoGroup, PrizeKey } from '~/backend/lotto.schemas'
import { formatThaiDate } from '~/lib/thai-date'

const PRIZE_LABELS: Readonly<Record<PrizeKey, string>> = {
  firstPrize: 'รางวัลที่ 1',
  threeFront: 'เลขหน้า 3 ตัว',
  threeBack: 'เลขท้าย 3 ตัว',
  fourTop: 'เลข 4 ตัว',
  special: 'รางวัลพิเศษ',
  threeTop: '3 ตัวบน',
  twoTop: '2 ตัวบน',
  twoBottom: '2 ตัวล่าง',
}

/** A prize row's Thai label; the Thai government draw calls its 2-digit prize เลขท้าย 2 ตัว. */
export function prizeLabel(key: PrizeKey, group: LottoGroup): string {
  if (key === 'twoBottom' && group === 'government') return 'เลขท้าย 2 ตัว'
  return PRIZE_LABELS[key]
}

/** The first prize (and 6-digit numbers) read best largest; the rest a step smaller. */
export function isHeadlinePrize(key: PrizeKey): boolean {
  return key === 'firstPrize' || key === 'special' || key === 'fourTop' || key === 'threeTop'
}

const HOUR = 3_600_000
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Today's Bangkok calendar date (UTC+7, no daylight saving). */
export function bangkokToday(now: number): string {
  return new Date(now + 7 * HOUR).toISOString().slice(0, 10)
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [, y, m, d] = match
  const utc = Date.UTC(Number(y), Number(m) - 1, Number(d))
  return new Date(utc).toISOString().slice(0, 10) === value && Number(y) >= 2000
}

/** A Bangkok date (YYYY-MM-DD) in Thai: 16 พฤศจิกายน 2569 (`pattern` as formatThaiDate's). */
export function thaiDrawDate(date: string, pattern = 'd MMMM BBBB'): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number)
  return formatThaiDate(new Date(y, m - 1, d), pattern)
}

/** The Bangkok time of day of an ISO time: 16:00. */
export function bangkokTime(iso: string): string {
  return new Date(Date.parse(iso) + 7 * HOUR).toISOString().slice(11, 16)
}

export const RESULT_MESSAGES = {
  unknownLotto: 'ไม่พบประเภทหวยที่เลือก กรุณาเลือกจากรายการ',
  badDate: 'วันที่ไม่ถูกต้อง กรุณาเลือกวันที่จากปฏิทินหรือรายการงวดที่ผ่านมา',
  futureDate: 'วันที่เลือกยังมาไม่ถึง จึงยังไม่มีผลรางวัล',
  noDraw: 'ไม่มีการออกรางวัลในวันที่เลือก กรุณาเลือกงวดจากรายการงวดที่ผ่านมา',
} as const

export type ResultQuery =
  | { ok: true; lottoId: string; date: string | null }
  | { ok: false; lottoId: string; status: 400 | 404; message: string }

/**
 * Reads `?lotto=&date=`: the lotto defaults to the first offered, the date
 * to the latest draw (null). An unknown lotto is a 404, a malformed or
 * future date a 400, each with a Thai message for the page.
 */
export function parseResultQuery(
  params: URLSearchParams,
  lottoIds: readonly string[],
  today: string,
): ResultQuery {
  const fallback = lottoIds[0] ?? ''
  const lotto = params.get('lotto')?.trim() || fallback
  if (!lottoIds.includes(lotto)) {
    return { ok: false, lottoId: fallback, status: 404, message: RESULT_MESSAGES.unknownLotto }
  }
  const date = params.get('date')?.trim() || null
  if (date === null) return { ok: true, lottoId: lotto, date: null }
  if (!isIsoDate(date)) {
    return { ok: false, lottoId: lotto, status: 400, message: RESULT_MESSAGES.badDate }
  }
  if (date > today) {
    return { ok: false, lottoId: lotto, status: 400, message: RESULT_MESSAGES.futureDate }
  }
  return { ok: true, lottoId: lotto, date }
}
