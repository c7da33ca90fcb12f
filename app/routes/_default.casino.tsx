import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { loadCategoryLobby } from '~/games/category-lobby.server'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { CategoryLobbyPage } from '~/ui/games/lobby-page'
import { Lobby, ProviderLinks } from './_default.games.lobby/lobby-parts'

const page = PAGES.casino

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'games' }, loadCategoryLobby('casino'))

export const meta = pageMeta(page.title)

export default function Casino() {
  const data = useLoaderData<typeof loader>()
  return (
    <CategoryLobbyPage
      parts={{ Lobby, ProviderLinks }}
      title={page.title}
      path={page.path}
      category="casino"
      data={data}
    />
  )
}
