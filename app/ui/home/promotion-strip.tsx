import { Link } from '@remix-run/react'
import type { HostImage } from '~/ui/host-image'
import type { PromotionCard } from '~/content/content-text.server'
import type { Words as WordsType } from '~/ui/words'

const CARD_WIDTH = 256
const CARD_HEIGHT = 144

/** Passed in: this part loads with import() and imports no module of the first-load file (decision 0148). */
export function PromotionStrip({
  promotions,
  promotionPath,
  Image,
  Words,
}: {
  promotions: PromotionCard[]
  promotionPath: string
  Image: typeof HostImage
  Words: typeof WordsType
}) {
  if (promotions.length === 0) {
    return <p className="text-sm text-slate-300">ยังไม่มีโปรโมชั่นในขณะนี้</p>
  }
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none]">
      {promotions.map((promotion) => (
        <li key={promotion.id} className="w-64 max-w-[80%] shrink-0 snap-start">
          <Link
            to={`${promotionPath}#${encodeURIComponent(promotion.id)}`}
            className="card block h-full overflow-hidden p-0 hover:border-gold-500"
          >
            <Image
              path={promotion.image}
              width={CARD_WIDTH}
              height={CARD_HEIGHT}
              alt=""
              className="aspect-video w-full object-cover"
            />
            <span className="block p-3">
              <span className="block font-bold leading-snug">
                <Words text={promotion.title} />
              </span>
              <span className="mt-1 line-clamp-2 block text-sm text-slate-300">
                {promotion.summary}
              </span>
              <span className="mt-2 block text-xs text-gold-300">{promotion.period}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
