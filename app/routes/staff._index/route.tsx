import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { TimelineTable } from '~/ui/staff/timeline-table'
import { STAFF_SEARCH_MAX } from '~/forms/staff-forms'
import { loadPage } from './page.server'

const page = PAGES.staffHome

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const meta = pageMeta(page.title)

export default function StaffSearch() {
  const { q, members, request } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold">{page.title}</h1>
      <Form method="get" role="search" className="flex flex-wrap gap-2">
        <label htmlFor="q" className="w-full text-sm font-bold">
          ชื่อผู้ใช้ เบอร์โทรศัพท์ รหัสสมาชิก หรือรหัสอ้างอิงจากหน้าแจ้งข้อผิดพลาด
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={STAFF_SEARCH_MAX}
          required
          autoComplete="off"
          className="min-w-0 flex-1 rounded-xl border border-night-600 bg-night-800 px-3 py-2"
        />
        <button type="submit" className="btn-primary">
          ค้นหา
        </button>
      </Form>
      {request ? (
        <section aria-labelledby="found-request" className="space-y-2">
          <h2 id="found-request" className="font-bold">
            คำขอ {request.entry.requestId}
          </h2>
          <p className="text-sm">
            ของสมาชิกรหัส{' '}
            <Link to={`${PAGES.staffMember.path}/${request.memberId}`} className="link">
              {request.memberId}
            </Link>
          </p>
          <TimelineTable entries={[request.entry]} caption="คำขอที่ค้นพบ" />
        </section>
      ) : null}
      {members ? (
        <section aria-labelledby="found-members" className="space-y-2">
          <h2 id="found-members" className="font-bold">
            สมาชิกที่ค้นพบ ({members.length})
          </h2>
          {members.length === 0 ? (
            <p className="text-sm text-slate-300">ไม่พบสมาชิกที่ตรงกับ “{q}”</p>
          ) : (
            <ul className="divide-y divide-night-700 rounded-xl border border-night-700">
              {members.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                  <Link to={`${PAGES.staffMember.path}/${m.id}`} className="link font-bold">
                    {m.username}
                  </Link>
                  <span className="text-sm">{m.displayName}</span>
                  <span className="text-sm text-slate-300">รหัส {m.id}</span>
                  <span className="text-sm text-slate-300">โทร {m.phone}</span>
                  {m.isStaff ? (
                    <span className="rounded bg-night-700 px-2 py-0.5 text-xs">บัญชีเจ้าหน้าที่</span>
                  ) : null}
                  {m.locked ? (
                    <span className="rounded bg-night-700 px-2 py-0.5 text-xs">ถูกระงับ</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
