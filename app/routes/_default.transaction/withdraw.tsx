import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { formatBaht } from '~/lib/money'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { TRANSACTION_STATUS_LABELS } from '~/ui/status-labels'
import { ledgerAmount } from './history-labels'
import type { loadWithdraw, withdrawAction, WithdrawReply } from './withdraw.server'

type Data = Awaited<ReturnType<typeof loadWithdraw>>
type Account = NonNullable<NonNullable<Data['info']>['account']>

const ACTION = '/transaction?tab=withdraw'
const HISTORY = '/transaction?tab=history'

function useWithdrawReply(): WithdrawReply | undefined {
  const reply = useActionData<typeof withdrawAction>()
  return reply && 'form' in reply && reply.form === 'withdraw' ? reply : undefined
}

function AccountCard({ account }: { account: Account }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-slate-300">ธนาคาร</dt>
      <dd className="font-bold">{account.bankName}</dd>
      <dt className="text-slate-300">เลขที่บัญชี</dt>
      <dd className="font-mono" data-testid="withdraw-account">
        {account.accountNumber}
      </dd>
      <dt className="text-slate-300">ชื่อบัญชี</dt>
      <dd>{account.accountName}</dd>
    </dl>
  )
}

export function WithdrawTab({ data }: { data: Data }) {
  const reply = useWithdrawReply()
  const watched = useWatchedMember()
  const busy = useNavigation().state === 'submitting'

  if (!data.info) return <Notice tone="error">{data.error}</Notice>
  const { account, dailyLeft } = data.info
  if (!account) {
    return <Notice tone="warning">ยังไม่มีบัญชีธนาคารสำหรับรับเงิน กรุณาติดต่อเจ้าหน้าที่</Notice>
  }

  if (reply?.stage === 'done') {
    const { withdrawal } = reply
    const given = ledgerAmount(withdrawal)
    return (
      <div className="card space-y-3" role="status" data-testid="withdraw-done">
        <h2 className="text-lg font-bold text-emerald-300">แจ้งถอนเงินเรียบร้อยแล้ว</h2>
        <p>
          ถอน <strong>{formatBaht(-withdrawal.amount)}</strong> เข้าบัญชี{account.bankName}{' '}
          {account.accountNumber}
        </p>
        <p className="text-sm text-slate-300">
          สถานะ: {TRANSACTION_STATUS_LABELS[withdrawal.status]}
          {given.note ? ` (${given.note})` : ''} · เลขที่รายการ {withdrawal.id} · {withdrawal.atText}
        </p>
        <p className="text-sm text-slate-300">
          {given.flow === 'none'
            ? 'การถอนครั้งนี้ไม่สำเร็จ ระบบคืนเงินเข้ายอดคงเหลือแล้ว'
            : withdrawal.status === 'success'
              ? 'โอนเงินเข้าบัญชีเรียบร้อยแล้ว'
              : 'ระบบหักยอดเงินไว้แล้ว เงินจะเข้าบัญชีเมื่อโอนเสร็จ หากโอนไม่สำเร็จจะคืนเงินเข้ายอดคงเหลือ'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={HISTORY} className="btn-primary flex-1">
            ดูประวัติรายการ
          </Link>
          <Link to={ACTION} className="btn-ghost flex-1">
            ถอนเงินอีกครั้ง
          </Link>
        </div>
      </div>
    )
  }

  if (reply?.stage === 'review') {
    return (
      <Form
        method="post"
        action={ACTION}
        className="card space-y-4"
        aria-labelledby="withdraw-review"
      >
        <h2 id="withdraw-review" className="text-lg font-bold">
          ตรวจสอบรายการถอน
        </h2>
        <p className="flex items-baseline justify-between gap-2">
          <span className="text-slate-300">จำนวนเงิน</span>
          <strong className="text-2xl text-gold-300" data-testid="withdraw-review-amount">
            {formatBaht(reply.amount)}
          </strong>
        </p>
        <AccountCard account={account} />
        <p className="text-sm text-slate-300">กด “ยืนยันการถอน” แล้วระบบจะหักยอดเงินทันทีและโอนเข้าบัญชีนี้</p>
        <input type="hidden" name="amount" value={reply.amount} />
        <IdempotencyField value={reply.idempotencyKey} />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value="withdraw-confirm"
            className="btn-primary flex-1"
            disabled={busy || watched !== null}
          >
            ยืนยันการถอน
          </button>
          <button
            type="submit"
            name="intent"
            value="withdraw-edit"
            className="btn-ghost flex-1"
            disabled={busy}
          >
            แก้ไขจำนวนเงิน
          </button>
        </div>
      </Form>
    )
  }

  const error = reply?.stage === 'edit' ? reply.error : null
  const amount = reply?.stage === 'edit' ? reply.amount : ''
  const key = reply?.stage === 'edit' ? reply.idempotencyKey : data.idempotencyKey
  const { min, max } = data.limits
  return (
    <Form method="post" action={ACTION} className="card space-y-4" noValidate>
      <h2 className="text-lg font-bold">ถอนเข้าบัญชีที่ลงทะเบียนไว้</h2>
      <AccountCard account={account} />
      <div className="space-y-1">
        <label htmlFor="withdraw-amount" className="block text-sm font-bold">
          จำนวนเงินที่ต้องการถอน (บาท)
        </label>
        <input
          // A new answer remounts the field with the amount the member typed.
          key={`${key}:${amount}:${error ?? ''}`}
          id="withdraw-amount"
          name="amount"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={amount}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? 'withdraw-amount-error withdraw-amount-hint' : 'withdraw-amount-hint'
          }
          // Focus moves to the field a refusal is about (works before JavaScript too).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={error !== null}
          className="w-full min-w-0 rounded-xl border border-night-600 bg-night-800 px-3 py-3 text-base aria-[invalid=true]:border-danger"
        />
        {error ? (
          <p id="withdraw-amount-error" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <p id="withdraw-amount-hint" className="text-xs text-slate-400">
          ขั้นต่ำ {formatBaht(min)} สูงสุด {formatBaht(max)} ต่อครั้ง · วันนี้ถอนได้อีก{' '}
          <span data-testid="withdraw-daily-left">{formatBaht(dailyLeft)}</span>
        </p>
      </div>
      <IdempotencyField value={key} />
      {watched ? (
        <p className="text-sm text-amber-200">โหมดผู้ดูแล: ดูได้อย่างเดียว ทำรายการถอนไม่ได้</p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="withdraw-review"
        className="btn-primary w-full"
        disabled={busy || watched !== null}
      >
        ถัดไป: ตรวจสอบรายการ
      </button>
    </Form>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
