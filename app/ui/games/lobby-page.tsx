import {
  GAME_CATEGORIES,
  type GameCategory,
  type LaunchNotice,
  type LobbyQuery,
} from '~/lib/lobby-query'
import { Lobby, ProviderLinks, type LobbyProvider, type LobbyResult } from '~/ui/games/lobby'
import { Notice } from '~/ui/states'

export interface LobbyPageData {
  query: LobbyQuery
  providers: (LobbyProvider & { categories: GameCategory[] })[] | null
  result: LobbyResult | null
  error: string | null
  notice: LaunchNotice | null
}

export function CategoryLobbyPage({
  title,
  path,
  category,
  data,
}: {
  title: string
  path: string
  category?: GameCategory
  data: LobbyPageData
}) {
  const providers = (data.providers ?? []).filter(
    (provider) => !category || provider.categories.includes(category),
  )
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
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
    </section>
  )
}
