// Pure, shared by the page (instant feedback) and its action.
import type { BetRule, LimitedNumber, StakeRefusalCode } from '~/backend/lotto.schemas'
import {
  BET_KINDS,
  BET_KIND_DIGITS,
  BET_KIND_LABELS,
  isLottoNumber,
  MAX_LINE_AMOUNT,
  nineteenDoors,
  permutations,
  type BetKind,
} from '~/lib/lotto-numbers'
import { formatWholeBaht, parseWholeBaht } from '~/lib/money'

/** docs/decisions/0055. */
export const MAX_SLIP_LINES = 100
export { MAX_LINE_AMOUNT }

export interface SlipLine {
  kind: BetKind
  number: string
  amount: number
}

export type EntryHelper = 'add' | 'reverse' | 'doors'

export const lineAmount = (raw: unknown) => parseWholeBaht(raw, { max: MAX_LINE_AMOUNT })

/** 3 ตัวโต๊ด already wins on any ordering: one line, not six. */
export function numbersOf(kind: BetKind, number: string, helper: EntryHelper): string[] {
  return helper === 'reverse' && kind !== 'threeTote' ? permutations(number) : [number]
}

export function entryPairs(
  kinds: readonly BetKind[],
  number: string,
  helper: EntryHelper,
): { kind: BetKind; number: string }[] {
  const chosen = BET_KINDS.filter((kind) => kinds.includes(kind))
  if (helper === 'doors') {
    return chosen
      .filter((kind) => BET_KIND_DIGITS[kind] === 2)
      .flatMap((kind) => nineteenDoors(number).map((n) => ({ kind, number: n })))
  }
  return chosen
    .filter((kind) => isLottoNumber(number, BET_KIND_DIGITS[kind]))
    .flatMap((kind) => numbersOf(kind, number, helper).map((n) => ({ kind, number: n })))
}

export function entryProblem(kinds: readonly BetKind[], number: string, helper: EntryHelper) {
  if (kinds.length === 0) return 'เลือกประเภทการแทงอย่างน้อย 1 ประเภท'
  if (helper === 'doors') {
    if (!isLottoNumber(number, 1)) return '19 ประตู ใช้เลขหลักเดียว (0-9)'
    if (!kinds.some((kind) => BET_KIND_DIGITS[kind] === 2)) {
      return '19 ประตู ใช้กับ 2 ตัวบน หรือ 2 ตัวล่าง'
    }
    return null
  }
  if (!/^\d{1,3}$/.test(number)) return 'กรอกเลข 1-3 หลัก'
  if (entryPairs(kinds, number, helper).length === 0) {
    return `เลข ${number.length} หลักใช้ไม่ได้กับประเภทที่เลือก`
  }
  return null
}

export function limitOf(limited: readonly LimitedNumber[], kind: BetKind, number: string) {
  return limited.find((l) => l.kind === kind && l.number === number)
}

export const isClosedNumber = (limited: readonly LimitedNumber[], kind: BetKind, number: string) =>
  limitOf(limited, kind, number)?.rate === null

export function closedMessage(kind: BetKind, number: string): string {
  return `${number} (${BET_KIND_LABELS[kind]}) เป็นเลขปิดรับ แทงไม่ได้`
}

/** Closed numbers are refused; a line already on the slip takes the new amount. */
export function addToSlip(
  lines: readonly SlipLine[],
  pairs: readonly { kind: BetKind; number: string }[],
  amount: number,
  limited: readonly LimitedNumber[],
): { lines: SlipLine[]; refused: string[]; full: boolean } {
  const out = lines.map((line) => ({ ...line }))
  const refused: string[] = []
  let full = false
  for (const pair of pairs) {
    if (isClosedNumber(limited, pair.kind, pair.number)) {
      refused.push(closedMessage(pair.kind, pair.number))
      continue
    }
    const same = out.find((line) => line.kind === pair.kind && line.number === pair.number)
    if (same) same.amount = amount
    else if (out.length >= MAX_SLIP_LINES) full = true
    else out.push({ ...pair, amount })
  }
  return { lines: out, refused, full }
}

