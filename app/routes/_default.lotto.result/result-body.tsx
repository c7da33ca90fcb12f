// Links and a GET form: plain HTML until this loads (decisions 0060, 0172).
import { Form, Link } from '@remix-run/react'
import type { DayResults, Draw, DrawWithResult, LottoGroup } from '~/backend/lotto.schemas'
import { INPUT_CLASS } from '~/forms/input-class'
import { isHeadlinePrize, prizeLabel } from '~/lotto/results'
import { PAGES } from '~/lib/pages'
import { bangkokTime } from '~/lib/thai-date'
import { formatCount } from '~/lib/money'
import { YEEKEE_SUBTRACTED_SHOT } from '~/lotto/yeekee'
import { ChipLinks } from '~/ui/chip-links'
import { useOptionalMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import { ThaiDateChoice } from '~/ui/thai-date-choice'
import type { ResultView, TypeInfo } from './page.server'

export function ResultBody({ view }: { view: ResultView }) {
  const type = view.types.find((candidate) => candidate.id === view.lottoId)
  return (
    <>
      {view.types.length > 0 ? <TypeTabs types={view.types} current={view.lottoId} /> : null}
      {view.message ? <Notice tone={view.day ? 'info' : 'error'}>{view.message}</Notice> : null}
      {view.types.length > 0 ? <DateForm view={view} /> : null}
      {type && view.day ? <DayView day={view.day} type={type} dates={view.dates} /> : null}
      {type ? <PlayLink type={type} /> : null}
      {type ? <PastDraws view={view} type={type} /> : null}
    </>
  )
}

function TypeTabs({ types, current }: { types: readonly TypeInfo[]; current: string }) {
  return (
    <ChipLinks
      label="เลือกประเภทหวย"
      chips={types.map((type) => ({
        key: type.id,
        to: `?lotto=${type.id}`,
        label: type.name,
        current: type.id === current,
      }))}
    />
  )
}

function DateForm({ view }: { view: ResultView }) {
  return (
    <Form method="get" className="card grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <div className="space-y-1">
        <label htmlFor="result-lotto" className="block text-sm font-bold">
          ประเภทหวย
        </label>
        <select
          id="result-lotto"
          name="lotto"
          defaultValue={view.lottoId}
          key={view.lottoId}
          className={INPUT_CLASS}
        >
          {view.types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
      </div>
      <ThaiDateChoice name="date" legend="งวดวันที่" value={view.date} years={view.years} />
      <button type="submit" className="btn-primary self-end">
        ดูผลรางวัล
      </button>
    </Form>
  )
}

type Dates = Readonly<Record<string, string>>

function DayView({ day, type, dates }: { day: DayResults; type: TypeInfo; dates: Dates }) {
  const single = day.draws.length === 1 && day.draws[0]?.draw.round === null
  return (
    <article className="card space-y-4" aria-labelledby="draw-title">
      <h2 id="draw-title" className="text-lg font-bold">
        {type.name}
        <span className="block text-base font-normal text-slate-300">
          งวดวันที่ {dates[day.drawDate] ?? day.drawDate}
        </span>
      </h2>
      {single && day.draws[0] ? (
        <DrawBody entry={day.draws[0]} group={type.group} dates={dates} />
      ) : (
        <Rounds draws={day.draws} group={type.group} dates={dates} />
      )}
    </article>
  )
}

function NotOut({ draw, dates }: { draw: Draw; dates: Dates }) {
  return (
    <p className="rounded-xl border border-night-600 bg-night-800 p-4 text-center">
      <span className="block text-xl font-bold text-gold-300">ยังไม่ออกผล</span>
      <span className="text-sm text-slate-300">
        ออกผลวันที่ {dates[draw.drawDate] ?? draw.drawDate} เวลา {bangkokTime(draw.drawsAt)} น.
      </span>
    </p>
  )
}

function DrawBody({
  entry,
  group,
  dates,
}: {
  entry: DrawWithResult
  group: LottoGroup
  dates: Dates
}) {
  const { result } = entry
  if (!result) return <NotOut draw={entry.draw} dates={dates} />
  return (
    <dl className="grid grid-cols-2 gap-3">
      {result.prizes.map((prize) => {
        const headline = isHeadlinePrize(prize.key)
        return (
          <div
            key={prize.key}
            className={`rounded-xl bg-night-800 p-3 text-center ${headline ? 'col-span-2' : ''}`}
          >
            <dt className="text-sm text-slate-300">{prizeLabel(prize.key, group)}</dt>
            <dd
              className={`flex flex-wrap justify-center gap-x-4 font-bold tabular-nums tracking-wider text-gold-300 ${
                headline ? 'text-4xl' : 'text-3xl'
              }`}
            >
              {prize.numbers.map((number, i) => (
                <span key={`${number}-${i}`}>{number}</span>
              ))}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}

function Rounds({
  draws,
  group,
  dates,
}: {
  draws: readonly DrawWithResult[]
  group: LottoGroup
  dates: Dates
}) {
  const drawn = draws.filter((entry) => entry.result).reverse()
  const next = draws.find((entry) => !entry.result)
  return (
    <div className="space-y-3">
      {next ? (
        <div>
          <p className="mb-1 text-sm text-slate-300">รอบที่ {next.draw.round}</p>
          <NotOut draw={next.draw} dates={dates} />
        </div>
      ) : null}
      {drawn.length === 0 ? (
        <p className="text-slate-300">ยังไม่มีรอบที่ออกผลในวันนี้</p>
      ) : (
        <table className="w-full text-center">
          <caption className="sr-only">ผลรางวัลแต่ละรอบ</caption>
          <thead>
            <tr className="text-sm text-slate-300">
              <th scope="col" className="py-1 font-normal">
                รอบ
              </th>
              <th scope="col" className="py-1 font-normal">
                {prizeLabel('threeTop', group)}
              </th>
              <th scope="col" className="py-1 font-normal">
                {prizeLabel('twoBottom', group)}
              </th>
            </tr>
          </thead>
          <tbody>
            {drawn.map(({ draw, result }) => [
              <tr key={draw.id} id={`round-${draw.round}`} className="border-t border-night-700">
                <th scope="row" className="py-2 text-sm font-normal">
                  {draw.round} <span className="text-slate-400">({bangkokTime(draw.drawsAt)})</span>
                </th>
                <td className="py-2 text-2xl font-bold tabular-nums text-gold-300">
                  {result?.threeTop}
                </td>
                <td className="py-2 text-2xl font-bold tabular-nums text-gold-300">
                  {result?.twoBottom}
                </td>
              </tr>,
              result?.yeekee ? (
                <tr key={`${draw.id}-working`} data-testid="yeekee-working">
                  <td colSpan={3} className="pb-2 text-xs text-slate-300">
                    ผลรวม {formatCount(result.yeekee.sum)} − เลขลำดับที่ {YEEKEE_SUBTRACTED_SHOT} (
                    {result.yeekee.sixteenth}) = {formatCount(result.yeekee.difference)}
                  </td>
                </tr>
              ) : null,
            ])}
          </tbody>
        </table>
      )}
    </div>
  )
}

function PlayLink({ type }: { type: TypeInfo }) {
  const member = useOptionalMember()
  if (!type.nextDrawId) return null
  const stake = `${PAGES.lottoStake.path}?lotto=${type.id}`
  return member ? (
    <Link to={stake} className="btn-primary block text-center">
      แทง{type.name} งวดถัดไป
    </Link>
  ) : (
    <Link
      to={`${PAGES.login.path}?${new URLSearchParams({ redirectTo: stake })}`}
      className="btn-ghost block text-center"
    >
      เข้าสู่ระบบเพื่อแทง{type.name}
    </Link>
  )
}

function PastDraws({ view, type }: { view: ResultView; type: TypeInfo }) {
  if (view.pastError) return <Notice tone="warning">{view.pastError}</Notice>
  const dates = [...new Set((view.past ?? []).map((draw) => draw.drawDate))]
  return (
    <section className="space-y-2" aria-labelledby="past-title">
      <h2 id="past-title" className="text-lg font-bold">
        งวดที่ผ่านมา
      </h2>
      {dates.length === 0 ? (
        <EmptyState title="ยังไม่มีงวดที่ออกผล" />
      ) : (
        <ul className="card divide-y divide-night-700 p-0">
          {dates.map((date) => (
            <li key={date}>
              <Link
                to={`?lotto=${type.id}&date=${date}`}
                aria-current={date === view.day?.drawDate ? 'page' : undefined}
                className="flex justify-between px-4 py-3 hover:bg-night-800 aria-[current=page]:font-bold aria-[current=page]:text-gold-300"
              >
                <span>งวดวันที่ {view.dates[date] ?? date}</span>
                <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
