// A browser breaks after a dash or slash ("02:00–04:00"); a WORD JOINER beside each between two
// digits keeps figures whole. Thai words are the browser's to break (docs/decisions/0105).

const WORD_JOINER = '\u2060'
const BETWEEN_DIGITS = /(\d)([-–—/])(?=\d)/g

export function keepNumbersWhole(text: string): string {
  return text.replace(BETWEEN_DIGITS, `$1${WORD_JOINER}$2${WORD_JOINER}`)
}
