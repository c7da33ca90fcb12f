import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Suspense } from 'react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { FormError } from '~/forms/member-form'
import { guard } from '~/security/guard'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { submit, loadPage, type AffiliateView } from './page.server'
import { CopyButton } from './copy-button'
import * as belowFoldOnServer from './below-fold.server'
import { deferredParts } from '~/ui/deferred'

const page = PAGES.affiliate

// Below the first screen on a phone: not in the first load.
const belowFold = deferredParts(belowFoldOnServer, () => import('./below-fold'))
const MonthlyCommission = belowFold.part('MonthlyCommission')
const Referred = belowFold.part('Referred')

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
      <Suspense fallback={null}>
        <Referred referred={view.referred} />
      </Suspense>
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
      <Suspense fallback={null}>
        <MonthlyCommission periods={view.periods} />
      </Suspense>
    </section>
  )
}
