// Shots arrive live (docs/decisions/0129); without JavaScript the page reloads itself while it waits.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { Suspense, useRef, useState } from 'react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import { MEMBER_LABELS } from '~/forms/member-forms'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { shotAfterGap, withShots } from '~/lotto/yeekee'
import { guard } from '~/security/guard'
import { Countdown } from '~/ui/countdown'
import { deferredParts } from '~/ui/deferred'
import { useLiveYeekee } from '~/ui/live/live-events'
import { useWatchedMember } from '~/ui/member'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { Notice } from '~/ui/states'
import { loadPage, submit, validRound } from './page.server'
import type { Shot } from './shots'
import * as shotsOnServer from './shots.server'

const page = PAGES.lottoYeekee
const rules = { access: page.access, validate: validRound, feature: 'lotto' } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

// Not in the first load: the shots and the rule are below the shot form on a phone; a drawn
// round's working answers no tap, and hydrates when its chunk comes.
const shotParts = deferredParts(shotsOnServer, () => import('./shots'))
const ShotList = shotParts.part('ShotList')
const HowDrawn = shotParts.part('HowDrawn')
const Working = shotParts.part('Working')

/** Without JavaScript: an open round reloads now and then (a member may be typing), a closed one soon. */
const NO_SCRIPT_OPEN_SECONDS = 20

export default function YeekeePage() {
  const view = useLoaderData<typeof loader>()
  return view.kind === 'between' ? <BetweenRounds {...view} /> : <YeekeeRound view={view} />
}

type LoadedView = ReturnType<typeof useLoaderData<typeof loader>>

function BetweenRounds({ next, now }: Extract<LoadedView, { kind: 'between' }>) {
  const { revalidate } = useRevalidator()
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {/* Without JavaScript the page looks again now and then: it goes to the round once it opens. */}
      <NoScriptRefresh seconds={NO_SCRIPT_OPEN_SECONDS} />
      <div className="card space-y-2" data-testid="next-round">
        <p>
          ยังไม่เปิดรอบใหม่ รอบถัดไป{next.round === null ? '' : ` รอบที่ ${next.round}`} เปิดให้ยิงเลขเวลา{' '}
          <span className="whitespace-nowrap">{next.opensText} น.</span>
        </p>
        <p className="flex items-center justify-between gap-3">
          <span className="text-slate-300">เปิดในอีก</span>
          <Countdown
            until={next.opensAtMs}
            now={now}
            label="เปิดให้ยิงเลขใน"
            endedText="เปิดรอบใหม่แล้ว"
            onEnd={revalidate}
            className="font-bold text-gold-300"
          />
        </p>
      </div>
      <Link to={PAGES.lotto.path} className="btn-ghost w-full">
        กลับไปหน้าหวย
      </Link>
    </section>
  )
}

function YeekeeRound({ view }: { view: Extract<LoadedView, { kind: 'round' }> }) {
  const reply = useActionData<typeof action>()
  const { round } = view
  const watched = useWatchedMember() !== null
  const busy = useNavigation().state === 'submitting'
  const { revalidate } = useRevalidator()
  const form = useMemberForm('yeekee-shot', ['number'], (s) => s.shotSchema, reply?.result)
  // Shots that came live: joined to the loaded ones, so a load that began before them never hides them.
  const live = useRef<{ drawId: string; shots: Shot[] }>({ drawId: round.drawId, shots: [] })
  if (live.current.drawId !== round.drawId) live.current = { drawId: round.drawId, shots: [] }
  const [, setLiveShots] = useState<Shot[]>([])
  const shots = withShots(round.shots, live.current.shots)
  // Seq numbers the shots: the newest is how many there are.
  const shotCount = Math.max(round.shotCount, shots[0]?.seq ?? 0)

  useLiveYeekee(
    round.drawId,
    (event) => {
      if (event.type !== 'shot') return revalidate()
      const known = withShots(round.shots, live.current.shots)
      const shot: Shot = event.shot
      live.current = { drawId: round.drawId, shots: withShots(live.current.shots, [shot]) }
      setLiveShots(live.current.shots)
      // Only a shot after a gap (the stream was away) asks for the round again.
      if (shotAfterGap(known, shot.seq)) revalidate()
    },
    revalidate,
  )

  // The newest shot that came live on this page (none from its loads).
  const newest = live.current.shots[0]
  const open = round.status === 'open'
  const used = round.myShots >= round.shotLimit
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">
        {page.title} <span className="block text-base text-slate-300">{view.label}</span>
      </h1>
      {round.status === 'drawn' ? null : (
        <NoScriptRefresh seconds={open ? NO_SCRIPT_OPEN_SECONDS : undefined} />
      )}
      <div className="card flex items-center justify-between gap-3">
        <span className="text-slate-300">{open ? 'ปิดรับการยิงเลขใน' : 'สถานะ'}</span>
        {open ? (
          <Countdown
            until={view.closesAtMs}
            now={view.now}
            endedText="ปิดรับการยิงเลขแล้ว"
            onEnd={revalidate}
            className="font-bold text-gold-300"
          />
        ) : (
          <span role="status" className="font-bold">
            {round.status === 'closed' ? 'ปิดรับแล้ว รอผล' : 'ออกผลแล้ว'}
          </span>
        )}
      </div>

      {round.working ? (
        <Suspense fallback={null}>
          <Working working={round.working} />
        </Suspense>
      ) : null}

      {open ? (
        <>
          {watched ? (
            <Notice tone="warning">โหมดผู้ดูแล: ดูการยิงเลขได้อย่างเดียว ไม่สามารถยิงเลขได้</Notice>
          ) : null}
          <MemberFormCard form={form} title="ยิงเลข" disabled={watched || used}>
            <IdempotencyField value={view.idempotencyKey} />
            <MemberField
              // A shot that went through empties the field for the next one.
              key={round.myShots}
              form={form}
              name="number"
              label={MEMBER_LABELS.shotNumber}
              hint={`เลข 5 หลัก ยิงได้ ${round.shotLimit} ครั้งต่อรอบ ห่างกันครั้งละ ${round.pauseSeconds} วินาที`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              defaultValue={String(form.posted('number') ?? '')}
              required
            />
            <p className="text-sm text-slate-300" data-testid="my-shots">
              คุณยิงแล้ว {round.myShots}/{round.shotLimit} ครั้ง
            </p>
            <button type="submit" className="btn-primary w-full" disabled={busy || used}>
              {busy ? 'กำลังยิงเลข…' : used ? 'ยิงครบแล้ว' : 'ยิงเลข'}
            </button>
          </MemberFormCard>
          <Link to={`${PAGES.lottoStake.path}?lotto=yeekee`} className="btn-ghost w-full">
            แทงหวยยี่กีรอบนี้
          </Link>
        </>
      ) : null}

      <Suspense fallback={null}>
        <ShotList shots={shots} shotCount={shotCount} newest={newest} />
        <HowDrawn />
      </Suspense>
    </section>
  )
}
