import type { Draw, LottoType } from '~/backend/lotto.schemas'
import { formatThaiShortDay } from '~/lib/thai-date-format'

export function drawLabel(draw: Pick<Draw, 'drawDate' | 'round'>): string {
  if (draw.round !== null) return `ยี่กี รอบที่ ${draw.round}`
  return `งวด ${formatThaiShortDay(draw.drawDate)}`
}

export function drawLabelLong(draw: Pick<Draw, 'drawDate' | 'round'>): string {
  const date = formatThaiShortDay(draw.drawDate)
  return draw.round === null ? `งวด ${date}` : `รอบที่ ${draw.round} · ${date}`
}

export interface ClosingDraw {
  lottoId: string
  lottoName: string
  drawId: string
  closesAt: number
  drawLabel: string
}

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
