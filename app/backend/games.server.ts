/**
 * Game calls: the providers and the game list with the backend's filters and
 * paging (public, the same for everyone: visitors browse the lobbies), the member's recently played games,
 * and launching a game or the lotto provider's page as the member.
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
import { errorCodes } from '~/backend/schemas'
import {
  BackendError,
  cachedCall,
  callBackend,
  orMessage,
  memberCall,
  type MemberContext,
} from '~/backend/client.server'
import {
  launchNoticeOf,
  parseLobbyQuery,
  type GameCategory,
  type LaunchNotice,
  type LobbyQuery,
} from '~/games/lobby-query'

export type { Game, GamesPage, Provider }

/**
 * A refused game launch is told on the lobby by its notice key; the Thai
 * texts are LAUNCH_NOTICES in ~/games/lobby-query (the lobby shows them, in the
 * browser too). The lobby notice for a launch the backend refused; null for
 * other failures (their BackendError message is Thai already).
 */
export function launchRefusal(error: unknown): LaunchNotice | null {
  if (!(error instanceof BackendError)) return null
  if (error.code === errorCodes.gameMaintenance) return 'maintenance'
  if (error.code === errorCodes.gameClosed) return 'closed'
  if (error.code === errorCodes.gameNotFound) return 'unknown'
  return null
}

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

export interface LobbyData {
  query: LobbyQuery
  /** null when the backend could not list them (the page says so, the rest stays). */
  providers: Provider[] | null
  result: GamesPage | null
  /** The Thai message when the games could not be loaded. */
  error: string | null
  notice: LaunchNotice | null
}

/** What every lobby loads: the providers and one page of games for the URL's query. */
export async function loadLobby(
  request: Request,
  url: URL,
  fixed: { category?: GameCategory | null; provider?: string | null },
  pageSize: number,
): Promise<LobbyData> {
  const query = parseLobbyQuery(url, fixed)
  const [providers, listed] = await Promise.all([
    orMessage(listProviders(request.signal)),
    orMessage(listGames(request, query, pageSize)),
  ])
  return {
    query,
    providers: providers.value,
    result: listed.value,
    error: listed.error,
    notice: launchNoticeOf(url.searchParams.get('notice')),
  }
}
