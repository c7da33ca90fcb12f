// Rendered on the server with sized pictures: the page needs no script of its own (Lighthouse 100).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { siteMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { BarChart } from '~/ui/bar-chart'
import { HostImage } from '~/ui/host-image'
import { useOptionalMember, useWatchedMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import { BackLink } from '~/ui/back-link'
import {
  submit,
  loadPage,
  type Progress,
  type PromotionDetail,
  type PromotionItem,
} from './page.server'
import { Words } from '~/ui/words'

const page = PAGES.promotion

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'promotion' }, loadPage)

/** A visitor's post goes to the login page. */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'member', feature: 'promotion' }, submit)

export const meta = ({ data }: { data?: { detail?: { title: string } | null } }) =>
  siteMeta(data?.detail ? `${data.detail.title} | ${page.title}` : page.title)

type View = Awaited<ReturnType<typeof loadPage>>

const detailPath = (id: string) => `${page.path}?id=${encodeURIComponent(id)}`

export default function PromotionPage() {
  const view = useLoaderData<typeof loader>()
  return view.detail ? <Detail view={view} promotion={view.detail} /> : <List view={view} />
}

function List({ view }: { view: View }) {
  const active = view.mine?.find((p) => p.status === 'active')
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {view.mineError ? (
        <Notice tone="warning">ยังแสดงโปรโมชั่นที่คุณรับไว้ไม่ได้ในขณะนี้: {view.mineError}</Notice>
      ) : null}
      {active ? (
        <section aria-labelledby="promotion-mine" className="card space-y-3">
          <h2 id="promotion-mine" className="font-bold">
            โปรโมชั่นที่รับอยู่
          </h2>
          <p>
            <Link to={detailPath(active.promotionId)} className="link font-bold">
              <Words text={active.title} />
            </Link>
          </p>
          <TurnoverBar progress={active} />
        </section>
      ) : null}
      {view.listError ? (
        <Notice tone="warning">ยังแสดงโปรโมชั่นไม่ได้ในขณะนี้: {view.listError}</Notice>
      ) : view.promotions.length === 0 ? (
        <EmptyState title="ยังไม่มีโปรโมชั่นในขณะนี้">โปรดติดตามโปรโมชั่นใหม่เร็ว ๆ นี้</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {view.promotions.map((promotion, index) => (
            <Card key={promotion.id} promotion={promotion} priority={index === 0} />
          ))}
        </ul>
      )}
    </section>
  )
}

function Card({ promotion, priority }: { promotion: PromotionItem; priority: boolean }) {
  return (
    <li id={promotion.id}>
      <Link
        to={detailPath(promotion.id)}
        className="card block h-full overflow-hidden p-0 hover:border-gold-500"
      >
        <HostImage
          path={promotion.image}
          width={640}
          height={360}
          sizes="(min-width: 768px) 22rem, 100vw"
          alt=""
          priority={priority}
          className="aspect-video h-auto w-full object-cover"
        />
        <span className="block space-y-1 p-4">
          <span className="block text-lg font-bold leading-snug">
            <Words text={promotion.title} />
          </span>
          <span className="block text-sm text-slate-300">{promotion.summary}</span>
          <span className="block text-xs text-gold-300">{promotion.period}</span>
          <span className="block text-sm text-gold-400 underline">ดูรายละเอียดและเงื่อนไข</span>
        </span>
      </Link>
    </li>
  )
}

