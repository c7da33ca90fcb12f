import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormAlert } from '~/forms/fields'
import { TIMELINE_SHOWN } from '~/forms/staff-forms'
import { WatchRequestFields } from '~/forms/watch-request-fields'
import { useSchemaForm } from '~/forms/use-schema-form'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { isNumericId, PAGES } from '~/lib/pages'
import { keepRetryAfter } from '~/lib/retry-after'
import { guard } from '~/security/guard'
import { ORDER_STATUS_LABELS } from '~/ui/orders/order-labels'
import { STAKE_STATUS_LABELS, TRANSACTION_STATUS_LABELS } from '~/ui/status-labels'
import { TimelineTable } from '~/ui/staff/timeline-table'
import { loadPage, submit } from './page.server'

const page = PAGES.staffMember
const rules = {
  access: page.access,
  validate: ({ params }: { params: LoaderFunctionArgs['params'] }) => isNumericId(params.id),
}

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

/** Without JavaScript too. */
export const headers = keepRetryAfter

export const meta = pageMeta(page.title)

interface Row {
  id: string | number
  cells: readonly string[]
}

function RecordList({ title, rows, empty }: { title: string; rows: Row[]; empty: string }) {
  return (
    <section aria-label={title} className="space-y-2 rounded-xl border border-night-700 p-3">
      <h2 className="font-bold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-300">{empty}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap gap-x-3">
              {row.cells.map((cell, i) => (
                <span key={i} className={i === 0 ? 'text-slate-300' : undefined}>
                  {cell}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function WatchForm({ username }: { username: string }) {
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const { form, fields } = useSchemaForm({
    id: 'watch',
    fields: ['reason', 'ticket'],
    schema: (s) => s.watchSchema,
    lastResult,
  })
  const busy = navigation.state === 'submitting'
  return (
    <Form method="post" className="space-y-3" {...form.props}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <WatchRequestFields fields={fields} error={lastResult?.error} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        ดูหน้าจอสมาชิก
      </button>
      <p className="text-xs text-slate-300">
        ดูหน้าจอของ {username} แบบอ่านอย่างเดียว ไม่เกิน 30 นาที ทุกหน้าที่เปิดจะถูกบันทึก
        และสมาชิกจะได้รับแจ้งเมื่อจบการดู
      </p>
    </Form>
  )
}

export default function StaffMember() {
  const { member, orders, withdrawals, stakes, notifications, timeline } =
    useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-xl font-bold">
          {member.username}{' '}
          <span className="text-base font-normal text-slate-300">({member.displayName})</span>
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-300">รหัสสมาชิก</dt>
          <dd>{member.id}</dd>
          <dt className="text-slate-300">เบอร์โทรศัพท์</dt>
          <dd>{member.phone}</dd>
          <dt className="text-slate-300">ยอดเงินคงเหลือ</dt>
          <dd className="font-bold">{formatBaht(member.balance)}</dd>
          <dt className="text-slate-300">บัญชีธนาคาร</dt>
          <dd>{member.bank ? `${member.bank.name} ${member.bank.accountNo}` : 'ยังไม่ได้ผูกบัญชี'}</dd>
          <dt className="text-slate-300">สมัครเมื่อ</dt>
          <dd>{member.joined}</dd>
          <dt className="text-slate-300">สถานะ</dt>
          <dd>
            {member.locked ? 'ถูกระงับ' : 'ใช้งานได้'}
            {member.isStaff ? ' · บัญชีเจ้าหน้าที่' : ''}
          </dd>
        </dl>
      </div>

      <section
        aria-labelledby="watch-title"
        className="space-y-2 rounded-xl border border-gold-400/40 p-3"
      >
        <h2 id="watch-title" className="font-bold">
          ดูหน้าจอสมาชิก
        </h2>
        {member.isStaff ? (
          <p role="note" className="text-sm">
            ไม่สามารถดูหน้าจอของบัญชีเจ้าหน้าที่ได้
          </p>
        ) : (
          <WatchForm username={member.username} />
        )}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <RecordList
          title="รายการฝากล่าสุด"
          empty="ยังไม่มีรายการฝาก"
          rows={orders.map((o) => ({
            id: o.id,
            cells: [o.when, formatBaht(o.amount), ORDER_STATUS_LABELS[o.status]],
          }))}
        />
        <RecordList
          title="รายการถอนล่าสุด"
          empty="ยังไม่มีรายการถอน"
          rows={withdrawals.map((w) => ({
            id: w.id,
            cells: [w.when, formatBaht(w.amount), TRANSACTION_STATUS_LABELS[w.status]],
          }))}
        />
        <RecordList
          title="โพยล่าสุด"
          empty="ยังไม่มีโพย"
          rows={stakes.map((s) => ({
            id: s.id,
            cells: [s.when, s.title, formatBaht(s.amount), STAKE_STATUS_LABELS[s.status]],
          }))}
        />
        <RecordList
          title="การแจ้งเตือนล่าสุด"
          empty="ยังไม่มีการแจ้งเตือน"
          rows={notifications.map((n) => ({
            id: n.id,
            cells: [n.when, n.title, n.read ? 'อ่านแล้ว' : 'ยังไม่อ่าน'],
          }))}
        />
      </div>

      <section aria-labelledby="timeline-title" className="space-y-2">
        <h2 id="timeline-title" className="font-bold">
          ลำดับคำขอของสมาชิก (ล่าสุดก่อน สูงสุด {TIMELINE_SHOWN} รายการ)
        </h2>
        <TimelineTable entries={timeline} caption="ลำดับคำขอของสมาชิก" />
      </section>
    </div>
  )
}
