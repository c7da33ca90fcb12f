/**
 * Baht as members read and type them: one formatter (฿1,520.50) and one
 * reader of typed whole-baht amounts, for every page, the browser and the
 * server alike.
 */
const baht = new Intl.NumberFormat('th-TH', {
  style: 'currency',
  currency: 'THB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

const wholeBaht = new Intl.NumberFormat('th-TH', {
  style: 'currency',
  currency: 'THB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

/** An amount of money: ฿1,520.50. */
export function formatBaht(amount: number): string {
  return baht.format(amount)
}

/** A whole-baht limit or maximum, without satang: ฿99,999. */
export function formatWholeBaht(amount: number): string {
  return wholeBaht.format(amount)
}

/** The most a member can type: nine digits. */
export const MAX_TYPED_BAHT = 999_999_999

/** Digits, or digits grouped by thousands with commas ("1,500"). */
const WHOLE_BAHT = /^(?:\d{1,9}|\d{1,3}(?:,\d{3}){1,2})$/

/** Nothing typed (an empty or missing field): the form's "required" case. */
export function isBlankAmount(raw: unknown): boolean {
  return typeof raw !== 'string' || raw.trim() === ''
}

/**
 * A whole-baht amount a member typed or a form posted ("1,500", " 25 "),
 * within `min`..`max` (default 1 to 999,999,999); anything else (decimals,
 * signs, letters, out of range, not a string) is null. The one amount reader
 * of the bet slip, the saved sets, deposits and withdrawals.
 */
export function parseWholeBaht(
  raw: unknown,
  { min = 1, max = MAX_TYPED_BAHT }: { min?: number; max?: number } = {},
): number | null {
  if (typeof raw !== 'string') return null
  const text = raw.trim()
  if (!WHOLE_BAHT.test(text)) return null
  const amount = Number(text.replace(/,/g, ''))
  return amount >= min && amount <= max ? amount : null
}
