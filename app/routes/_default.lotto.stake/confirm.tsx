import { Form, Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { useOptionalMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { IdempotencyField } from '~/forms/idempotency-field'
import type { SlipActionData } from './page.server'
import { OUTCOME_ID } from './notices'

export function Confirm({
  review,
  title,
  back,
  disabled,
}: {
  review: NonNullable<SlipActionData['review']>
  title: string
  back: string
  disabled: boolean
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [review.key])
  const balance = useOptionalMember()?.balance
  const short = balance !== undefined && review.total > balance
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="confirm-title"
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 sm:items-center"
    >
      <div className="card w-full max-w-md space-y-3">
        <h2 id="confirm-title" ref={heading} tabIndex={-1} className="text-xl font-bold">
          ยืนยันการแทง
        </h2>
        <p className="text-slate-300">{title}</p>
        <dl className="grid grid-cols-2 gap-1">
          <dt className="text-slate-300">จำนวน</dt>
          <dd className="text-right">{review.count} รายการ</dd>
          <dt className="text-slate-300">ยอดแทงรวม</dt>
          <dd className="text-right text-lg font-bold" data-testid="confirm-total">
            {formatBaht(review.total)}
          </dd>
          <dt className="text-slate-300">ได้สูงสุด</dt>
          <dd className="text-right font-bold text-gold-300">{formatBaht(review.payout)}</dd>
        </dl>
        {short ? (
          <Notice tone="warning">
            ยอดแทงรวมมากกว่ายอดเงินคงเหลือ ({formatBaht(balance ?? 0)}) ขาดอีก{' '}
            {formatBaht(review.total - (balance ?? 0))} ระบบจะไม่รับโพยนี้จนกว่าจะเติมเงินหรือลดยอด{' '}
            <Link to={PAGES.transaction.path + '?tab=deposit'} className="link underline">
              ฝากเงิน
            </Link>
          </Notice>
        ) : null}
        <Form
          method="post"
          action={`${back}#${OUTCOME_ID}`}
          preventScrollReset
          className="grid grid-cols-2 gap-2"
        >
          <IdempotencyField name="key" value={review.key} />
          <input type="hidden" name="drawId" value={review.drawId} />
          <input type="hidden" name="slip" value={review.slip} />
          <Link to={back} className="btn-ghost" preventScrollReset>
            แก้ไขโพย
          </Link>
          <button name="intent" value="place" className="btn-primary" disabled={disabled}>
            {disabled ? 'กำลังส่งโพย…' : 'ยืนยันแทง'}
          </button>
        </Form>
      </div>
    </div>
  )
}
