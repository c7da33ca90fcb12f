// Each part on its own: one that fails shows a notice, the rest stays.
import type { MemberContext } from '~/backend/client.server'
import {
  contentPart,
  homeBanners,
  listNews,
  listPromotions,
  type ContentPart,
} from '~/backend/content.server'
import { recentGames } from '~/backend/games.server'
import type { LottoType } from '~/backend/lotto.schemas'
import { sharedLottoTypes } from '~/backend/lotto.server'
import { newsEntry, promotionCard } from '~/content/content-text.server'
import { logWarning } from '~/server/log.server'
import { closingDraws, type ClosingDraw } from '~/lotto/draws'
import { memberPart, type RouteContext } from '~/security/guard'

const SHOWN = {
  banners: 6,
  promotions: 8,
  news: 4,
  recentGames: 8,
  closingDraws: 4,
} as const

function mapPart<T, U>(part: ContentPart<T>, map: (item: T) => U, limit: number): ContentPart<U> {
  return part.ok ? { ok: true, items: part.items.slice(0, limit).map(map) } : part
}

/** Worked out once per shared answer, not per home. */
const closingOf = new WeakMap<readonly LottoType[], ClosingDraw[]>()
function closingSoonest(types: readonly LottoType[]): ClosingDraw[] {
  let draws = closingOf.get(types)
  if (!draws) {
    draws = closingDraws(types, SHOWN.closingDraws)
    closingOf.set(types, draws)
  }
  return draws
}

async function memberPlay(
  ctx: MemberContext & { readonly request: Request },
  failed: (part: string) => (error: unknown) => void,
) {
  const [recent, types] = await Promise.all([
    contentPart(recentGames(ctx, SHOWN.recentGames), failed('recent games')),
    contentPart(sharedLottoTypes(ctx.request.signal), failed('closing draws')),
  ])
  return {
    recentGames: recent,
    closingDraws: types.ok ? { ok: true as const, items: closingSoonest(types.items) } : types,
  }
}

export async function loadPage(ctx: RouteContext) {
  const { request, requestId } = ctx
  const failed = (part: string) => (error: unknown) =>
    logWarning(
      `home ${part} not shown: ${error instanceof Error ? error.message : String(error)}`,
      requestId,
    )
  const [banners, promotions, news] = await Promise.all([
    contentPart(homeBanners(request.signal), failed('banners')),
    contentPart(listPromotions(request.signal), failed('promotions')),
    contentPart(listNews(request.signal), failed('news')),
  ])
  const play = await memberPart(ctx, () => memberPlay(ctx, failed))
  return {
    now: Date.now(),
    banners: mapPart(banners, (banner) => banner, SHOWN.banners),
    promotions: mapPart(promotions, promotionCard, SHOWN.promotions),
    news: mapPart(news, newsEntry, SHOWN.news),
    play,
  }
}
