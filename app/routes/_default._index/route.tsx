import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { lazy, Suspense, type ReactNode } from 'react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { ClosingDraws } from '~/ui/home/closing-draws'
import { MemberSummary } from '~/ui/home/member-summary'
import { HostImage } from '~/ui/host-image'
import { useOptionalMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import { loadPage } from './page.server'
import * as belowFoldOnServer from './below-fold.server'
import * as laterOnServer from './later-parts.server'
import type * as LowerPartsModule from '~/ui/home/below-fold'
import type * as LaterPartsModule from './later-parts'
import { useLiveRevalidation } from '~/ui/live/live-events'
import { Words } from '~/ui/words'

const page = PAGES.home

// Below the first screen on a phone, and the banners (links whose code only attaches swiper): not
// in the first load (the `.server` modules render them on the server, empty in the browser's build).
function deferredPart<M, K extends keyof M>(onServer: object, load: () => Promise<M>, name: K) {
  const rendered = (onServer as Partial<M>)[name]
  if (typeof document === 'undefined' && rendered) return rendered
  return lazy(() => load().then((m) => ({ default: m[name] as never }))) as unknown as M[K]
}
type LowerParts = typeof LowerPartsModule
const lowerPart = <K extends keyof LowerParts>(name: K) =>
  deferredPart(belowFoldOnServer, (): Promise<LowerParts> => import('~/ui/home/below-fold'), name)
const NewsList = lowerPart('NewsList')
const RecentGames = lowerPart('RecentGames')
const PromotionStrip = lowerPart('PromotionStrip')
type LaterParts = typeof LaterPartsModule
const laterPart = <K extends keyof LaterParts>(name: K) =>
  deferredPart(laterOnServer, (): Promise<LaterParts> => import('./later-parts'), name)
const BannerCarousel = laterPart('BannerCarousel')
const Services = laterPart('Services')

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const meta = pageMeta(page.title)

function Unavailable({ what, message }: { what: string; message: string }) {
  return (
    <Notice tone="warning">
      ยังแสดง{what}ไม่ได้ในขณะนี้: {message}
    </Notice>
  )
}

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string
  title: string
  more?: { to: string; label: string }
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="link text-sm">
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  )
}

export default function Home() {
  const { now, banners, promotions, news, play } = useLoaderData<typeof loader>()
  const member = useOptionalMember()
  // A slip judged: the draws and the member's summary follow.
  useLiveRevalidation(['stake'])

  const carousel = banners.ok ? (
    <Suspense fallback={null}>
      <BannerCarousel banners={banners.items} />
    </Suspense>
  ) : (
    <Unavailable what="แบนเนอร์" message={banners.message} />
  )

  return (
    <div className="space-y-6">
      <h1 className="sr-only">{page.title}</h1>
      {member ? (
        <>
          <MemberSummary member={member} />
          {carousel}
          <Section
            id="home-closing"
            title="หวยใกล้ปิดรับ"
            more={{ to: PAGES.lotto.path, label: 'ดูทั้งหมด' }}
          >
            {play?.closingDraws.ok === false ? (
              <Unavailable what="งวดหวย" message={play.closingDraws.message} />
            ) : (
              <ClosingDraws draws={play?.closingDraws.items ?? []} now={now} />
            )}
          </Section>
          <Section
            id="home-recent"
            title="เล่นล่าสุด"
            more={{ to: PAGES.games.path, label: 'เกมทั้งหมด' }}
          >
            {play?.recentGames.ok === false ? (
              <Unavailable what="เกมที่เล่นล่าสุด" message={play.recentGames.message} />
            ) : (
              <Suspense fallback={null}>
                <RecentGames
                  games={play?.recentGames.items ?? []}
                  empty={
                    <EmptyState title="ยังไม่มีเกมที่เล่นล่าสุด">
                      <Link to="/games" className="link">
                        เลือกเกมที่อยากเล่น
                      </Link>
                    </EmptyState>
                  }
                />
              </Suspense>
            )}
          </Section>
          <Suspense fallback={null}>
            <Services withBlurbs={false} />
          </Suspense>
        </>
      ) : (
        <>
          {carousel}
          <div className="card bg-gradient-to-br from-night-800 to-night-900">
            <p className="text-lg font-bold">
              <Words text="หวย สล็อต คาสิโน กีฬา ครบในที่เดียว" />
            </p>
            <p className="mt-1 text-slate-300">เข้าสู่ระบบเพื่อเล่นเกม แทงหวย และรับสิทธิพิเศษของสมาชิก</p>
            <div className="mt-3 flex gap-3">
              <Link to={PAGES.login.path} className="btn-primary flex-1">
                เข้าสู่ระบบ
              </Link>
              <Link to={PAGES.register.path} className="btn-ghost flex-1">
                สมัครสมาชิก
              </Link>
            </div>
          </div>
          <Suspense fallback={null}>
            <Services withBlurbs />
          </Suspense>
        </>
      )}
      <Section
        id="home-promotions"
        title="โปรโมชั่นแนะนำ"
        more={{ to: PAGES.promotion.path, label: 'ดูทั้งหมด' }}
      >
        {promotions.ok ? (
          <Suspense fallback={null}>
            <PromotionStrip
              promotions={promotions.items}
              promotionPath={PAGES.promotion.path}
              Image={HostImage}
              Words={Words}
            />
          </Suspense>
        ) : (
          <Unavailable what="โปรโมชั่น" message={promotions.message} />
        )}
      </Section>
      <Section id="home-news" title="ข่าวสารล่าสุด" more={{ to: PAGES.news.path, label: 'ข่าวทั้งหมด' }}>
        {news.ok ? (
          <Suspense fallback={null}>
            <NewsList news={news.items} newsPath={PAGES.news.path} Words={Words} />
          </Suspense>
        ) : (
          <Unavailable what="ข่าวสาร" message={news.message} />
        )}
      </Section>
    </div>
  )
}
