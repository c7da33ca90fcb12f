// A plain POST form, checked in the browser with the server's own rules once JavaScript runs.
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useState, type FormEvent, type MouseEvent } from 'react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { INPUT_CLASS } from '~/forms/input-class'
import {
  checkDeposit,
  DEPOSIT_METHOD_LABELS,
  DEPOSIT_METHODS,
  quickAmounts,
} from '~/wallet/deposit-form'
import type { DepositErrors } from '~/lib/deposit-limits'
import { formatBaht, formatWholeBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import type { depositAction, DepositReply, loadDeposit } from './deposit.server'

const FORM_ID = 'deposit'

/** The deposit post's answer (the page's action answers a withdrawal too: checked by its shape). */
function useDepositReply(): DepositReply | undefined {
  const reply = useActionData<typeof depositAction>()
  return reply && 'deposit' in reply ? reply.deposit : undefined
}

export function DepositTab({ data }: { data: Awaited<ReturnType<typeof loadDeposit>> }) {
  const reply = useDepositReply()
  const watched = useWatchedMember()
  const navigation = useNavigation()
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'deposit'
  const [checked, setChecked] = useState<DepositErrors | null>(null)
  useEffect(() => setChecked(null), [reply])
  const errors: DepositErrors = checked ?? reply?.errors ?? {}
  const focus = checked
    ? undefined
    : reply?.errors.amount
      ? 'amount'
      : reply?.errors.method
        ? 'method'
        : undefined
  const { min, max } = data.limits
  const method = reply?.values.method ?? 'promptpay'

  function inputs(form: HTMLFormElement) {
    const values = new FormData(form)
    return { amount: values.get('amount'), method: values.get('method') }
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = checkDeposit(inputs(event.currentTarget), data.limits)
    const found = 'errors' in result ? result.errors : {}
    setChecked(found)
    const first = found.amount ? 'amount' : found.method ? 'method' : undefined
    if (!first) return
    event.preventDefault()
    event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }
  function onInput(event: FormEvent<HTMLFormElement>) {
    if (checked !== null || reply) {
      const result = checkDeposit(inputs(event.currentTarget), data.limits)
      setChecked('errors' in result ? result.errors : {})
    }
  }

  return (
    <div className="space-y-4">
      <PendingOrders pending={data.pending} />
      {watched ? (
        <Notice tone="warning">โหมดผู้ดูแล: ดูได้อย่างเดียว ไม่สามารถฝากเงินแทนสมาชิกได้</Notice>
      ) : null}
      <Form
        id={FORM_ID}
        method="post"
        action={`${PAGES.transaction.path}?tab=deposit`}
        noValidate
        onSubmit={onSubmit}
        onInput={onInput}
        className="card space-y-4"
        aria-labelledby="deposit-title"
      >
        <h2 id="deposit-title" className="text-lg font-bold">
          ฝากเงินเข้ากระเป๋า
        </h2>
        {errors.form ? (
          <Notice tone="error" urgent>
            {errors.form}
          </Notice>
        ) : null}
        <input type="hidden" name="intent" value="deposit" />
        <IdempotencyField value={data.idempotencyKey} />
        <fieldset disabled={watched !== null} className="space-y-4">
          <div className="space-y-1">
            <label htmlFor="deposit-amount" className="block text-sm font-bold">
              จำนวนเงิน (บาท)
            </label>
            <input
              id="deposit-amount"
              name="amount"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint="done"
              maxLength={12}
              defaultValue={reply?.values.amount ?? data.amount}
              aria-required
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={
                errors.amount ? 'deposit-amount-hint deposit-amount-error' : 'deposit-amount-hint'
              }
              // Focus moves to the first invalid field after a refused post (WCAG 3.3.1).
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={focus === 'amount'}
              className={INPUT_CLASS}
            />
            <QuickAmounts amounts={quickAmounts(data.limits)} disabled={watched !== null} />
            <p id="deposit-amount-hint" className="text-xs text-slate-400">
              ขั้นต่ำ {formatBaht(min)} สูงสุด {formatBaht(max)} ต่อครั้ง (จำนวนเต็ม)
            </p>
            {errors.amount ? (
              <p id="deposit-amount-error" className="text-sm text-danger">
                {errors.amount}
              </p>
            ) : null}
          </div>
          <fieldset
            className="space-y-2"
            aria-invalid={errors.method ? true : undefined}
            aria-describedby={errors.method ? 'deposit-method-error' : undefined}
          >
            <legend className="mb-1 text-sm font-bold">ช่องทางการฝาก</legend>
            {DEPOSIT_METHODS.map((value, index) => (
              <label
                key={value}
                className="flex items-center gap-3 rounded-xl border border-night-600 bg-night-800 px-3 py-3 has-[:checked]:border-gold-400"
              >
                <input
                  type="radio"
                  name="method"
                  value={value}
                  defaultChecked={value === method}
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus={focus === 'method' && index === 0}
                  className="size-5 shrink-0 accent-gold-400"
                />
                <span>{DEPOSIT_METHOD_LABELS[value]}</span>
              </label>
            ))}
            {errors.method ? (
              <p id="deposit-method-error" className="text-sm text-danger">
                {errors.method}
              </p>
            ) : null}
          </fieldset>
          <button
            type="submit"
            className="btn-primary w-full"
            aria-disabled={submitting || undefined}
          >
            {submitting ? 'กำลังสร้างรายการ…' : 'ฝากเงิน'}
          </button>
        </fieldset>
      </Form>
    </div>
  )
}

/** Links, so they work without JavaScript; with it they fill the field in place. */
function QuickAmounts({ amounts, disabled }: { amounts: number[]; disabled: boolean }) {
  if (amounts.length === 0 || disabled) return null
  function fill(event: MouseEvent<HTMLAnchorElement>, amount: number) {
    const field = event.currentTarget.closest('form')?.elements.namedItem('amount')
    if (!(field instanceof HTMLInputElement)) return
    event.preventDefault()
    field.value = String(amount)
    // The form re-checks the field as it would after typing.
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
  return (
    <div role="group" aria-label="เลือกจำนวนเงิน" className="grid grid-cols-4 gap-2 pt-1">
      {amounts.map((amount) => (
        <a
          key={amount}
          href={`${PAGES.transaction.path}?tab=deposit&amount=${amount}`}
          onClick={(event) => fill(event, amount)}
          className="rounded-xl border border-night-600 bg-night-800 px-1 py-2 text-center text-sm font-bold"
        >
          {formatWholeBaht(amount)}
        </a>
      ))}
    </div>
  )
}

function PendingOrders({
  pending,
}: {
  pending: Awaited<ReturnType<typeof loadDeposit>>['pending']
}) {
  if ('error' in pending) return <Notice tone="warning">{pending.error}</Notice>
  if (pending.orders.length === 0) return null
  return (
    <Notice tone="info">
      <p className="font-bold">รายการฝากที่รอชำระ</p>
      <ul className="mt-1 space-y-1">
        {pending.orders.map((order) => (
          <li key={order.id}>
            <Link to={`${PAGES.order.path}/${order.id}`} className="underline">
              รายการ #{order.id}: {formatBaht(order.amount)} ({DEPOSIT_METHOD_LABELS[order.method]})
            </Link>
          </li>
        ))}
      </ul>
    </Notice>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
