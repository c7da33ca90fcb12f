/**
 * The bet slip (โพย) of a lotto type's open draw: choose bet kinds, enter
 * numbers (typing, or the keypad once JavaScript runs; กลับเลข and
 * 19 ประตู), see เลขอั้น before submitting, set amounts, review, place. The
 * slip lives on the server between posts (an encrypted cookie per type,
 * docs/decisions/0055), so every step is a plain form post that works
 * without JavaScript; with it the same forms post without a reload. The
 * server side is ./slip.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { BetRule, LimitedNumber } from '~/backend/lotto.schemas'
import { BET_KIND_LABELS, BET_KINDS, type BetKind } from '~/lib/lotto-numbers'
import {
  MAX_SLIP_LINES,
  closedMessage,
  entryAmountProblem,
  entryPairs,
  isClosedNumber,
  limitOf,
  lineRate,
  lineAmount,
} from '~/lotto/slip'
import { noteMoneyStep } from '~/browser/install-offer'
import { pageMeta } from '~/lib/meta'
import { formatBaht, formatWholeBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { Countdown } from '~/ui/countdown'
import { useOptionalMember, useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { IdempotencyField } from '~/forms/idempotency-field'
import { Words } from '~/ui/words'
import { guard } from '~/security/guard'
import { submit, loadPage, validLotto, type SlipActionData } from './page.server'

const page = PAGES.lottoStake
const rules = { access: page.access, feature: 'lotto', validate: validLotto } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

const WATCHER_TEXT = 'โหมดผู้ดูแล: ดูได้อย่างเดียว'
const CLOSED_TEXT = 'ปิดรับแทงงวดนี้แล้ว'
const DEFAULT_KINDS: BetKind[] = ['threeTop', 'threeTote']

const OUTCOME_ID = 'slip-outcome'
const rateText = (rate: number) => rate.toLocaleString('th-TH', { maximumFractionDigits: 2 })

export default function LottoStake() {
  const loaded = useLoaderData<typeof loader>()
  const { now, lotto, draw, rules, limited, moved } = loaded
  const result = useActionData<typeof action>()
  const lines = result?.lines ?? loaded.lines
  const navigation = useNavigation()
  const watched = useWatchedMember()
  const [ended, setEnded] = useState(false)
  useEffect(() => setEnded(false), [draw?.id])
  const busy = navigation.state !== 'idle'
  const closed = !draw || ended || result?.closed === true
  const readOnly = watched !== null
  const here = `${page.path}?lotto=${lotto.id}`
  const placedClosed = result?.closed === true && result.placed === true

  return (
    <section className="space-y-4">
      <header className="card space-y-1">
        <h1 className="text-2xl font-bold">
          <span className="block text-sm font-normal text-slate-300">{page.title}</span>
          {lotto.name}
        </h1>
        {draw ? (
          <>
            <p className="text-slate-300">
              {draw.label} · ปิดรับ {draw.closesText} น.
            </p>
            <p className="text-lg font-bold text-gold-300">
              <Countdown
                until={Date.parse(draw.closesAt)}
                now={now}
                endedText={CLOSED_TEXT}
                onEnd={() => setEnded(true)}
              />
            </p>
          </>
        ) : (
          <p className="text-slate-300">ยังไม่มีงวดที่เปิดรับแทง</p>
        )}
      </header>

      {readOnly ? <Notice tone="warning">{WATCHER_TEXT} ไม่สามารถแทงหวยแทนสมาชิกได้</Notice> : null}
      {closed && !placedClosed ? <ClosedNotice here={here} /> : null}
      {moved && !closed ? <Notice>งวดที่คุณเริ่มทำโพยไว้ปิดรับแล้ว เลขในโพยย้ายมาที่งวดนี้</Notice> : null}

      <LimitedList betRules={rules} limited={limited} />
      <Entry
        key={lotto.id}
        betRules={rules}
        limited={limited}
        result={result}
        disabled={readOnly || closed}
      />
      <Outcome result={result} here={here} />
      <Slip
        lines={lines}
        betRules={rules}
        limited={limited}
        lineErrors={result?.lineErrors}
        disabled={readOnly || closed}
        busy={busy}
      />
      {result?.review && !closed ? (
        <Confirm
          review={result.review}
          title={`${lotto.name} ${draw ? draw.label : ''}`}
          back={here}
          disabled={readOnly || busy}
        />
      ) : null}
      <p className="text-center text-sm">
        <Link to={PAGES.lottoStakeSet.path} className="link underline">
          โพยที่บันทึกไว้
        </Link>{' '}
        ·{' '}
        <Link to={`${PAGES.lotto.path}?tab=history`} className="link underline">
          โพยของฉัน
        </Link>
      </p>
    </section>
  )
}

function ClosedNotice({ here }: { here: string }) {
  return (
    <Notice tone="warning" urgent>
      {CLOSED_TEXT} โพยของคุณยังอยู่ครบ{' '}
      <Link to={here} className="link underline">
        <Words text="ไปงวดถัดไป" />
      </Link>
    </Notice>
  )
}

/**
 * What the last post did, in Thai, just above the slip it changed. The
 * answer to ยืนยันแทง closes the dialog the member was looking at: the
 * outcome is scrolled to and focused, so it is seen and read out where the
 * member's eyes are (without JavaScript the confirm form's #slip-outcome does
 * the scrolling).
 */
