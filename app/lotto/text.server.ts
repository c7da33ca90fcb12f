// Made on the server: the date library stays out of the browser, and server and browser never
// disagree on a time zone.
import type { Draw } from '~/backend/lotto.schemas'
import { drawLabelLong } from '~/lotto/draws'
import { bangkokDate, formatThaiShortDateTime } from '~/lib/thai-date-format'

export interface DrawText {
  label: string
  /** The label's form of the year, as they share a line. */
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
