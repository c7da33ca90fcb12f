/**
 * What the saved sets' checks (~/forms/schemas) share with the page: labels,
 * helpers, the kinds' messages. Apart from ~/forms/stake-set-forms, whose
 * messages need ~/lib/money: every page's first load holds that module, and
 * the checks' chunk reaching it would split it into one more first-load
 * file on every page (decision 0162).
 */
import { BET_KIND_DIGITS, isBetKind, type BetKind, STAKE_SET_LIMITS } from '~/lib/lotto-numbers'

/** The backend's limits of saved sets (zod-free: the page does not pull zod in). */
export const SET_LIMITS = STAKE_SET_LIMITS

export const HELPERS = ['none', 'reverse', 'doors'] as const
export type Helper = (typeof HELPERS)[number]
export const HELPER_LABELS: Readonly<Record<Helper, string>> = {
  none: 'ไม่ใช้ตัวช่วย',
  reverse: 'กลับเลข',
  doors: '19 ประตู',
}

export const SET_LABELS = {
  name: 'ชื่อชุด',
  kinds: 'ประเภทการแทง',
  number: 'ตัวเลข',
  amount: 'จำนวนเงิน (บาท)',
  helper: 'ตัวช่วย',
} as const

export const KIND_MESSAGES = {
  mixedKinds: 'เลือกประเภทที่ใช้ตัวเลขจำนวนหลักเท่ากัน',
  doorsKinds: '19 ประตู ใช้ได้กับ 2 ตัวบนและ 2 ตัวล่างเท่านั้น',
  doorsDigit: '19 ประตู ให้กรอกเลขหลักเดียว (0–9)',
} as const

/** The digits the chosen kinds take, or null when they differ (or are unknown). */
export function digitsOfKinds(kinds: readonly unknown[]): number | null {
  if (kinds.length === 0 || !kinds.every(isBetKind)) return null
  const digits = new Set(kinds.map((kind) => BET_KIND_DIGITS[kind as BetKind]))
  return digits.size === 1 ? ([...digits][0] ?? null) : null
}
