/**
 * Baht as members read and type them: one formatter (฿1,520.50) and one
 * reader of typed whole-baht amounts, for every page, the browser and the
 * server alike.
 */
/**
 * The digits of `value` as Intl.NumberFormat th-TH writes them: rounded half
 * away from zero to `fractionDigits` decimals on the shortest decimal that
 * reads back as the same number (1.005 is 1.01), grouped by thousands with
 * commas, after a minus for a negative number. Written out rather than asked
 * of Intl: a page's first Intl number format loads the locale's number data,
 * tens of milliseconds of one task on a phone, and the balance in the top bar
 * is formatted on every page. Intl still writes what this does not cover
 * (NaN, infinities, numbers under 1e-6 or beyond 2^53 satang).
 */
function thaiDigits(value: number, fractionDigits: number, baht = false): string {
  const scaled = Math.round(Number(`${Math.abs(value)}e${fractionDigits}`))
  return scaled < 2 ** 53
    ? // 1 / -0 is -Infinity: a negative zero keeps its minus, as in Intl.
      (1 / value < 0 ? '-' : '') +
        (baht ? '฿' : '') +
        (scaled / 10 ** fractionDigits)
          .toFixed(fractionDigits)
          .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : new Intl.NumberFormat('th-TH', {
        style: baht ? 'currency' : 'decimal',
        currency: 'THB',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }).format(value)
}

/** An amount of money: ฿1,520.50. */
export function formatBaht(amount: number): string {
  return thaiDigits(amount, 2, true)
}

/** A whole-baht limit or maximum, without satang: ฿99,999. */
export function formatWholeBaht(amount: number): string {
  return thaiDigits(amount, 0, true)
}

/** A count (games, lines) grouped by thousands: 1,234, as toLocaleString('th-TH') writes it. */
export function formatCount(count: number): string {
  return thaiDigits(count, 0)
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
