import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { LottoGroup, StakeStatus } from '~/backend/lotto.schemas'
import { BET_KIND_LABELS } from '~/lib/lotto-numbers'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { Countdown } from '~/ui/countdown'
import { EmptyState, Notice } from '~/ui/states'
import { STAKE_STATUS_LABELS } from '~/ui/status-labels'
import { TabLinks } from '~/ui/tab-links'
import { useLiveRevalidation } from '~/ui/live/live-events'
import { loadPage, type ShownStake, type ShownType } from './page.server'
import { Words } from '~/ui/words'

const page = PAGES.lotto

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'lotto' }, loadPage)

export const meta = pageMeta(page.title)

const GROUPS: readonly { id: LottoGroup; title: string }[] = [
  { id: 'government', title: 'หวยรัฐบาล' },
  { id: 'foreign', title: 'หวยต่างประเทศ' },
  { id: 'stock', title: 'หวยหุ้น' },
  { id: 'yeekee', title: 'หวยยี่กี' },
]

export default function Lotto() {
  const { tab, now, types, stakes, error } = useLoaderData<typeof loader>()
  // A slip judged while the member watches: its status and winnings change in place.
  useLiveRevalidation(['stake'])
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <TabLinks
        label="หวย"
        tabs={[
          { to: page.path, label: 'แทงหวย', current: tab === 'types' },
          { to: `${page.path}?tab=history`, label: 'โพยของฉัน', current: tab === 'history' },
        ]}
      />
      <div className="grid grid-cols-2 gap-2">
        <Link to={PAGES.lottoResult.path} className="btn-ghost">
          ผลหวย
        </Link>
        <Link to={PAGES.lottoStakeSet.path} className="btn-ghost">
          โพยที่บันทึกไว้
        </Link>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {tab === 'types' ? (
        <>
          {types ? <TypeGroups types={types} now={now} /> : null}
          <Link
            to={PAGES.lottoLaunch.path}
            prefetch="none"
            className="card block hover:border-gold-400"
          >
            <span className="block font-bold">หวยออนไลน์จากผู้ให้บริการภายนอก</span>
            <span className="block text-sm text-slate-300">
              เข้าเล่นหวยกับผู้ให้บริการพันธมิตร ใช้ยอดเงินเดียวกัน
            </span>
          </Link>
        </>
      ) : stakes ? (
        <History stakes={stakes} />
      ) : null}
    </section>
  )
}

function TypeGroups({ types, now }: { types: ShownType[]; now: number }) {
  return (
    <>
      {GROUPS.map((group) => {
        const inGroup = types.filter((type) => type.group === group.id)
        if (inGroup.length === 0) return null
        return (
          <section key={group.id} aria-labelledby={`group-${group.id}`} className="space-y-2">
            <h2 id={`group-${group.id}`} className="text-lg font-bold">
              {group.title}
            </h2>
            <ul className="space-y-2">
              {inGroup.map((type) => (
                <li key={type.id}>
                  <TypeCard type={type} now={now} />
                </li>
              ))}
            </ul>
            {group.id === 'yeekee' ? (
              <Link to={PAGES.lottoYeekee.path} className="btn-ghost w-full">
                ยิงเลขยี่กีรอบนี้
              </Link>
            ) : null}
          </section>
        )
      })}
    </>
  )
}

function TypeCard({ type, now }: { type: ShownType; now: number }) {
  const draw = type.nextDraw
  const open = type.status === 'open' && draw !== null
  const body = (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="font-bold">{type.name}</span>
        {open ? (
          <span className="text-sm text-gold-300">แทงเลย ›</span>
        ) : (
          <span className="rounded bg-red-900 px-2 text-sm text-red-100">ปิดรับ</span>
        )}
      </span>
      <span className="block text-sm text-slate-300">{type.schedule}</span>
      {draw ? (
        <span className="mt-1 flex flex-wrap justify-between gap-x-2 text-sm">
          <span>
            {draw.label} · ปิดรับ {draw.closesText} น.
          </span>
          {open ? (
            <Countdown
              until={Date.parse(draw.closesAt)}
              now={now}
              className="font-bold text-gold-300"
            />
          ) : null}
        </span>
      ) : null}
    </>
  )
  return open ? (
    <Link
      to={`${PAGES.lottoStake.path}?lotto=${type.id}`}
      className="card block hover:border-gold-400"
    >
      {body}
    </Link>
  ) : (
    <div className="card block opacity-80">{body}</div>
  )
}

const STATUS_CLASSES: Readonly<Record<StakeStatus, string>> = {
  pending: 'bg-sky-900 text-sky-100',
  won: 'bg-emerald-800 text-emerald-50',
  lost: 'bg-night-700 text-slate-200',
}

function History({ stakes }: { stakes: ShownStake[] }) {
  if (stakes.length === 0) {
    return (
      <EmptyState title="ยังไม่มีโพย">
        เลือกหวยที่ต้องการแล้วแทงได้เลย{' '}
        <Link to={page.path} className="link underline">
          <Words text="ไปแทงหวย" />
        </Link>
      </EmptyState>
    )
  }
  return (
    <ul className="space-y-3">
      {stakes.map((stake) => {
        return (
          <li key={stake.id} className="card space-y-2" data-testid="stake">
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-bold">{stake.lottoName}</p>
                <p className="text-sm text-slate-300">
                  {stake.draw.label} · โพยเลขที่ {stake.id}
                </p>
              </div>
              <span
                className={`shrink-0 rounded px-2 py-0.5 text-sm ${STATUS_CLASSES[stake.status]}`}
              >
                {STAKE_STATUS_LABELS[stake.status]}
              </span>
            </div>
            <ul className="text-sm">
              {stake.lines.map((line, i) => (
                <li key={i} className="flex justify-between gap-2">
                  <span>
                    {BET_KIND_LABELS[line.kind]}{' '}
                    <span className="font-bold tracking-widest">{line.number}</span>
                  </span>
                  <span className={line.status === 'won' ? 'text-emerald-300' : undefined}>
                    {formatBaht(line.amount)}
                    {line.status === 'won' ? ` → ${formatBaht(line.winnings)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
            {stake.result ? (
              <p className="text-sm text-slate-300">
                ผล: 3 ตัวบน {stake.result.threeTop} · 2 ตัวล่าง {stake.result.twoBottom}
              </p>
            ) : null}
            <p className="flex justify-between border-t border-night-700 pt-2 text-sm">
              <span>ยอดแทงรวม {formatBaht(stake.total)}</span>
              <span className="font-bold text-gold-300" data-testid="stake-winnings">
                {stake.status === 'won' ? `ได้รับ ${formatBaht(stake.winnings)}` : null}
              </span>
            </p>
          </li>
        )
      })}
    </ul>
  )
}
