/**
 * The bet slip (โพย) of a lotto type's open draw: choose bet kinds, enter
 * numbers (typing, or the keypad once JavaScript runs; กลับเลข and
 * 19 ประตู), see เลขอั้น before submitting, set amounts, review, place. The
 * slip lives on the server between posts (an encrypted cookie per type,
 * docs/decisions/0055), so every step is a plain form post that works
 * without JavaScript; with it the same forms post without a reload. The
 * server side is ./page.server.ts; the page's parts are beside it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Suspense, useEffect, useState } from 'react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { Countdown } from '~/ui/countdown'
import { deferredParts } from '~/ui/deferred'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { guard } from '~/security/guard'
import { submit, loadPage, validLotto } from './page.server'
import { CLOSED_TEXT, ClosedNotice, Outcome } from './notices'
import { Entry } from './entry'
import * as laterOnServer from './later-parts.server'

const page = PAGES.lottoStake
const rules = { access: page.access, feature: 'lotto', validate: validLotto } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

const later = deferredParts(laterOnServer, () => import('./later-parts'))
const LimitedList = later.part('LimitedList')
const Slip = later.part('Slip')
const Confirm = later.part('Confirm')

const WATCHER_TEXT = 'โหมดผู้ดูแล: ดูได้อย่างเดียว'

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

      <Suspense fallback={null}>
        <LimitedList betRules={rules} limited={limited} />
      </Suspense>
      <Entry
        key={lotto.id}
        betRules={rules}
        limited={limited}
        result={result}
        disabled={readOnly || closed}
      />
      <Outcome result={result} here={here} />
      <Suspense fallback={null}>
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
      </Suspense>
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
