// Dates and times: ~/lib/thai-date.
import type { LottoGroup, PrizeKey } from '~/backend/lotto.schemas'
import { readDateChoice } from '~/lib/thai-date'

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

/** The Thai government draw calls its 2-digit prize เลขท้าย 2 ตัว. */
export function prizeLabel(key: PrizeKey, group: LottoGroup): string {
  if (key === 'twoBottom' && group === 'government') return 'เลขท้าย 2 ตัว'
  return PRIZE_LABELS[key]
}

export function isHeadlinePrize(key: PrizeKey): boolean {
  return key === 'firstPrize' || key === 'special' || key === 'fourTop' || key === 'threeTop'
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

/** An unknown lotto is a 404, a malformed or future date a 400, each with a Thai message for the page. */
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
  const date = readDateChoice(params, 'date')
  if (date === null) return { ok: true, lottoId: lotto, date: null }
  // The first draws on record are of 2000.
  if (date === 'invalid' || date < '2000-01-01') {
    return { ok: false, lottoId: lotto, status: 400, message: RESULT_MESSAGES.badDate }
  }
  if (date > today) {
    return { ok: false, lottoId: lotto, status: 400, message: RESULT_MESSAGES.futureDate }
  }
  return { ok: true, lottoId: lotto, date }
}
