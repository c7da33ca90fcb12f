// Decision 0040; a watcher session makes no launch call at all.
import { redirect } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { launchGame } from '~/backend/games.server'
import { launchRefusal } from '~/games/lobby.server'
import {
  isGameId,
  LAUNCH_NOTICES,
  safeLobbyPath,
  withNotice,
  type LaunchNotice,
} from '~/lib/lobby-query'
import { canonicalOrigin } from '~/server/origins.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'

/** The home page has no notices: it gets a toast. */
function refuse(from: string, notice: LaunchNotice): Response {
  if (from === '/')
    return redirectWithToast('/', { type: 'error', message: LAUNCH_NOTICES[notice] })
  return redirect(withNotice(from, notice))
}

export async function loadPage(ctx: RouteContext) {
  const { url, session } = ctx
  const from = safeLobbyPath(url.searchParams.get('from'))
  // A watcher looks but does not play for the member: no launch call at all.
  if (session.payload?.strategy === 'watcher') return refuse(from, 'watcher')
  const gameId = url.searchParams.get('game')
  if (!isGameId(gameId)) return refuse(from, 'unknown')
  // The address the provider sends the member back to: the app's own name for itself.
  const origin = canonicalOrigin(url.href)
  try {
    return redirect(await launchGame(ctx, gameId, new URL(from, origin).href))
  } catch (error) {
    const refusal = launchRefusal(error)
    if (refusal) return refuse(from, refusal)
    if (error instanceof BackendError) return refuse(from, 'failed')
    throw error
  }
}