function Outcome({ result, here }: { result: SlipActionData | undefined; here: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!result?.placed || !box.current) return
    // A placed slip: the install offer's moment.
    if (result.ok) noteMoneyStep()
    box.current.focus({ preventScroll: true })
    box.current.scrollIntoView({ block: 'center' })
  }, [result])
  const closed = result?.closed === true && result.placed === true
  return (
    <div id={OUTCOME_ID} ref={box} tabIndex={-1} className="scroll-mt-20 outline-none">
      {closed ? (
        <ClosedNotice here={here} />
      ) : result?.ok ? (
        <Notice>{result.ok}</Notice>
      ) : result?.error && !result.closed ? (
        <Notice tone="error" urgent>
          {result.error}
        </Notice>
      ) : null}
    </div>
  )
}

/**
 * เลขอั้น of the draw, per kind, before anything is typed: the closed
 * numbers and the ones paid at a lower rate (with that rate).
 */
function LimitedList({ betRules, limited }: { betRules: BetRule[]; limited: LimitedNumber[] }) {
  const kinds = betRules
    .map((rule) => ({
      rule,
      closed: limited.filter((l) => l.kind === rule.kind && l.rate === null),
      reduced: limited.filter((l) => l.kind === rule.kind && l.rate !== null),
    }))
    .filter((k) => k.closed.length + k.reduced.length > 0)
  // Each number with its rate and comma is one unit; the line may break at the space after the
  // comma, which is outside the unit (a space inside a nowrap box is no break: the list was one
  // line that ran off a 360 px screen in a font wider than the web font, decision 0149).
  const numbers = (list: LimitedNumber[], withRate: boolean) =>
    list.map((l, i) => (
      <Fragment key={l.number}>
        <span className="whitespace-nowrap">
          <span className="font-bold tracking-wider">{l.number}</span>
          {withRate && l.rate !== null ? ` (บาทละ ${rateText(l.rate)})` : ''}
          {i < list.length - 1 ? ',' : ''}
        </span>
        {i < list.length - 1 ? ' ' : ''}
      </Fragment>
    ))
  return (
    <section aria-labelledby="limited-title" className="card space-y-2" data-testid="limited-list">
      <h2 id="limited-title" className="font-bold">
        เลขอั้นงวดนี้
      </h2>
      {kinds.length === 0 ? (
        <p className="text-sm text-slate-300">งวดนี้ไม่มีเลขอั้น แทงได้ทุกเลขตามอัตราปกติ</p>
      ) : (
        <dl className="space-y-1 text-sm">
          {kinds.map(({ rule, closed, reduced }) => (
            <div key={rule.kind} data-testid={`limited-${rule.kind}`} className="flex gap-2">
              <dt className="w-20 shrink-0 text-slate-300">{BET_KIND_LABELS[rule.kind]}</dt>
              <dd className="min-w-0 flex-1 space-y-0.5">
                {closed.length > 0 ? (
                  <p>
                    <span className="text-red-300">ปิดรับ:</span> {numbers(closed, false)}
                  </p>
                ) : null}
                {reduced.length > 0 ? (
                  <p>
                    <span className="text-amber-200">จ่ายลดลง:</span> {numbers(reduced, true)}
                  </p>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}

function Entry({
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

function Slip({
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

function Confirm({
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
