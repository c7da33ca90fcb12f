import { Fragment } from 'react'
import type { BetRule, LimitedNumber } from '~/backend/lotto.schemas'
import { BET_KIND_LABELS } from '~/lib/lotto-numbers'
import { rateText } from './rate'

/**
 * เลขอั้น of the draw, per kind, before anything is typed: the closed
 * numbers and the ones paid at a lower rate (with that rate).
 */
export function LimitedList({
  betRules,
  limited,
}: {
  betRules: BetRule[]
  limited: LimitedNumber[]
}) {
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
