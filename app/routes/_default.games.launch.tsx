/**
 * Launching a game: the backend gives the provider's address and this loader
 * leaves for it with a redirect (decision 0040: the launch never becomes a
 * history entry, Back from the game returns to the lobby). A refusal
 * (maintenance, closed, unknown or malformed game, a watcher session, the
 * backend down) returns to the lobby the member came from with a Thai notice.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { launchGame, launchRefusal } from '~/backend/games.server'
import { env } from '~/server/env.server'
import {
  isGameId,
  LAUNCH_NOTICES,
  safeLobbyPath,
  withNotice,
  type LaunchNotice,
} from '~/games/lobby-query'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { redirectWithToast } from '~/server/toast.server'
import { guard } from '~/session/guard'

const page = PAGES.gamesLaunch

/** Back to the lobby with the notice on it; the home page (no notices) gets a toast. */
function refuse(from: string, notice: LaunchNotice): Response {
  if (from === '/')
    return redirectWithToast('/', { type: 'error', message: LAUNCH_NOTICES[notice] })
  return redirect(withNotice(from, notice))
}

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'games' }, async (ctx) => {
    const { url, session } = ctx
    const from = safeLobbyPath(url.searchParams.get('from'))
    // A watcher looks but does not play for the member: no launch call at all.
    if (session.payload?.strategy === 'watcher') return refuse(from, 'watcher')
    const gameId = url.searchParams.get('game')
    if (!isGameId(gameId)) return refuse(from, 'unknown')
    const origin = env().APP_ORIGINS[0] ?? url.origin
    try {
      return redirect(await launchGame(ctx, gameId, new URL(from, origin).href))
    } catch (error) {
      const refusal = launchRefusal(error)
      if (refusal) return refuse(from, refusal)
      if (error instanceof BackendError) return refuse(from, 'failed')
      throw error
    }
  })

export const meta = pageMeta(page.title)

/** Never shown: the loader always redirects. */
export default function GamesLaunch() {
  return <h1 className="text-2xl font-bold">{page.title}</h1>
}
