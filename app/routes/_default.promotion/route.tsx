// Rendered on the server with sized pictures: the page needs no script of its own (Lighthouse 100).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Suspense } from 'react'
import { siteMeta } from '~/lib/meta'
import { guard } from '~/security/guard'
import { HostImage } from '~/ui/host-image'
import { EmptyState, Notice } from '~/ui/states'
import { submit, loadPage, type Progress, type PromotionItem } from './page.server'
import { Words } from '~/ui/words'
import { deferredParts } from '~/ui/deferred'
import * as detailOnServer from './detail.server'
import { detailPath, page, turnoverText, type View } from './shared'

// A page shows the list or one promotion: the one's code, with its form and chart, loads when shown.
const Detail = deferredParts(detailOnServer, () => import('./detail')).part('Detail')

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'promotion' }, loadPage)

/** A visitor's post goes to the login page. */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'member', feature: 'promotion' }, submit)

export const meta = ({ data }: { data?: { detail?: { title: string } | null } }) =>
  siteMeta(data?.detail ? `${data.detail.title} | ${page.title}` : page.title)

export default function PromotionPage() {
  const view = useLoaderData<typeof loader>()
  return view.detail ? (
    <Suspense fallback={null}>
      <Detail view={view} promotion={view.detail} />
    </Suspense>
  ) : (
    <List view={view} />
  )
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
