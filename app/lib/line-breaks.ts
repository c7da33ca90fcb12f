/**
 * Where a line may break in text the backend writes. A browser breaks a
 * line after a dash or a slash, so "02:00–04:00" or "1-2,000" splits across
 * two lines in a narrow box; a WORD JOINER (U+2060, invisible, no width)
 * beside each dash or slash between two digits keeps the figures whole.
 * Thai words are the browser's to break (docs/decisions/0105).
 */

const WORD_JOINER = '\u2060'
const BETWEEN_DIGITS = /(\d)([-–—/])(?=\d)/g

/** `text` with every dash or slash between two digits kept with both of them. */
export function keepNumbersWhole(text: string): string {
  return text.replace(BETWEEN_DIGITS, `$1${WORD_JOINER}$2${WORD_JOINER}`)
}
