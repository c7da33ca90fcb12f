/**
 * Game calls: the providers and the game list with the backend's filters and
 * paging (public, the same for everyone: visitors browse the lobbies), the member's recently played games,
 * and launching a game or the lotto provider's page as the member. What a
 * lobby makes of them (its query, a refused launch's notice) is
 * app/games/lobby.server.ts.
 */
import {
  gamesResponseSchema,
  launchResponseSchema,
  MAX_RECENT_GAMES,
  providersResponseSchema,
  recentGamesResponseSchema,
  type Game,
  type GamesPage,
  type Provider,
} from '~/backend/games.schemas'
import { cachedCall, callBackend, memberCall, type MemberContext } from '~/backend/client.server'
import type { LobbyQuery } from '~/lib/lobby-query'

/**
 * The providers are the same for every member and every lobby asks for them:
 * kept a minute, so a provider's maintenance badge may lag that long (the
 * launch itself is refused by the backend at once).
 */
const PROVIDERS_TTL_MS = 60 * 1000
const providers = cachedCall(
  () => callBackend({ method: 'GET', path: '/games/providers', schema: providersResponseSchema }),
  PROVIDERS_TTL_MS,
)

/** `signal`: the member's request, which waits no longer than its deadline (decision 0092). */
export function listProviders(signal?: AbortSignal, now = Date.now()): Promise<Provider[]> {
  return providers.get(now, signal)
}

/**
 * One page of games matching `query` (filtered and paged by the backend).
 * The same list for everyone, visitors included: no token.
 */
export function listGames(
  request: Request,
  query: LobbyQuery,
  pageSize: number,
): Promise<GamesPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(pageSize) })
  if (query.category) params.set('category', query.category)
  if (query.provider) params.set('provider', query.provider)
  if (query.q) params.set('q', query.q)
  return callBackend({
    method: 'GET',
    path: `/games?${params.toString()}`,
    schema: gamesResponseSchema,
    signal: request.signal,
  })
}

/** The member's recently played games, most recent first, at most `limit`. */
export function recentGames(ctx: MemberContext, limit = 6): Promise<Game[]> {
  const capped = Math.max(1, Math.min(MAX_RECENT_GAMES, Math.floor(limit)))
  return memberCall(ctx, {
    method: 'GET',
    path: `/games/recent?limit=${capped}`,
    schema: recentGamesResponseSchema,
  })
}

/** The provider's address for this game; the backend records it as recently played. */
export async function launchGame(
  ctx: MemberContext,
  gameId: string,
  returnUrl?: string,
): Promise<string> {
  const { url } = await memberCall(ctx, {
    method: 'POST',
    path: '/games/launch',
    body: { gameId, returnUrl },
    schema: launchResponseSchema,
  })
  return url
}

/** The lotto provider's address for the member. */
export async function launchLotto(ctx: MemberContext, returnUrl?: string): Promise<string> {
  const { url } = await memberCall(ctx, {
    method: 'POST',
    path: '/lotto/launch',
    body: { returnUrl },
    schema: launchResponseSchema,
  })
  return url
}
