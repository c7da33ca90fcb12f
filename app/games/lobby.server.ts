// Providers and games load apart: the backend failing one leaves the other.
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

// null for other failures (their BackendError message is Thai already).
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
  error: string | null
  notice: LaunchNotice | null
}

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