export function lineRate(
  rules: readonly BetRule[],
  limited: readonly LimitedNumber[],
  line: Pick<SlipLine, 'kind' | 'number'>,
): number {
  const reduced = limitOf(limited, line.kind, line.number)?.rate
  return reduced ?? rules.find((rule) => rule.kind === line.kind)?.rate ?? 0
}

export function amountProblem(
  rules: readonly BetRule[],
  line: Pick<SlipLine, 'kind' | 'amount'>,
): string | null {
  const rule = rules.find((r) => r.kind === line.kind)
  if (!rule) return null
  const label = BET_KIND_LABELS[line.kind]
  if (line.amount < rule.minAmount) {
    return `${label} แทงได้ขั้นต่ำ ${formatWholeBaht(rule.minAmount)} ต่อเลข`
  }
  if (line.amount > rule.maxAmount) {
    return `${label} แทงได้สูงสุด ${formatWholeBaht(rule.maxAmount)} ต่อเลข`
  }
  return null
}

export function entryAmountProblem(
  rules: readonly BetRule[],
  pairs: readonly { kind: BetKind }[],
  amount: number,
): string | null {
  for (const { kind } of pairs) {
    const problem = amountProblem(rules, { kind, amount })
    if (problem) return problem
  }
  return null
}

export function slipAmountProblems(
  rules: readonly BetRule[],
  lines: readonly SlipLine[],
): (string | null)[] | null {
  const problems = lines.map((line) => amountProblem(rules, line))
  return problems.some((p) => p !== null) ? problems : null
}

export function slipTotals(
  rules: readonly BetRule[],
  limited: readonly LimitedNumber[],
  lines: readonly SlipLine[],
) {
  let total = 0
  let payout = 0
  for (const line of lines) {
    total += line.amount
    payout += line.amount * lineRate(rules, limited, line)
  }
  return { total, payout: Math.round(payout * 100) / 100 }
}

const KIND_CODES: Readonly<Record<BetKind, string>> = {
  threeTop: 'a',
  threeTote: 'b',
  twoTop: 'c',
  twoBottom: 'd',
  runTop: 'e',
  runBottom: 'f',
}
const LINE_TEXT = /^([a-f])(\d{1,3})\.(\d{1,5})$/

/** `a123.10,d45.20`: kind letter, number, "." amount. */
export function encodeSlip(lines: readonly SlipLine[]): string {
  return lines.map((line) => `${KIND_CODES[line.kind]}${line.number}.${line.amount}`).join(',')
}

export function decodeSlip(text: string): SlipLine[] | null {
  if (text === '') return []
  const parts = text.split(',')
  if (parts.length > MAX_SLIP_LINES) return null
  const lines: SlipLine[] = []
  for (const part of parts) {
    const match = LINE_TEXT.exec(part)
    const kind = BET_KINDS.find((k) => KIND_CODES[k] === match?.[1])
    if (!match || !kind) return null
    const number = match[2] ?? ''
    const amount = lineAmount(match[3] ?? '')
    if (!isLottoNumber(number, BET_KIND_DIGITS[kind]) || amount === null) return null
    lines.push({ kind, number, amount })
  }
  return lines
}

export const REFUSAL_MESSAGES: Readonly<Record<StakeRefusalCode | 'DRAW_CLOSED', string>> = {
  NUMBER_CLOSED: 'เลขนี้ปิดรับแล้ว (เลขอั้น)',
  BAD_NUMBER: 'เลขไม่ตรงกับประเภทการแทง',
  AMOUNT_TOO_LOW: 'ยอดแทงต่ำกว่าขั้นต่ำ',
  AMOUNT_TOO_HIGH: 'ยอดแทงเกินสูงสุดต่อเลข',
  BAD_AMOUNT: 'ยอดแทงต้องเป็นจำนวนเต็มบาท',
  DUPLICATE_LINE: 'เลขซ้ำในโพย',
  TOO_MANY_LINES: `โพยหนึ่งใบแทงได้ไม่เกิน ${MAX_SLIP_LINES} รายการ`,
  BALANCE_LOW: 'ยอดเงินคงเหลือไม่พอสำหรับโพยนี้',
  DRAW_CLOSED: 'ปิดรับแทงงวดนี้แล้ว',
}
