import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { FormError } from '~/forms/member-form'
import { guard } from '~/security/guard'
import { useWatchedMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import { submit, loadPage, type AffiliateView } from './page.server'
import { BarChart } from '~/ui/bar-chart'
import { CopyButton } from './copy-button'

const page = PAGES.affiliate

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, { access: page.access }, submit)

export const meta = pageMeta(page.title)

export default function Affiliate() {
  const view = useLoaderData<typeof loader>()
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <p className="text-sm text-slate-300">
        ชวนเพื่อนสมัครผ่านลิงก์ของคุณ รับค่าคอมมิชชัน {view.ratePercent}% จากยอดเล่นของเพื่อนทุกเดือน
      </p>
      <ReferralLink view={view} />
      <Commission view={view} />
      <Referred referred={view.referred} />
    </section>
  )
}

function ReferralLink({ view }: { view: AffiliateView }) {
  return (
    <section className="card space-y-3" aria-labelledby="link-title">
      <h2 id="link-title" className="font-bold">
        ลิงก์แนะนำของคุณ
      </h2>
      <p className="text-sm">
        รหัสแนะนำ: <strong data-testid="referral-code">{view.code}</strong>
      </p>
      <label htmlFor="referral-link" className="block text-sm font-bold">
        ลิงก์สมัครสมาชิก
      </label>
      <input
        id="referral-link"
        readOnly
        value={view.link}
        className="w-full min-w-0 rounded-xl border border-night-600 bg-night-800 px-3 py-3 text-sm"
      />
      <div className="grid grid-cols-1 gap-2">
        <CopyButton text={view.link} label="คัดลอกลิงก์" />
        <a
          href={view.shareUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-line w-full"
        >
          แชร์ทาง LINE
        </a>
      </div>
    </section>
  )
}

function Commission({ view }: { view: AffiliateView }) {
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const watched = useWatchedMember() !== null
  return (
    <section className="card space-y-3" aria-labelledby="commission-title">
      <h2 id="commission-title" className="font-bold">
        ค่าคอมมิชชัน
      </h2>
      <dl className="grid grid-cols-2 gap-2 text-center">
        <div className="rounded-xl bg-night-800 p-3">
          <dt className="text-xs text-slate-300">ถอนได้</dt>
          <dd className="text-lg font-bold text-gold-300" data-testid="commission-available">
            {formatBaht(view.available)}
          </dd>
        </div>
        <div className="rounded-xl bg-night-800 p-3">
          <dt className="text-xs text-slate-300">ถอนแล้วทั้งหมด</dt>
          <dd className="text-lg font-bold">{formatBaht(view.withdrawn)}</dd>
        </div>
      </dl>
      <FormError id="commission-error" message={reply?.error} />
      {watched ? (
        <Notice tone="warning">โหมดผู้ดูแล: ดูได้อย่างเดียว ไม่สามารถถอนค่าคอมมิชชันได้</Notice>
      ) : null}
      <Form method="post" replace>
        <fieldset disabled={watched || view.available <= 0}>
          <input type="hidden" name="intent" value="withdraw" />
          <IdempotencyField value={view.idempotencyKey} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            ถอนเข้ากระเป๋าเงิน
          </button>
        </fieldset>
      </Form>
      <h3 className="pt-2 font-bold">ค่าคอมมิชชันรายเดือน</h3>
      {view.periods.length === 0 ? (
        <p className="text-sm text-slate-300">ยังไม่มีค่าคอมมิชชัน</p>
      ) : (
        <>
          {/* Newest month first, as in the table below (its numbers). */}
          <BarChart
            title="ค่าคอมมิชชันรายเดือน"
            bars={view.periods.map((p) => ({
              label: p.month,
              value: p.commission,
              text: formatBaht(p.commission),
            }))}
            headers={['เดือน', 'คอมมิชชัน']}
            tableId="commission-table"
          />
          <table id="commission-table" className="w-full text-sm">
            <thead>
              {/* A column's name is one line: the table gives it room (decision 0149). */}
              <tr className="whitespace-nowrap text-left text-slate-300">
                <th scope="col" className="py-1 font-normal">
                  เดือน
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  ยอดเล่นของเพื่อน
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  คอมมิชชัน
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-night-700">
              {view.periods.map((p) => (
                <tr key={p.month}>
                  <td className="py-2">{p.month}</td>
                  <td className="py-2 text-right">{formatBaht(p.turnover)}</td>
                  <td className="py-2 text-right font-bold">{formatBaht(p.commission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

function Referred({ referred }: { referred: AffiliateView['referred'] }) {
  return (
    <section className="space-y-2" aria-labelledby="referred-title">
      <h2 id="referred-title" className="text-lg font-bold">
        เพื่อนที่แนะนำ ({referred.length})
      </h2>
      {referred.length === 0 ? (
        <EmptyState title="ยังไม่มีเพื่อนที่สมัครผ่านลิงก์ของคุณ">
          แชร์ลิงก์ด้านบนให้เพื่อนเพื่อเริ่มรับค่าคอมมิชชัน
        </EmptyState>
      ) : (
        <ul className="card divide-y divide-night-700 py-1" data-testid="referred-list">
          {referred.map((r, i) => (
            <li key={i} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block truncate font-bold">{r.name}</span>
                <span className="block text-xs text-slate-300">สมัครเมื่อ {r.joined}</span>
              </span>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${
                  r.active ? 'bg-success/20 text-success' : 'bg-night-700 text-slate-300'
                }`}
              >
                {r.active ? 'ใช้งานอยู่' : 'ไม่ได้ใช้งาน'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