function Detail({ view, promotion }: { view: View; promotion: PromotionDetail }) {
  const mine = view.mine?.find((p) => p.promotionId === promotion.id)
  return (
    <article className="space-y-4">
      <BackLink to={page.path}>{page.title}ทั้งหมด</BackLink>
      <HostImage
        path={promotion.image}
        width={640}
        height={360}
        sizes="(min-width: 768px) 40rem, 100vw"
        alt=""
        priority
        className="aspect-video h-auto w-full rounded-2xl object-cover"
      />
      <h1 className="break-words text-2xl font-bold">
        <Words text={promotion.title} />
      </h1>
      <p className="text-slate-200">{promotion.summary}</p>
      <p className="text-sm text-gold-300">ระยะเวลา: {promotion.dates}</p>
      {mine ? (
        <section aria-labelledby="promotion-progress" className="card space-y-3">
          <h2 id="promotion-progress" className="font-bold">
            {mine.status === 'completed' ? 'ทำเทิร์นครบแล้ว' : 'ความคืบหน้าของคุณ'}
          </h2>
          <p className="text-xs text-slate-400">รับโปรโมชั่นเมื่อ {mine.acceptedAt}</p>
          <TurnoverChart progress={mine} />
        </section>
      ) : null}
      <section aria-labelledby="promotion-terms" className="card space-y-2">
        <h2 id="promotion-terms" className="font-bold">
          เงื่อนไขและข้อตกลง
        </h2>
        {promotion.terms.length === 0 ? (
          <p className="text-sm text-slate-300">ไม่มีเงื่อนไขเพิ่มเติม</p>
        ) : (
          <ol className="list-decimal space-y-1 pl-5 text-sm leading-relaxed text-slate-200">
            {promotion.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ol>
        )}
      </section>
      {promotion.acceptable && !mine ? (
        <Accept promotion={promotion} idempotencyKey={view.idempotencyKey} />
      ) : null}
      {!promotion.acceptable ? (
        <p className="text-sm text-slate-300">โปรโมชั่นนี้ได้รับอัตโนมัติตามเงื่อนไข ไม่ต้องกดรับ</p>
      ) : null}
    </article>
  )
}

function Accept({
  promotion,
  idempotencyKey,
}: {
  promotion: PromotionDetail
  idempotencyKey: string | null
}) {
  const member = useOptionalMember()
  const watched = useWatchedMember() !== null
  const reply = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  if (!member || !idempotencyKey) {
    const back = encodeURIComponent(detailPath(promotion.id))
    return (
      <p className="card text-sm">
        <Link to={`${PAGES.login.path}?redirectTo=${back}`} className="link font-bold">
          เข้าสู่ระบบเพื่อรับโปรโมชั่นนี้
        </Link>
      </p>
    )
  }
  return (
    <Form method="post" replace className="card space-y-3">
      {reply?.error ? (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm">
          {reply.error}
        </p>
      ) : null}
      {watched ? (
        <p className="text-sm text-amber-200">โหมดผู้ดูแล: ดูได้อย่างเดียว ไม่สามารถรับโปรโมชั่นได้</p>
      ) : null}
      <IdempotencyField value={idempotencyKey} />
      <input type="hidden" name="promotionId" value={promotion.id} />
      <button type="submit" className="btn-primary w-full" disabled={watched || busy}>
        {busy ? 'กำลังรับโปรโมชั่น…' : 'รับโปรโมชั่นนี้'}
      </button>
    </Form>
  )
}

const turnoverText = (progress: Progress) =>
  `ทำเทิร์นแล้ว ${formatBaht(progress.done)} จาก ${formatBaht(progress.required)} (${progress.percent}%)`

function TurnoverChart({ progress }: { progress: Progress }) {
  const text = turnoverText(progress)
  return (
    <div className="space-y-1">
      <BarChart
        title={`ยอดเทิร์นของ ${progress.title}`}
        label={`ยอดเทิร์นของ ${progress.title}: ${text}`}
        bars={[
          { label: 'ทำเทิร์นแล้ว', value: progress.done, text: formatBaht(progress.done) },
          { label: 'ยอดที่ต้องทำ', value: progress.required, text: formatBaht(progress.required) },
        ]}
        max={progress.required}
        headers={['ยอดเทิร์น', 'จำนวน']}
      />
      <p className="text-sm tabular-nums text-slate-200">{text}</p>
    </div>
  )
}

function TurnoverBar({ progress }: { progress: Progress }) {
  const text = turnoverText(progress)
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={`ยอดเทิร์นของ ${progress.title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-night-700"
      >
        <div
          className="h-full rounded-full bg-gold-500"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <p className="text-sm tabular-nums text-slate-200">{text}</p>
    </div>
  )
}
