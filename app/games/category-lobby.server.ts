/**
 * The one lobby handler of the game categories (/casino, /slot, /sport, and /games for all):
 * each category's route module is its guard line with this handler, its
 * meta and the lobby's page (ui/games/lobby-page.tsx).
 */
import { loadLobby } from '~/games/lobby.server'
import type { GameCategory } from '~/lib/lobby-query'
import type { RouteContext } from '~/security/guard'

/**
 * The handler of a category's lobby: its games, filtered and paged by the
 * URL. No category: /games, every category (the URL may choose one).
 */
export function loadCategoryLobby(category?: GameCategory) {
  return ({ request, url }: RouteContext) => loadLobby(request, url, { category, provider: null })
}
