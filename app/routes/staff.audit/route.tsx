import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { bangkokClock, bangkokDate, formatThaiDateTime } from '~/lib/thai-date-format'
import { WATCH_END_TEXT } from '~/lib/watch-text'
import { guard } from '~/session/guard'
import { ThaiDateChoice } from '~/ui/thai-date-choice'
import { loadPage, submit } from './page.server'

/**
 * The record of watches, for supervisors (docs/decisions/0139): who watched
 * whom, why (reason and ticket), when, how it ended, and every page seen;
 * filtered by staff, member and date, and as CSV. The watches going on now
 * can be ended here.
 */
const page = PAGES.staffAudit

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, { access: page.access }, submit)

export const meta = pageMeta(page.title)

const when = (ms: number) => formatThaiDateTime(bangkokDate(ms))
const INPUT = 'w-full rounded-xl border border-night-600 bg-night-800 px-3 py-2'

export default function StaffAudit() {
  const { query, total, records, active, years } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold">{page.title}</h1>

      <section aria-labelledby="active-title" className="space-y-2">
        <h2 id="active-title" className="font-bold">
          กำลังดูอยู่ตอนนี้ ({active.length})
        </h2>
        {active.length === 0 ? (
          <p className="text-sm text-slate-300">ไม่มีการดูหน้าจอสมาชิกในขณะนี้</p>
        ) : (
          <ul className="divide-y divide-night-700 rounded-xl border border-night-700">
            {active.map((w) => (
              <li
                key={w.watchId}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm"
              >
                <span>
                  <strong>{w.staffUsername}</strong> ดู <strong>{w.memberUsername}</strong>
                </span>
                <span>เรื่อง #{w.ticket}</span>
                <span className="text-slate-300">ถึง {bangkokClock(w.expiresAt)}</span>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="watchId" value={w.watchId} />
                  <button type="submit" className="btn-ghost px-3 py-1 text-sm">
                    จบการดูของ {w.staffUsername}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Form
        method="get"
        className="grid gap-3 rounded-xl border border-night-700 p-3 md:grid-cols-2"
      >
        <div className="space-y-1">
          <label htmlFor="staff" className="block text-sm font-bold">
            เจ้าหน้าที่ (ชื่อผู้ใช้)
          </label>
          <input
            id="staff"
            name="staff"
            defaultValue={query.staff}
            maxLength={100}
            className={INPUT}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="member" className="block text-sm font-bold">
            สมาชิก (ชื่อผู้ใช้หรือรหัส)
          </label>
          <input
            id="member"
            name="member"
            defaultValue={query.member}
            maxLength={100}
            className={INPUT}
          />
        </div>
        <ThaiDateChoice name="from" legend="ตั้งแต่วันที่" value={query.from || null} years={years} />
        <ThaiDateChoice name="to" legend="ถึงวันที่" value={query.to || null} years={years} />
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <button type="submit" className="btn-primary">
            กรอง
          </button>
          <Link to={page.path} className="btn-ghost">
            ล้างตัวกรอง
          </Link>
          <a href={`/staff/audit.csv${search}`} className="btn-ghost" download>
            ดาวน์โหลด CSV
          </a>
        </div>
      </Form>

      <section aria-labelledby="records-title" className="space-y-2">
        <h2 id="records-title" className="font-bold">
          บันทึก {total} รายการ{total > records.length ? ` (แสดง ${records.length} รายการล่าสุด)` : ''}
        </h2>
        {records.length === 0 ? (
          <p className="text-sm text-slate-300">ไม่พบบันทึกตามตัวกรองนี้</p>
        ) : (
          <ol className="space-y-3">
            {records.map((r) => (
              <li
                key={r.watchId}
                data-watch={r.watchId}
                className="space-y-1 rounded-xl border border-night-700 p-3 text-sm"
              >
                <p>
                  <strong>{r.staffUsername ?? 'ไม่ทราบ (ดูด้วยโทเค็น)'}</strong> ดูหน้าจอของ{' '}
                  <strong>{r.memberUsername || `สมาชิกรหัส ${r.memberId}`}</strong>
                  {r.ticket ? <> · เรื่อง #{r.ticket}</> : null}
                </p>
                {r.reason ? <p>เหตุผล: {r.reason}</p> : null}
                <p className="text-slate-300">
                  เริ่ม {when(r.startedAt)}
                  {r.endedAt ? ` · จบ ${when(r.endedAt)}` : ' · ยังดูอยู่'}
                  {r.how ? ` · ${WATCH_END_TEXT[r.how]}` : ''}
                  {r.endedBy ? ` (${r.endedBy})` : ''}
                </p>
                <details>
                  <summary className="cursor-pointer">หน้าที่เปิดดู {r.views.length} หน้า</summary>
                  <ul className="mt-1 space-y-0.5 font-mono text-xs">
                    {r.views.map((v, i) => (
                      <li key={i}>
                        {bangkokClock(v.at)} {v.path}
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
