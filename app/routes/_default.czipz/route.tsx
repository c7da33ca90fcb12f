// The backend decides the prize at the post (a one-time key: a reload or double tap cannot play a
// ticket twice); the wheel turns to it. docs/decisions/0082-reward-games.md.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { heldRevalidation, reveal } from '~/lib/held-revalidation'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { AngpaoPick } from '~/routes/_default.czipz/angpao'
import { useConfetti } from '~/ui/czipz/use-confetti'
import { Wheel } from '~/ui/czipz/wheel'
import { useWatchedMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import { loadPage, submit } from './page.server'

const page = PAGES.czipz
const rules = { access: page.access, feature: 'czipz' } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

/** After a spin, the tickets and history wait for the wheel to stop, like the balance. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  heldRevalidation(args) ?? args.defaultShouldRevalidate

const GAME_NAMES = { wheel: 'วงล้อลุ้นโชค', angpao: 'อั่งเปาลุ้นโชค' } as const

export default function RewardGames() {
  const { wheel, angpao, history, keys, resetsText } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  // The play on screen stays until the next one: the revalidation after the
  // wheel stops clears Remix's action data.
  const [acted, setActed] = useState(answer)
  if (answer && answer !== acted) setActed(answer)
  const navigation = useNavigation()
  const watched = useWatchedMember()
  const busy = navigation.state === 'submitting'
  const result = acted?.result
  const spun = result && acted.game === 'wheel' ? result : null
  const picked = result && acted.game === 'angpao' ? result : null

  // The play whose prize is on screen: at once for a result the page was
  // rendered with (no JavaScript) or an angpao; after the wheel stops for a spin.
  const [stopped, setStopped] = useState<string | null>(() => result?.play.id ?? null)
  // The balance, tickets and history load when the wheel stops (or when the
  // member leaves before): app/lib/held-revalidation.ts.
  const { revalidate } = useRevalidator()
  const revalidateRef = useRef(revalidate)
  revalidateRef.current = revalidate
  const onStopped = useCallback((playId: string) => {
    setStopped(playId)
    reveal(revalidateRef.current)
  }, [])
  useEffect(() => () => reveal(revalidateRef.current), [])
  const shown = picked ?? (spun && stopped === spun.play.id ? spun : null)
  const turning = spun !== null && stopped !== spun.play.id
  const confetti = useConfetti(shown && shown.play.prize.amount > 0 ? shown.play.id : null)

  return (
    <section className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{page.title}</h1>
        <p className="text-sm text-slate-300">
          สิทธิ์ของวันนี้: วงล้อ {wheel.tickets} ครั้ง · อั่งเปา {angpao.tickets} ซอง · ได้สิทธิ์ใหม่ {resetsText}{' '}
          น.
        </p>
      </header>

      {watched ? <Notice tone="warning">โหมดผู้ดูแล: ดูได้อย่างเดียว ไม่สามารถเล่นแทนสมาชิกได้</Notice> : null}
      {acted?.error ? (
        <Notice tone="error" urgent>
          {acted.error}
        </Notice>
      ) : null}

      <div aria-live="polite" data-testid="prize" data-confetti={confetti}>
        {shown ? (
          <PrizeCard
            game={acted?.game ?? 'wheel'}
            label={shown.play.prize.label}
            amount={shown.play.prize.amount}
          />
        ) : null}
      </div>

      <section aria-labelledby="wheel-title" className="card space-y-4">
        <h2 id="wheel-title" className="text-lg font-bold">
          {GAME_NAMES.wheel}
        </h2>
        <Wheel
          slices={wheel.slices}
          landed={spun ? { playId: spun.play.id, index: spun.index } : null}
          onStopped={onStopped}
        />
        <Form method="post" preventScrollReset className="text-center">
          <IdempotencyField value={keys.wheel} />
          <button
            type="submit"
            name="intent"
            value="spin"
            className="btn-primary w-full"
            disabled={wheel.tickets === 0 || watched !== null || busy || turning}
          >
            {wheel.tickets === 0 ? 'สิทธิ์หมุนวันนี้หมดแล้ว' : `หมุนวงล้อ (เหลือ ${wheel.tickets} สิทธิ์)`}
          </button>
        </Form>
      </section>

      <section aria-labelledby="angpao-title" className="card space-y-4">
        <div>
          <h2 id="angpao-title" className="text-lg font-bold">
            {GAME_NAMES.angpao}
          </h2>
          <p className="text-sm text-slate-300">
            {angpao.tickets > 0
              ? `เลือก 1 ซอง ลุ้นรับเงินรางวัล (เหลือ ${angpao.tickets} สิทธิ์)`
              : 'สิทธิ์เปิดซองวันนี้หมดแล้ว'}
          </p>
        </div>
        <AngpaoPick
          envelopes={angpao.envelopes}
          idempotencyKey={keys.angpao}
          opened={picked ? { index: picked.index, label: picked.play.prize.label } : null}
          disabled={angpao.tickets === 0 || watched !== null || busy}
        />
      </section>

      <section aria-labelledby="history-title" className="space-y-2">
        <h2 id="history-title" className="text-lg font-bold">
          รางวัลล่าสุดของฉัน
        </h2>
        {history.length === 0 ? (
          <EmptyState title="ยังไม่มีประวัติการเล่น">หมุนวงล้อหรือเปิดซองอั่งเปาเพื่อลุ้นรางวัล</EmptyState>
        ) : (
          <ul className="card divide-y divide-night-700 py-1">
            {history.map((play) => (
              <li key={play.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="block">{GAME_NAMES[play.game]}</span>
                  <span className="block text-slate-300">{play.atText} น.</span>
                </span>
                <span
                  className={play.prize.amount > 0 ? 'font-bold text-gold-300' : 'text-slate-300'}
                >
                  {play.prize.label}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}

function PrizeCard({
  game,
  label,
  amount,
}: {
  game: keyof typeof GAME_NAMES
  label: string
  amount: number
}) {
  return (
    <div className="card border-gold-400 text-center">
      <p className="text-sm text-slate-300">{GAME_NAMES[game]}</p>
      {amount > 0 ? (
        <>
          <p className="text-2xl font-bold text-gold-300">ยินดีด้วย! คุณได้รับ {label}</p>
          <p className="text-sm text-slate-300">เพิ่ม {formatBaht(amount)} เข้ายอดเงินของคุณแล้ว</p>
        </>
      ) : (
        <p className="text-xl font-bold">{label} ครั้งนี้ยังไม่ได้รางวัล</p>
      )}
    </div>
  )
}
