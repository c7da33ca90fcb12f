import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { MEMBER_LABELS } from '~/forms/member-forms'
import { IdempotencyField } from '~/forms/idempotency-field'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { keepRetryAfter } from '~/lib/retry-after'
import { guard } from '~/security/guard'
import { useWatchedMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import { MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import { submit, loadPage } from './page.server'
import { Words } from '~/ui/words'

const page = PAGES.coupon
const rules = { access: page.access, feature: 'coupon' } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

export const headers = keepRetryAfter

export default function Coupon() {
  const view = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const watched = useWatchedMember() !== null
  const busy = useNavigation().state === 'submitting'
  const form = useMemberForm('coupon', ['code'], (s) => s.couponSchema, reply?.result)
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {view.redeemed ? (
        <div className="card space-y-1 border-gold-500" role="status">
          <p className="font-bold text-gold-300">ใช้คูปอง {view.redeemed.code} สำเร็จ</p>
          <p className="text-sm text-slate-300">{view.redeemed.title}</p>
          <ul className="text-lg font-bold">
            {view.redeemed.gave.map((line) => (
              <li key={line}>ได้รับ{line}</li>
            ))}
          </ul>
          {view.redeemed.gave.some((line) => line.startsWith('ตั๋ว')) ? (
            <p className="text-sm">
              <Link to={PAGES.czipz.path} className="link">
                ไปที่{PAGES.czipz.title}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {watched ? (
        <Notice tone="warning">โหมดผู้ดูแล: ดูประวัติคูปองได้อย่างเดียว ไม่สามารถใช้คูปองได้</Notice>
      ) : null}
      <MemberFormCard form={form} title="ใช้คูปอง" disabled={watched}>
        <IdempotencyField value={view.idempotencyKey} />
        <MemberField
          form={form}
          name="code"
          label={MEMBER_LABELS.couponCode}
          hint="ตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว เช่น WELCOME100"
          maxLength={40}
          autoComplete="off"
          defaultValue={String(form.posted('code') ?? '')}
          required
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'กำลังตรวจสอบ…' : 'ใช้คูปอง'}
        </button>
      </MemberFormCard>
      <section aria-labelledby="coupon-history" className="space-y-2">
        <h2 id="coupon-history" className="text-lg font-bold">
          ประวัติการใช้คูปอง
        </h2>
        {view.historyError ? (
          <Notice tone="warning">ยังแสดงประวัติไม่ได้ในขณะนี้: {view.historyError}</Notice>
        ) : view.history.length === 0 ? (
          <EmptyState title="ยังไม่เคยใช้คูปอง">กรอกรหัสคูปองด้านบนเพื่อรับสิทธิพิเศษ</EmptyState>
        ) : (
          <ul className="card divide-y divide-night-700 p-0">
            {view.history.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-3 px-4 py-3">
                <span className="min-w-0">
                  <span className="block break-all font-bold">{r.code}</span>
                  <span className="block text-sm text-slate-300">
                    <Words text={r.title} />
                  </span>
                  <time dateTime={r.iso} className="block text-xs text-slate-400">
                    {r.at}
                  </time>
                </span>
                <span className="shrink-0 text-right text-sm font-bold text-gold-300">
                  {r.gave.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}
