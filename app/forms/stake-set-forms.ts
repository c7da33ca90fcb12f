/**
 * The saved-set forms' fields and rules (one rule set for the browser and
 * the server, as every form here), and the pure line arithmetic behind
 * "add a line": กลับเลข and 19 ประตู expand one entry into many lines, a line
 * already in the set (same kind and number) takes the new amount.
 */
import type { StakeLine } from '~/backend/lotto.schemas'
import {
  BET_KIND_DIGITS,
  BET_KIND_LABELS,
  BET_KINDS,
  isBetKind,
  nineteenDoors,
  permutations,
  type BetKind,
  STAKE_SET_LIMITS,
} from '~/lib/lotto-numbers'
import { custom, field, integer, max, max_value, min_value, numeric, required } from '~/forms/rules'
import { formatWholeBaht } from '~/lib/money'

/** The backend's limits of saved sets (zod-free: the page does not pull zod in). */
export const SET_LIMITS = STAKE_SET_LIMITS

export const HELPERS = ['none', 'reverse', 'doors'] as const
export type Helper = (typeof HELPERS)[number]
export const HELPER_LABELS: Readonly<Record<Helper, string>> = {
  none: 'ไม่ใช้ตัวช่วย',
  reverse: 'กลับเลข',
  doors: '19 ประตู',
}

export const SET_MESSAGES = {
  mixedKinds: 'เลือกประเภทที่ใช้ตัวเลขจำนวนหลักเท่ากัน',
  doorsKinds: '19 ประตู ใช้ได้กับ 2 ตัวบนและ 2 ตัวล่างเท่านั้น',
  doorsDigit: '19 ประตู ให้กรอกเลขหลักเดียว (0–9)',
  tooManySets: `มีชุดตัวเลขครบ ${SET_LIMITS.maxSets} ชุดแล้ว กรุณาลบชุดเก่าก่อนสร้างชุดใหม่`,
  tooManyLines: `ชุดหนึ่งมีได้ไม่เกิน ${SET_LIMITS.maxLines} รายการ`,
  badAmounts: `จำนวนเงินต้องเป็นจำนวนเต็ม ${formatWholeBaht(1)}–${formatWholeBaht(SET_LIMITS.maxAmount)}`,
  lineGone: 'ไม่พบรายการนี้ในชุดแล้ว กรุณาลองใหม่',
  refused: 'ระบบไม่รับชุดตัวเลขนี้ กรุณาตรวจสอบแล้วลองใหม่',
} as const

export const nameFields = {
  name: field('ชื่อชุด', [required(), max(SET_LIMITS.nameMax)]),
}

function kindsOf(value: unknown): BetKind[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return list.filter(isBetKind)
}

/** The digits the chosen kinds take, or null when they differ (or are unknown). */
export function digitsOfKinds(kinds: readonly unknown[]): number | null {
  if (kinds.length === 0 || !kinds.every(isBetKind)) return null
  const digits = new Set(kinds.map((kind) => BET_KIND_DIGITS[kind as BetKind]))
  return digits.size === 1 ? ([...digits][0] ?? null) : null
}

const isDoors = (values: Readonly<Record<string, unknown>>) => values.helper === 'doors'

function numberMessage(value: unknown, values: Readonly<Record<string, unknown>>): string {
  if (isDoors(values)) return SET_MESSAGES.doorsDigit
  const digits = digitsOfKinds(kindsOf(values.kinds))
  return digits ? `ตัวเลขต้องมี ${digits} หลักตามประเภทที่เลือก` : SET_MESSAGES.mixedKinds
}

export const addLineFields = {
  kinds: field(
    'ประเภทการแทง',
    [
      required(),
      custom((value) => digitsOfKinds(kindsOf(value)) !== null, SET_MESSAGES.mixedKinds),
      custom(
        (value, values) => !isDoors(values) || digitsOfKinds(kindsOf(value)) === 2,
        SET_MESSAGES.doorsKinds,
      ),
    ],
    'texts',
  ),
  number: field('ตัวเลข', [
    required(),
    numeric(),
    max(3),
    custom((value, values) => {
      const number = String(value)
      if (isDoors(values)) return number.length === 1
      const digits = digitsOfKinds(kindsOf(values.kinds))
      // A wrong kind choice is the kinds field's error, not this one's.
      return digits === null || number.length === digits
    }, numberMessage),
  ]),
  amount: field('จำนวนเงิน (บาท)', [
    required(),
    integer(),
    min_value(1),
    max_value(SET_LIMITS.maxAmount),
  ]),
  helper: field('ตัวช่วย', [custom((value) => HELPERS.includes(value as Helper))]),
}

/** The lines one "add" entry stands for: every number (กลับเลข / 19 ประตู) for every kind. */
export function expandEntry(
  kinds: readonly BetKind[],
  number: string,
  amount: number,
  helper: Helper,
): StakeLine[] {
  const ordered = BET_KINDS.filter((kind) => kinds.includes(kind))
  if (helper === 'doors') {
    return nineteenDoors(number).flatMap((n) =>
      ordered.map((kind) => ({ kind, number: n, amount })),
    )
  }
  // กลับเลข: every ordering, except 3 ตัวโต๊ด (it wins on any ordering already).
  const numbers = helper === 'reverse' ? permutations(number) : [number]
  return numbers.flatMap((n) =>
    ordered
      .filter((kind) => n === number || kind !== 'threeTote')
      .map((kind) => ({ kind, number: n, amount })),
  )
}

export const lineKey = (line: Pick<StakeLine, 'kind' | 'number'>) => `${line.kind}-${line.number}`

/** The set's lines with `added` merged in: a line already there takes the new amount. */
export function mergeLines(
  existing: readonly StakeLine[],
  added: readonly StakeLine[],
): StakeLine[] {
  const out = existing.map((line) => ({ ...line }))
  for (const line of added) {
    const same = out.find((candidate) => lineKey(candidate) === lineKey(line))
    if (same) same.amount = line.amount
    else out.push({ ...line })
  }
  return out
}

/** "3 ตัวบน 847" */
export function lineLabel(line: Pick<StakeLine, 'kind' | 'number'>): string {
  return `${BET_KIND_LABELS[line.kind]} ${line.number}`
}
