/**
 * Baht as members read and type them: one formatter (฿1,520.50) and one
 * reader of typed whole-baht amounts, for every page, the browser and the
 * server alike.
 */
/**
 * Digits of `value` rounded to `fractionDigits` decimals as Intl.NumberFormat
 * rounds them (half away from zero, on the shortest decimal that reads back as
 * the same number: 1.005 is 1.01), the integer part grouped by thousands with
 * commas; null for what it does not cover (NaN, infinities, exponent forms).
 *
 * Written out rather than asked of Intl: a page's first Intl.NumberFormat
 * loads the locale's number and currency data, tens of milliseconds of one
 * task on a phone, and the balance in the top bar formats on every page.
 */
function groupedDigits(value: number, fractionDigits: number): string | null {
  const text = String(Math.abs(value))
  if (!/^\d+(?:\.\d+)?$/.test(text)) return null
  const [whole, fraction = ''] = text.split('.')
  const digits = (whole + fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits)).split('')
  if (fraction.charCodeAt(fractionDigits) >= 53 /* '5' */) {
    let at = digits.length - 1
    while (at >= 0 && digits[at] === '9') digits[at--] = '0'
    if (at >= 0) digits[at] = String(Number(digits[at]) + 1)
    else digits.unshift('1')
  }
  const integer = digits
    .slice(0, digits.length - fractionDigits)
    .join('')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fractionDigits ? `${integer}.${digits.slice(-fractionDigits).join('')}` : integer
}

const minus = (value: number) => (value < 0 || Object.is(value, -0) ? '-' : '')

/**
 * A count or a rate as `toLocaleString('th-TH')` writes it (1,234; 12.35 with
 * `maximumFractionDigits` 2), without loading Intl's number data.
 */
export function formatNumber(value: number, maximumFractionDigits = 3): string {
  const digits = groupedDigits(value, maximumFractionDigits)
  if (digits === null) return value.toLocaleString('th-TH', { maximumFractionDigits })
  const [integer, fraction = ''] = digits.split('.')
  const kept = fraction.replace(/0+$/, '')
  return minus(value) + (kept ? `${integer}.${kept}` : integer)
}

/** ฿ and the digits, with a minus before the sign for a negative amount (-฿5.00). */
function baht(amount: number, fractionDigits: number): string {
  const digits = groupedDigits(amount, fractionDigits)
  if (digits === null) {
    return new Intl.NumberFormat('th-TH', {
      style: 'currency',
      currency: 'THB',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(amount)
  }
  return `${minus(amount)}฿${digits}`
}

/** An amount of money: ฿1,520.50. */
export function formatBaht(amount: number): string {
  return baht(amount, 2)
}

/** A whole-baht limit or maximum, without satang: ฿99,999. */
export function formatWholeBaht(amount: number): string {
  return baht(amount, 0)
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
