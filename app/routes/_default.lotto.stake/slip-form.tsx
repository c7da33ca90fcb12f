import { Form } from '@remix-run/react'
import { useEffect, useState, type FormEvent } from 'react'
import type { BetRule, LimitedNumber } from '~/backend/lotto.schemas'
import { BET_KIND_LABELS, type BetKind } from '~/lib/lotto-numbers'
import { MAX_SLIP_LINES, limitOf, lineRate, lineAmount } from '~/lotto/slip'
import { formatBaht } from '~/lib/money'
import { rateText } from './rate'

export function Slip({
  lines,
  betRules,
  limited,
  lineErrors,
  disabled,
  busy,
}: {
  lines: { kind: BetKind; number: string; amount: number }[]
  betRules: BetRule[]
  limited: LimitedNumber[]
  lineErrors: (string | null)[] | undefined
  disabled: boolean
  busy: boolean
}) {
  const [amounts, setAmounts] = useState<(number | null)[] | null>(null)
  useEffect(() => setAmounts(null), [lines])
  const amountOf = (i: number, fallback: number) => {
    const typed = amounts?.[i]
    return typed === undefined ? fallback : (typed ?? 0)
  }
  let total = 0
  let payout = 0
  lines.forEach((line, i) => {
    const amount = amountOf(i, line.amount)
    total += amount
    payout += amount * lineRate(betRules, limited, line)
  })
  const onChange = (e: FormEvent<HTMLFormElement>) =>
    setAmounts(new FormData(e.currentTarget).getAll('lineAmount').map((value) => lineAmount(value)))

  return (
    <div className="card space-y-3">
      <h2 className="text-lg font-bold">
        โพยของคุณ ({lines.length}/{MAX_SLIP_LINES} รายการ)
      </h2>
      {lines.length === 0 ? (
        <p className="text-slate-300">ยังไม่มีเลขในโพย เลือกประเภท กรอกเลข แล้วกด “เพิ่มเลข”</p>
      ) : (
        <>
          <Form id="slip-line" method="post" preventScrollReset />
          <Form method="post" preventScrollReset onChange={onChange} className="space-y-3">
            <ul className="divide-y divide-night-700">
              {lines.map((line, i) => {
                const rate = lineRate(betRules, limited, line)
                const reduced = limitOf(limited, line.kind, line.number)?.rate
                const error = lineErrors?.[i]
                const label = `${BET_KIND_LABELS[line.kind]} ${line.number}`
                return (
                  <li
                    key={`${line.kind}-${line.number}-${line.amount}`}
                    data-testid="slip-line"
                    className="py-2"
                  >
                    <div className="flex items-center gap-2">
                      <div className="min-w-0 flex-1">
                        <p>
                          <span className="text-sm text-slate-300">
                            {BET_KIND_LABELS[line.kind]}
                          </span>{' '}
                          <span className="text-xl font-bold tracking-widest">{line.number}</span>
                        </p>
                        <p className="text-xs text-slate-300">
                          บาทละ {rateText(rate)}
                          {reduced ? (
                            <span className="ml-1 rounded bg-amber-900 px-1 text-amber-100">
                              เลขอั้น จ่ายครึ่ง
                            </span>
                          ) : null}{' '}
                          · ได้ {formatBaht(amountOf(i, line.amount) * rate)}
                        </p>
                      </div>
                      <input
                        name="lineAmount"
                        inputMode="numeric"
                        pattern="[0-9]*"
                        defaultValue={line.amount}
                        aria-label={`ยอดแทง ${label}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `line-error-${i}` : undefined}
                        className="w-20 rounded-lg border border-night-600 bg-night-950 px-2 py-2 text-right"
                      />
                      <button
                        form="slip-line"
                        name="intent"
                        value={`remove:${i}`}
                        className="btn-ghost px-3"
                        aria-label={`ลบ ${label}`}
                        disabled={disabled}
                      >
                        ลบ
                      </button>
                    </div>
                    {error ? (
                      <p id={`line-error-${i}`} className="mt-1 text-sm text-red-300">
                        {error}
                      </p>
                    ) : null}
                  </li>
                )
              })}
            </ul>
            <dl className="grid grid-cols-2 gap-1 text-sm">
              <dt className="text-slate-300">ยอดแทงรวม</dt>
              <dd className="text-right font-bold" data-testid="slip-total">
                {formatBaht(total)}
              </dd>
              <dt className="text-slate-300">ถ้าถูกทุกเลข ได้สูงสุด</dt>
              <dd className="text-right font-bold text-gold-300">{formatBaht(payout)}</dd>
            </dl>
            <div className="grid grid-cols-2 gap-2">
              <button name="intent" value="amounts" className="btn-ghost" disabled={disabled}>
                บันทึกยอด
              </button>
              <button name="intent" value="clear" className="btn-ghost" disabled={disabled}>
                ล้างโพย
              </button>
            </div>
            <button
              name="intent"
              value="review"
              className="btn-primary w-full"
              disabled={disabled || busy}
            >
              {disabled ? 'แทงไม่ได้ในขณะนี้' : 'ตรวจสอบและยืนยันโพย'}
            </button>
          </Form>
          <Form method="post" preventScrollReset className="flex items-end gap-2">
            <label className="flex-1 text-sm">
              <span className="mb-1 block">ยอดเท่ากันทุกเลข (บาท)</span>
              <input
                name="allAmount"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                className="w-full rounded-lg border border-night-600 bg-night-950 px-2 py-2"
              />
            </label>
            <button name="intent" value="all" className="btn-ghost" disabled={disabled}>
              ใช้กับทุกเลข
            </button>
          </Form>
        </>
      )}
    </div>
  )
}
