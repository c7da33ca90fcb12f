/**
 * Launching a game: the backend gives the provider's address and this loader
 * leaves for it with a redirect (decision 0040: the launch never becomes a
 * history entry, Back from the game returns to the lobby). A refusal
 * (maintenance, closed, unknown or malformed game, a watcher session, the
 * backend down) returns to the lobby the member came from with a Thai notice.
 * The server side is ./page.server.ts.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { loadPage } from './page.server'

const page = PAGES.gamesLaunch

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'games' }, loadPage)

export const meta = pageMeta(page.title)

/** Never shown: the loader always redirects. */
export default function GamesLaunch() {
  return <h1 className="text-2xl font-bold">{page.title}</h1>
}
