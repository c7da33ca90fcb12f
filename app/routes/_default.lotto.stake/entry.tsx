import { Form } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { BetRule, LimitedNumber } from '~/backend/lotto.schemas'
import { BET_KIND_LABELS, BET_KINDS, type BetKind } from '~/lib/lotto-numbers'
import {
  closedMessage,
  entryAmountProblem,
  entryPairs,
  isClosedNumber,
  limitOf,
  lineAmount,
} from '~/lotto/slip'
import { formatWholeBaht } from '~/lib/money'
import { Notice } from '~/ui/states'
import type { SlipActionData } from './page.server'
import { rateText } from './rate'

const DEFAULT_KINDS: BetKind[] = ['threeTop', 'threeTote']

export function Entry({
  betRules,
  limited,
  result,
  disabled,
}: {
  betRules: BetRule[]
  limited: LimitedNumber[]
  result: SlipActionData | undefined
  disabled: boolean
}) {
  const hydrated = useHydrated()
  const [kinds, setKinds] = useState<BetKind[]>(
    () =>
      (result?.kinds?.filter((k) => BET_KINDS.includes(k as BetKind)) as BetKind[]) ??
      DEFAULT_KINDS,
  )
  const [number, setNumber] = useState('')
  const [amount, setAmount] = useState('10')
  useEffect(() => {
    if (result?.added !== undefined) setNumber('')
  }, [result])

  const pairs = entryPairs(kinds, number, 'add')
  const closedHits = pairs.filter((p) => isClosedNumber(limited, p.kind, p.number))
  const reducedHits = pairs.filter((p) => limitOf(limited, p.kind, p.number)?.rate)
  const typedAmount = lineAmount(amount)
  const overLimit = typedAmount === null ? null : entryAmountProblem(betRules, pairs, typedAmount)
  const put = (value: string) => setNumber(value.replace(/\D/g, '').slice(0, 3))
  const toggle = (kind: BetKind) =>
    setKinds((now) => (now.includes(kind) ? now.filter((k) => k !== kind) : [...now, kind]))

  return (
    <Form method="post" preventScrollReset className="card space-y-3">
      <fieldset>
        <legend className="mb-2 font-bold">ประเภทการแทง</legend>
        <div className="grid grid-cols-2 gap-2">
          {betRules.map((rule) => (
            <div
              key={rule.kind}
              className="flex min-h-11 items-center gap-2 rounded-xl border border-night-600 px-3 py-2 has-[:checked]:border-gold-400"
            >
              <input
                id={`kind-${rule.kind}`}
                type="checkbox"
                name="kind"
                value={rule.kind}
                checked={kinds.includes(rule.kind)}
                onChange={() => toggle(rule.kind)}
                className="size-5 accent-gold-400"
              />
              <label htmlFor={`kind-${rule.kind}`} className="text-sm">
                <span className="block font-bold">{BET_KIND_LABELS[rule.kind]}</span>
                <span className="block text-slate-300">
                  <span className="whitespace-nowrap">บาทละ {rateText(rule.rate)} ·</span>{' '}
                  <span className="whitespace-nowrap">
                    {formatWholeBaht(rule.minAmount)}–{formatWholeBaht(rule.maxAmount)}
                  </span>
                </span>
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <label className="block">
          <span className="mb-1 block font-bold">เลขที่แทง</span>
          <input
            name="number"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={3}
            autoComplete="off"
            value={number}
            onChange={(e) => put(e.target.value)}
            aria-describedby="number-hint"
            className="w-full rounded-xl border border-night-600 bg-night-950 px-3 py-2 text-center text-2xl tracking-[0.3em]"
          />
        </label>
        <label className="block">
          <span className="mb-1 block font-bold">ยอดต่อเลข (บาท)</span>
          <input
            name="amount"
            inputMode="numeric"
            pattern="[0-9]*"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            autoComplete="off"
            aria-describedby="number-hint"
            className="w-full rounded-xl border border-night-600 bg-night-950 px-3 py-2 text-center text-2xl"
          />
        </label>
      </div>
      <p id="number-hint" className="min-h-5 text-sm" aria-live="polite">
        {overLimit ? (
          <span className="text-red-300">{overLimit}</span>
        ) : closedHits.length > 0 ? (
          <span className="text-red-300">
            {closedHits.map((p) => closedMessage(p.kind, p.number)).join(', ')}
          </span>
        ) : reducedHits.length > 0 ? (
          <span className="text-amber-200">
            เลขอั้น จ่ายครึ่ง:{' '}
            {reducedHits.map((p) => `${p.number} (${BET_KIND_LABELS[p.kind]})`).join(', ')}
          </span>
        ) : (
          <span className="text-slate-400">19 ประตู: กรอกเลขหลักเดียวแล้วเลือก 2 ตัวบน/ล่าง</span>
        )}
      </p>
      {hydrated ? <Keypad number={number} put={put} /> : null}
      {/* Three one-line labels side by side: none squeezed (.label-cells, decision 0149). */}
      <div className="label-cells gap-2 whitespace-nowrap">
        <button
          name="intent"
          value="add"
          className="btn-primary px-2"
          disabled={disabled || closedHits.length > 0 || overLimit !== null}
        >
          เพิ่มเลข
        </button>
        <button name="intent" value="reverse" className="btn-ghost px-2" disabled={disabled}>
          กลับเลข
        </button>
        <button name="intent" value="doors" className="btn-ghost px-2" disabled={disabled}>
          19 ประตู
        </button>
      </div>
      {result?.refused?.length ? (
        <Notice tone="warning">ไม่ได้เพิ่มเลขปิดรับ: {result.refused.join(', ')}</Notice>
      ) : null}
    </Form>
  )
}

function Keypad({ number, put }: { number: string; put: (value: string) => void }) {
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9']
  const key = 'btn-ghost min-h-12 text-xl'
  return (
    <div className="grid grid-cols-3 gap-2" role="group" aria-label="แป้นตัวเลข">
      {keys.map((digit) => (
        <button key={digit} type="button" className={key} onClick={() => put(number + digit)}>
          {digit}
        </button>
      ))}
      <button type="button" className={key} onClick={() => put('')}>
        ล้าง
      </button>
      <button type="button" className={key} onClick={() => put(number + '0')}>
        0
      </button>
      <button
        type="button"
        className={key}
        aria-label="ลบตัวเลขสุดท้าย"
        onClick={() => put(number.slice(0, -1))}
      >
        ลบ
      </button>
    </div>
  )
}
