/**
 * A draw's Thai texts, made on the server: the date library and its Thai
 * locale stay out of the browser, and server and browser never disagree on a
 * time zone. Loaders add these to the draws they return.
 */
import type { Draw } from '~/backend/lotto.schemas'
import { drawLabelLong } from '~/lotto/draws'
import { bangkokDate, formatThaiShortDateTime } from '~/lib/thai-date-format'

export interface DrawText {
  /** "งวด 1 ธ.ค. 69" / "รอบที่ 49 · 23 พ.ย. 69". */
  label: string
  /** "1 ธ.ค. 69 15:00" (Bangkok time): the label's form of the year, as they share a line. */
  closesText: string
}

export function withDrawText<D extends Pick<Draw, 'drawDate' | 'round' | 'closesAt'>>(
  draw: D,
): D & DrawText {
  return {
    ...draw,
    label: drawLabelLong(draw),
    closesText: formatThaiShortDateTime(bangkokDate(draw.closesAt)),
  }
}
