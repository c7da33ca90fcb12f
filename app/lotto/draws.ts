/**
 * Lotto draws as members read them: a draw's Thai label ("งวด 1 ธ.ค. 69",
 * "ยี่กี รอบที่ 49") and the open draws closing soonest (the home page's
 * "ปิดรับเร็วๆ นี้" list).
 */
import type { Draw, LottoType } from '~/backend/lotto.schemas'
import { formatThaiShortDay } from '~/lib/thai-date-format'

/** "งวด 1 ธ.ค. 69", or "ยี่กี รอบที่ 49" for a round of the day. */
export function drawLabel(draw: Pick<Draw, 'drawDate' | 'round'>): string {
  if (draw.round !== null) return `ยี่กี รอบที่ ${draw.round}`
  return `งวด ${formatThaiShortDay(draw.drawDate)}`
}

/** "งวด 1 ธ.ค. 69" / "รอบที่ 49 · 23 พ.ย. 69": with the date for rounds too. */
export function drawLabelLong(draw: Pick<Draw, 'drawDate' | 'round'>): string {
  const date = formatThaiShortDay(draw.drawDate)
  return draw.round === null ? `งวด ${date}` : `รอบที่ ${draw.round} · ${date}`
}

export interface ClosingDraw {
  lottoId: string
  lottoName: string
  drawId: string
  /** ms since the epoch. */
  closesAt: number
  drawLabel: string
}

/** The open types' next draws, closing soonest first, at most `limit`. */
export function closingDraws(types: readonly LottoType[], limit: number): ClosingDraw[] {
  const open: { type: LottoType; draw: NonNullable<LottoType['nextDraw']>; closesAt: number }[] = []
  for (const type of types) {
    if (type.status !== 'open' || !type.nextDraw) continue
    const closesAt = Date.parse(type.nextDraw.closesAt)
    if (Number.isNaN(closesAt)) continue
    open.push({ type, draw: type.nextDraw, closesAt })
  }
  // Only the draws shown get a label (a Thai date each).
  return open
    .sort((a, b) => a.closesAt - b.closesAt)
    .slice(0, Math.max(0, limit))
    .map(({ type, draw, closesAt }) => ({
      lottoId: type.id,
      lottoName: type.name,
      drawId: draw.id,
      closesAt,
      drawLabel: drawLabel(draw),
    }))
}
