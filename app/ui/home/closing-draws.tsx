import { Link } from '@remix-run/react'
import type { ClosingDraw } from '~/lotto/draws'
import { Countdown } from '~/ui/countdown'
import { EmptyState } from '~/ui/states'

export type { ClosingDraw }

export function stakeHref(lottoId: string): string {
  return `/lotto/stake?${new URLSearchParams({ lotto: lottoId })}`
}

export function ClosingDraws({ draws, now }: { draws: ClosingDraw[]; now: number }) {
  if (draws.length === 0) {
    return (
      <EmptyState title="ยังไม่มีงวดที่เปิดรับแทง">
        <Link to="/lotto" className="link">
          ดูหวยทั้งหมด
        </Link>
      </EmptyState>
    )
  }
  return (
    <ul className="space-y-2">
      {draws.map((draw) => (
        <li key={`${draw.lottoId}:${draw.drawId}`}>
          <Link
            to={stakeHref(draw.lottoId)}
            className="card flex items-center justify-between gap-3 py-3 hover:border-gold-500"
          >
            <span className="min-w-0">
              <span className="block truncate font-bold">{draw.lottoName}</span>
              <span className="block text-sm text-slate-300">{draw.drawLabel}</span>
            </span>
            <span className="shrink-0 text-right">
              <span className="block text-xs text-slate-300">ปิดรับใน</span>
              <Countdown until={draw.closesAt} now={now} className="font-bold text-gold-300" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
