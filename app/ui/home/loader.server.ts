/**
 * The home loader's server-side parts: what each list shows, and the
 * member's own parts (recently played games, the draws closing soonest).
 * A .server module, so the data calls and the date library stay out of the
 * browser's bundle.
 */
import type { MemberContext } from '~/backend/client.server'
import { contentPart, type ContentPart } from '~/backend/content.server'
import { recentGames } from '~/backend/games.server'
import { lottoTypes } from '~/backend/lotto.server'
import { closingDraws } from '~/lib/lotto-draws'

/** How many of each list the home page shows. */
export const SHOWN = {
  banners: 6,
  promotions: 8,
  news: 4,
  recentGames: 8,
  closingDraws: 4,
} as const

export function mapPart<T, U>(
  part: ContentPart<T>,
  map: (item: T) => U,
  limit: number,
): ContentPart<U> {
  return part.ok ? { ok: true, items: part.items.slice(0, limit).map(map) } : part
}

/** The member's own parts: recently played games and the draws closing soonest. */
export async function memberPlay(
  ctx: MemberContext & { readonly request: Request },
  failed: (part: string) => (error: unknown) => void,
) {
  const [recent, types] = await Promise.all([
    contentPart(recentGames(ctx, SHOWN.recentGames), failed('recent games')),
    contentPart(lottoTypes(ctx.request.signal), failed('closing draws')),
  ])
  return {
    recentGames: recent,
    closingDraws: types.ok
      ? { ok: true as const, items: closingDraws(types.items, SHOWN.closingDraws) }
      : types,
  }
}
