import {
  GAME_CATEGORIES,
  type GameCategory,
  type LaunchNotice,
  type LobbyQuery,
} from '~/lib/lobby-query'
import { Suspense } from 'react'
import type * as LobbyModule from '~/ui/games/lobby'
import type { LobbyProvider, LobbyResult } from '~/ui/games/lobby'
import { Notice } from '~/ui/states'

export interface LobbyPageData {
  query: LobbyQuery
  providers: (LobbyProvider & { categories: GameCategory[] })[] | null
  result: LobbyResult | null
  error: string | null
  notice: LaunchNotice | null
}

/** `parts`: the lobby's components, loaded after the first load (decision 0172). */
export function CategoryLobbyPage({
  title,
  path,
  category,
  data,
  parts: { Lobby, ProviderLinks },
}: {
  title: string
  path: string
  category?: GameCategory
  data: LobbyPageData
  parts: Pick<typeof LobbyModule, 'Lobby' | 'ProviderLinks'>
}) {
  const providers = (data.providers ?? []).filter(
    (provider) => !category || provider.categories.includes(category),
  )
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Suspense fallback={null}>
        <Lobby
          path={path}
          query={data.query}
          categories={category ? [] : GAME_CATEGORIES}
          result={data.result}
          error={data.error}
          notice={data.notice}
          providerLinks={
            data.providers === null && !data.error ? (
              <Notice tone="warning">ไม่สามารถโหลดรายชื่อค่ายเกมได้ในขณะนี้</Notice>
            ) : (
              <ProviderLinks providers={providers} category={category} />
            )
          }
        />
      </Suspense>
    </section>
  )
}
