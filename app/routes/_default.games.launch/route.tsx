// A redirect, so the launch never becomes a history entry: Back returns to the lobby (decision 0040).
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
