import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { bangkokClock } from '~/lib/thai-date'
import { WATCH_END_TEXT } from '~/lib/watch-text'
import { AUDIT_EVENT_TEXT } from '~/staff/audit-text'
import { keepRetryAfter } from '~/lib/retry-after'
import { guard } from '~/security/guard'
import { ThaiDateChoice } from '~/ui/thai-date-choice'
import { loadPage, submit } from './page.server'

// docs/decisions/0139, 0152.
const page = PAGES.staffAudit

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, { access: page.access }, submit)

/** Without JavaScript too. */
export const headers = keepRetryAfter

export const meta = pageMeta(page.title)

const INPUT = 'w-full rounded-xl border border-night-600 bg-night-800 px-3 py-2'

export default function StaffAudit() {
  const { query, cursor, active, record, unavailable, waiting, years } =
    useLoaderData<typeof loader>()
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name)
      else next.set(name, value)
    }
    const text = next.toString()
    return text ? `${page.path}?${text}` : page.path
  }
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold">{page.title}</h1>

      {unavailable ? (
        <p role="alert" className="rounded-xl border border-amber-500 p-3 text-sm">
          {unavailable}
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="text-sm text-slate-300">
          มีบันทึก {waiting} รายการที่กำลังรอส่งเข้าระบบ ระบบจะส่งให้เองเมื่อเชื่อมต่อได้
        </p>
      ) : null}

      {record?.watch ? (
        <section aria-labelledby="watch-title" className="space-y-2">
          <h2 id="watch-title" className="font-bold">
            หน้าที่เปิดดูระหว่างการดูเรื่อง #{record.watch.ticket ?? '-'} ({record.watch.views} หน้า)
          </h2>
          <ol className="space-y-0.5 rounded-xl border border-night-700 p-3 font-mono text-xs">
            {record.watch.seen.map((v, i) => (
              <li key={i}>
                {bangkokClock(v.at)} {v.path}
              </li>
            ))}
          </ol>
          {record.watch.views > record.watch.seen.length ? (
            <p className="text-sm text-slate-300">
              แสดง {record.watch.seen.length} หน้าแรก ทุกหน้าอยู่ในไฟล์ CSV
            </p>
          ) : null}
          <Link to={withParams({ watch: null })} className="btn-ghost inline-block">
            กลับไปที่รายการ
          </Link>
        </section>
      ) : null}

      <section aria-labelledby="active-title" className="space-y-2">
        <h2 id="active-title" className="font-bold">
          กำลังดูอยู่ตอนนี้{active ? ` (${active.length})` : ''}
        </h2>
        {active === null ? (
          <p className="text-sm text-slate-300">ยังอ่านรายการที่กำลังดูอยู่จากระบบไม่ได้</p>
        ) : active.length === 0 ? (
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
        <div className="space-y-1">
          <label htmlFor="order" className="block text-sm font-bold">
            เรียงลำดับ
          </label>
          <select id="order" name="order" defaultValue={query.order} className={INPUT}>
            <option value="newest">ล่าสุดก่อน</option>
            <option value="oldest">เก่าสุดก่อน</option>
          </select>
        </div>
        <div className="flex flex-wrap items-end gap-2 md:col-span-2">
          <button type="submit" className="btn-primary">
            กรอง
          </button>
          <Link to={page.path} className="btn-ghost">
            ล้างตัวกรอง
          </Link>
          <a
            href={`/staff/audit.csv${search ? `?${withoutPaging(params)}` : ''}`}
            className="btn-ghost"
            download
          >
            ดาวน์โหลด CSV
          </a>
        </div>
      </Form>

      {record ? (
        <section aria-labelledby="records-title" className="space-y-2">
          <h2 id="records-title" className="font-bold">
            บันทึก {record.total} รายการ
            {record.total > record.watches.length ? ` (แสดง ${record.watches.length} รายการ)` : ''}
          </h2>
          {record.watches.length === 0 ? (
            <p className="text-sm text-slate-300">ไม่พบบันทึกตามตัวกรองนี้</p>
          ) : (
            <ol className="space-y-3">
              {record.watches.map((r) => (
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
                    เริ่ม {r.started}
                    {r.ended ? ` · จบ ${r.ended}` : ' · ยังดูอยู่'}
                    {r.how ? ` · ${WATCH_END_TEXT[r.how]}` : ''}
                    {r.endedBy ? ` (${r.endedBy})` : ''}
                  </p>
                  <Link to={withParams({ watch: r.watchId })} className="underline">
                    หน้าที่เปิดดู {r.views} หน้า
                  </Link>
                </li>
              ))}
            </ol>
          )}
          <nav aria-label="หน้าของบันทึก" className="flex flex-wrap gap-2">
            {cursor ? (
              <Link to={withParams({ cursor: null, watch: null })} className="btn-ghost">
                หน้าแรก
              </Link>
            ) : null}
            {record.nextCursor ? (
              <Link
                to={withParams({ cursor: record.nextCursor, watch: null })}
                className="btn-ghost"
              >
                รายการถัดไป
              </Link>
            ) : null}
          </nav>
        </section>
      ) : null}

      {record ? (
        <section aria-labelledby="refusals-title" className="space-y-2">
          <h2 id="refusals-title" className="font-bold">
            การเข้าสู่ระบบที่ถูกชะลอและการเริ่มดูที่ถูกจำกัด ({record.refusals.total})
          </h2>
          {record.refusals.items.length === 0 ? (
            <p className="text-sm text-slate-300">ไม่มีรายการตามตัวกรองนี้</p>
          ) : (
            <ul className="divide-y divide-night-700 rounded-xl border border-night-700 text-sm">
              {record.refusals.items.map((e) => (
                <li key={e.id} data-refusal={e.type} className="p-3">
                  {e.when} · {AUDIT_EVENT_TEXT[e.type]} · <strong>{e.staffUsername}</strong>
                  {e.type === 'login-limited'
                    ? ` · ${e.address ?? 'ไม่ทราบที่อยู่'} · รอ ${e.retryAfterSeconds} วินาที`
                    : ` · สมาชิกรหัส ${e.memberId} · เกิน ${e.limit} ครั้งใน ${Math.round(e.windowSeconds / 60)} นาที`}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}

function withoutPaging(params: URLSearchParams): string {
  const next = new URLSearchParams(params)
  next.delete('cursor')
  next.delete('watch')
  return next.toString()
}
