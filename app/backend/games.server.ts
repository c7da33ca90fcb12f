// Lists are public (visitors browse the lobbies); what a lobby makes of them is app/games/lobby.server.ts.
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

/** A provider's maintenance badge may lag a minute; the launch itself is refused by the backend at once. */
const PROVIDERS_TTL_MS = 60 * 1000
const providers = cachedCall(
  () => callBackend({ method: 'GET', path: '/games/providers', schema: providersResponseSchema }),
  PROVIDERS_TTL_MS,
)

/** Decision 0092. */
export function listProviders(signal?: AbortSignal, now = Date.now()): Promise<Provider[]> {
  return providers.get(now, signal)
}

/** The same list for everyone, visitors included: no token. */
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

export function recentGames(ctx: MemberContext, limit = 6): Promise<Game[]> {
  const capped = Math.max(1, Math.min(MAX_RECENT_GAMES, Math.floor(limit)))
  return memberCall(ctx, {
    method: 'GET',
    path: `/games/recent?limit=${capped}`,
    schema: recentGamesResponseSchema,
  })
}

/** The backend records it as recently played. */
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

export async function launchLotto(ctx: MemberContext, returnUrl?: string): Promise<string> {
  const { url } = await memberCall(ctx, {
    method: 'POST',
    path: '/lotto/launch',
    body: { returnUrl },
    schema: launchResponseSchema,
  })
  return url
}
