import { Form, Link } from '@remix-run/react'
import { formatCount } from '~/lib/money'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { EmptyState, Notice } from '~/ui/states'
import { ThaiDateChoice } from '~/ui/thai-date-choice'
import { Words } from '~/ui/words'
import { TRANSACTION_STATUS_LABELS } from '~/ui/status-labels'
import { KIND_LABELS, KINDS, STATUSES } from './history-labels'
import type { HistoryLine, loadHistory } from './history.server'

type Data = Awaited<ReturnType<typeof loadHistory>>

const FIELD =
  'w-full min-w-0 rounded-xl border border-night-600 bg-night-800 px-3 py-2 text-base text-slate-100'

const STATUS_TONE: Record<HistoryLine['status'], string> = {
  pending: 'bg-amber-900/60 text-amber-100',
  success: 'bg-emerald-900/60 text-emerald-100',
  failed: 'bg-red-900/60 text-red-100',
  cancelled: 'bg-night-700 text-slate-200',
}

function Filters({ data }: { data: Data }) {
  const { filters } = data
  return (
    <Form method="get" action="/transaction" className="card space-y-3" aria-label="กรองประวัติ">
      <input type="hidden" name="tab" value="history" />
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1">
          <label htmlFor="history-kind" className="block text-sm font-bold">
            ประเภท
          </label>
          <select id="history-kind" name="kind" defaultValue={filters.kind ?? ''} className={FIELD}>
            <option value="">ทั้งหมด</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="history-status" className="block text-sm font-bold">
            สถานะ
          </label>
          <select
            id="history-status"
            name="status"
            defaultValue={filters.status ?? ''}
            className={FIELD}
          >
            <option value="">ทั้งหมด</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {TRANSACTION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ThaiDateChoice name="from" legend="ตั้งแต่วันที่" value={filters.from} years={data.years} />
      <ThaiDateChoice name="to" legend="ถึงวันที่" value={filters.to} years={data.years} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary flex-1">
          กรองรายการ
        </button>
        {data.filtered ? (
          <Link to="/transaction?tab=history" className="btn-ghost flex-1">
            ล้างตัวกรอง
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

const AMOUNT_TONE: Record<HistoryLine['amount']['flow'], string> = {
  in: 'text-emerald-300',
  out: 'text-red-300',
  none: 'text-slate-300 line-through',
}

/**
 * The note gets the line's whole width: beside the amounts a phone's own Thai font broke it inside a
 * word (decision 0149).
 */
function Line({ line }: { line: HistoryLine }) {
  const { amount } = line
  return (
    <li className="space-y-1 py-3" data-testid="history-line" data-id={line.id}>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-bold">
          <Words text={line.kindLabel} />{' '}
          <span className={`ml-1 rounded-full px-2 py-0.5 text-xs ${STATUS_TONE[line.status]}`}>
            {line.statusLabel}
          </span>
        </p>
        <div className="shrink-0 text-right">
          <p
            className={`font-bold tabular-nums ${AMOUNT_TONE[amount.flow]}`}
            data-testid="history-amount"
          >
            {amount.text}
          </p>
          {amount.note ? (
            <p className="text-xs font-bold text-slate-200" data-testid="history-amount-note">
              {amount.note}
            </p>
          ) : null}
        </div>
      </div>
      {line.note ? (
        <p className="break-words text-sm text-slate-300">
          <Words text={line.note} />
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-x-3 text-xs text-slate-400">
        <p>{line.atText}</p>
        {line.balanceAfterText ? <p>คงเหลือ {line.balanceAfterText}</p> : null}
      </div>
    </li>
  )
}

const NO_SCRIPT_WAITING_SECONDS = 20

export function HistoryTab({ data }: { data: Data }) {
  const { result } = data
  const waiting = result?.lines.some((line) => line.status === 'pending') ?? false
  return (
    <div className="space-y-4">
      {waiting ? <NoScriptRefresh seconds={NO_SCRIPT_WAITING_SECONDS} /> : null}
      <Filters data={data} />
      {data.notes.map((note) => (
        <Notice key={note} tone="warning">
          {note}
        </Notice>
      ))}
      {data.rangeText ? <p className="text-sm text-slate-300">ช่วงวันที่: {data.rangeText}</p> : null}
      {data.error ? <Notice tone="error">{data.error}</Notice> : null}
      {result && result.total === 0 ? (
        <EmptyState title={data.filtered ? 'ไม่พบรายการตามตัวกรอง' : 'ยังไม่มีรายการ'}>
          {data.filtered ? (
            <Link to="/transaction?tab=history" className="link">
              ดูรายการทั้งหมด
            </Link>
          ) : (
            'เมื่อฝาก ถอน หรือแทงหวย รายการจะแสดงที่นี่'
          )}
        </EmptyState>
      ) : null}
      {result && result.total > 0 && result.lines.length === 0 ? (
        <EmptyState title="ไม่มีรายการในหน้านี้">
          <Link to={result.first} className="link">
            กลับไปหน้าแรก
          </Link>
        </EmptyState>
      ) : null}
      {result && result.lines.length > 0 ? (
        <section className="card" aria-labelledby="history-title">
          <h2 id="history-title" className="text-lg font-bold">
            รายการทั้งหมด {formatCount(result.total)} รายการ
          </h2>
          <ul className="divide-y divide-night-700">
            {result.lines.map((line) => (
              <Line key={line.id} line={line} />
            ))}
          </ul>
          {result.pages > 1 ? (
            <nav aria-label="หน้าประวัติ" className="mt-3 flex items-center justify-between gap-2">
              {result.prev ? (
                <Link to={result.prev} className="btn-ghost" rel="prev">
                  ก่อนหน้า
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-slate-300" aria-current="page">
                หน้า {result.page} จาก {result.pages}
              </span>
              {result.next ? (
                <Link to={result.next} className="btn-ghost" rel="next">
                  ถัดไป
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
