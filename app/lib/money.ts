// Written out rather than asked of Intl: a page's first Intl number format loads the locale's
// number data (tens of ms of one task on a phone), and the top bar's balance is on every page.
// Intl still writes what this does not cover (NaN, infinities, tiny or huge numbers).
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

export function formatBaht(amount: number): string {
  return thaiDigits(amount, 2, true)
}

export function formatWholeBaht(amount: number): string {
  return thaiDigits(amount, 0, true)
}

export function formatCount(count: number): string {
  return thaiDigits(count, 0)
}

/** The most a member can type: nine digits. */
export const MAX_TYPED_BAHT = 999_999_999

/** Digits, or digits grouped by thousands with commas ("1,500"). */
const WHOLE_BAHT = /^(?:\d{1,9}|\d{1,3}(?:,\d{3}){1,2})$/

export function isBlankAmount(raw: unknown): boolean {
  return typeof raw !== 'string' || raw.trim() === ''
}

/** The one amount reader of the slip, saved sets, deposits and withdrawals; anything else is null. */
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
