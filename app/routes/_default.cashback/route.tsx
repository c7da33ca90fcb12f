import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { CashbackStatus } from '~/backend/rewards.schemas'
import { IdempotencyField } from '~/forms/idempotency-field'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { BarChart } from '~/ui/bar-chart'
import { useWatchedMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import { submit, loadPage, type PeriodRow } from './page.server'

const page = PAGES.cashback
const rules = { access: page.access, feature: 'cashback' } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

const STATUS: Record<CashbackStatus, { label: string; tone: string }> = {
  open: { label: 'กำลังคำนวณ', tone: 'border-sky-700 text-sky-200' },
  claimable: { label: 'รับได้', tone: 'border-gold-500 text-gold-300' },
  claimed: { label: 'รับแล้ว', tone: 'border-emerald-600 text-emerald-300' },
  none: { label: 'ไม่มียอดคืน', tone: 'border-night-600 text-slate-300' },
  expired: { label: 'หมดเวลารับ', tone: 'border-night-600 text-slate-300' },
}

export default function Cashback() {
  const view = useLoaderData<typeof loader>()
  const watched = useWatchedMember() !== null
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <div className="card flex items-baseline justify-between gap-3">
        <span className="text-slate-300">ยอดคืนที่รับได้ตอนนี้</span>
        <span className="text-xl font-bold text-gold-400" data-testid="cashback-claimable">
          {formatBaht(view.claimable)}
        </span>
      </div>
      {view.rate !== null ? (
        <p className="text-sm text-slate-300">
          คืน {view.rate}% ของยอดเสียสุทธิในแต่ละงวด งวดที่จบแล้วกดรับได้ภายในเวลาที่กำหนด
        </p>
      ) : null}
      {watched ? <Notice tone="warning">โหมดผู้ดูแล: ดูยอดคืนได้อย่างเดียว ไม่สามารถกดรับได้</Notice> : null}
      <section aria-labelledby="cashback-periods" className="space-y-2">
        <h2 id="cashback-periods" className="text-lg font-bold">
          ยอดคืนแต่ละงวด
        </h2>
        {view.periods.length === 0 ? (
          <EmptyState title="ยังไม่มียอดคืน">เมื่อมียอดเล่นเสียในงวดใด ยอดคืนจะแสดงที่นี่</EmptyState>
        ) : (
          <>
            <div className="card">
              <BarChart
                title="ยอดคืนรายสัปดาห์"
                bars={view.periods.map((period) => ({
                  label: period.label,
                  value: period.amount,
                  text: formatBaht(period.amount),
                }))}
                headers={['งวด', 'ยอดคืน']}
              />
            </div>
            <ul className="space-y-2">
              {view.periods.map((period) => (
                <Period
                  key={period.id}
                  period={period}
                  idempotencyKey={view.idempotencyKey}
                  watched={watched}
                />
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="cashback-history" className="space-y-2">
        <h2 id="cashback-history" className="text-lg font-bold">
          ประวัติการรับยอดคืน
        </h2>
        {view.claims.length === 0 ? (
          <EmptyState title="ยังไม่เคยรับยอดคืน" />
        ) : (
          <ul className="card divide-y divide-night-700 p-0" data-testid="cashback-claims">
            {view.claims.map((claim) => (
              <li key={claim.id} className="flex items-start justify-between gap-3 px-4 py-3">
                <span className="min-w-0">
                  <span className="block font-bold">{claim.period}</span>
                  <time dateTime={claim.iso} className="block text-xs text-slate-400">
                    {claim.at}
                  </time>
                </span>
                <span className="shrink-0 font-bold text-emerald-300">
                  +{formatBaht(claim.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}

function Period({
  period,
  idempotencyKey,
  watched,
}: {
  period: PeriodRow
  idempotencyKey: string
  watched: boolean
}) {
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('periodId') === period.id
  const status = STATUS[period.status]
  const error =
    reply && (reply.periodId === period.id || reply.periodId === '') ? reply.error : null
  const titleId = `period-${period.id}`
  return (
    <li className="card space-y-3">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 font-bold">
          {period.label}
        </h3>
        <span className={`shrink-0 rounded-full border px-2 py-0.5 text-xs ${status.tone}`}>
          {status.label}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-400">ยอดเสีย</dt>
          <dd className="font-bold tabular-nums">{formatBaht(period.loss)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">อัตราคืน</dt>
          <dd className="font-bold tabular-nums">{period.rate}%</dd>
        </div>
        <div>
          <dt className="text-slate-400">ยอดคืน</dt>
          <dd className="font-bold tabular-nums text-gold-300">{formatBaht(period.amount)}</dd>
        </div>
      </dl>
      {period.status === 'open' ? (
        <p className="text-xs text-slate-400">งวดนี้ยังไม่จบ ยอดคืนอาจเปลี่ยนแปลงจนถึงสิ้นงวด</p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm">
          {error}
        </p>
      ) : null}
      {period.status === 'claimable' ? (
        <Form method="post" replace className="space-y-2">
          <IdempotencyField value={idempotencyKey} />
          <input type="hidden" name="periodId" value={period.id} />
          <button
            type="submit"
            className="btn-primary w-full"
            disabled={watched || busy}
            aria-describedby={period.until ? `${titleId}-until` : undefined}
          >
            {busy ? 'กำลังรับยอดคืน…' : `รับยอดคืน ${formatBaht(period.amount)}`}
          </button>
          {period.until ? (
            <p id={`${titleId}-until`} className="text-xs text-slate-400">
              รับได้ถึง {period.until}
            </p>
          ) : null}
        </Form>
      ) : null}
    </li>
  )
}
