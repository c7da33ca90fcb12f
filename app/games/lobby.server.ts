/**
 * The game lobbies' server part: what every lobby loads (the providers and
 * one page of games for the URL's query, each a part of the page: the
 * backend failing one leaves the other) and the notice a refused launch
 * returns to the lobby with. The calls themselves are app/backend/games.server.ts;
 * the query's rules and the notices' Thai texts are ./lobby-query.ts (the
 * browser reads them too).
 */
import { BackendError, orMessage } from '~/backend/client.server'
import type { GamesPage, Provider } from '~/backend/games.schemas'
import { listGames, listProviders } from '~/backend/games.server'
import { errorCodes } from '~/backend/schemas'
import {
  launchNoticeOf,
  LOBBY_PAGE_SIZE,
  parseLobbyQuery,
  type GameCategory,
  type LaunchNotice,
  type LobbyQuery,
} from '~/lib/lobby-query'

/**
 * The lobby notice for a launch the backend refused (told on the lobby by
 * its key, LAUNCH_NOTICES); null for other failures (their BackendError
 * message is Thai already).
 */
export function launchRefusal(error: unknown): LaunchNotice | null {
  if (!(error instanceof BackendError)) return null
  if (error.code === errorCodes.gameMaintenance) return 'maintenance'
  if (error.code === errorCodes.gameClosed) return 'closed'
  if (error.code === errorCodes.gameNotFound) return 'unknown'
  return null
}

interface LobbyData {
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
): Promise<LobbyData> {
  const query = parseLobbyQuery(url, fixed)
  const [providers, listed] = await Promise.all([
    orMessage(listProviders(request.signal)),
    orMessage(listGames(request, query, LOBBY_PAGE_SIZE)),
  ])
  return {
    query,
    providers: providers.value,
    result: listed.value,
    error: listed.error,
    notice: launchNoticeOf(url.searchParams.get('notice')),
  }
}
