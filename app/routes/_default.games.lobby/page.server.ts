// Decision 0041; a backend failure is a Thai message on the page, not an error page.
import { orMessage } from '~/backend/client.server'
import { listProviders } from '~/backend/games.server'
import { loadLobby } from '~/games/lobby.server'
import { NOT_FOUND_MESSAGE } from '~/lib/errors'
import { httpError } from '~/server/http-error.server'
import type { RouteContext } from '~/security/guard'

export async function loadPage({ request, url }: RouteContext) {
  const providerId = url.searchParams.get('provider')
  if (providerId === null) {
    const providers = await orMessage(listProviders(request.signal))
    return { kind: 'picker' as const, providers: providers.value ?? [], error: providers.error }
  }
  const lobby = await loadLobby(request, url, {})
  const provider = lobby.providers?.find((p) => p.id === providerId) ?? null
  if (lobby.providers && !provider) throw httpError(404, NOT_FOUND_MESSAGE)
  return { kind: 'provider' as const, ...lobby, provider }
}
