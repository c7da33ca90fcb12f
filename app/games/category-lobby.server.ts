// One lobby handler for /casino, /slot, /sport and /games; the page is ui/games/lobby-page.tsx.
import { loadLobby } from '~/games/lobby.server'
import type { GameCategory } from '~/lib/lobby-query'
import type { RouteContext } from '~/security/guard'

export function loadCategoryLobby(category?: GameCategory) {
  return ({ request, url }: RouteContext) => loadLobby(request, url, { category, provider: null })
}
