import { Link } from '@remix-run/react'
import { formatBaht } from '~/lib/money'
import { useLiveBalance } from '~/ui/live/live-events'
import type { ShellMember } from '~/ui/member'

export const DEPOSIT_HREF = '/transaction?tab=deposit'
export const WITHDRAW_HREF = '/transaction?tab=withdraw'

export function MemberSummary({ member }: { member: ShellMember }) {
  const balance = useLiveBalance(member.balance)
  return (
    <div className="card bg-gradient-to-br from-night-800 to-night-900">
      <p className="text-slate-300">
        สวัสดี <span className="font-bold text-slate-100">{member.displayName}</span>
      </p>
      <p className="mt-2">
        <span className="block text-sm text-slate-300">ยอดเงินคงเหลือ</span>
        <span
          className="block text-3xl font-bold tabular-nums text-gold-300"
          data-testid="home-balance"
        >
          {formatBaht(balance)}
        </span>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Link to={DEPOSIT_HREF} className="btn-primary">
          ฝากเงิน
        </Link>
        <Link to={WITHDRAW_HREF} className="btn-ghost">
          ถอนเงิน
        </Link>
      </div>
    </div>
  )
}
