// One promotion: loaded with import() by the route when shown (decision 0172).
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { IdempotencyField } from '~/forms/idempotency-field'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { BarChart } from '~/ui/bar-chart'
import { HostImage } from '~/ui/host-image'
import { useOptionalMember, useWatchedMember } from '~/ui/member'
import { BackLink } from '~/ui/back-link'
import { Words } from '~/ui/words'
import type { Progress, PromotionDetail, submit } from './page.server'
import { detailPath, page, turnoverText, type View } from './shared'

export function Detail({ view, promotion }: { view: View; promotion: PromotionDetail }) {
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
  const reply = useActionData<typeof submit>()
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

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
