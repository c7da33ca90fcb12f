/**
 * The saved-set forms' limits and messages (their checks are `setNameSchema`
 * and `addLineSchema` of ~/forms/schemas), and the pure line arithmetic behind
 * "add a line": กลับเลข and 19 ประตู expand one entry into many lines, a line
 * already in the set (same kind and number) takes the new amount.
 */
import type { StakeLine } from '~/backend/lotto.schemas'
import { KIND_MESSAGES, SET_LIMITS, type Helper } from '~/forms/stake-set-fields'
import { formatWholeBaht } from '~/lib/money'
import {
  BET_KIND_LABELS,
  BET_KINDS,
  nineteenDoors,
  permutations,
  type BetKind,
} from '~/lib/lotto-numbers'

export {
  digitsOfKinds,
  HELPER_LABELS,
  HELPERS,
  SET_LABELS,
  SET_LIMITS,
  type Helper,
} from '~/forms/stake-set-fields'

export const SET_MESSAGES = {
  ...KIND_MESSAGES,
  tooManySets: `มีชุดตัวเลขครบ ${SET_LIMITS.maxSets} ชุดแล้ว กรุณาลบชุดเก่าก่อนสร้างชุดใหม่`,
  tooManyLines: `ชุดหนึ่งมีได้ไม่เกิน ${SET_LIMITS.maxLines} รายการ`,
  badAmounts: `จำนวนเงินต้องเป็นจำนวนเต็ม ${formatWholeBaht(1)}–${formatWholeBaht(SET_LIMITS.maxAmount)}`,
  lineGone: 'ไม่พบรายการนี้ในชุดแล้ว กรุณาลองใหม่',
  refused: 'ระบบไม่รับชุดตัวเลขนี้ กรุณาตรวจสอบแล้วลองใหม่',
} as const

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
