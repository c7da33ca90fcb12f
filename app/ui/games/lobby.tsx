// Links and a GET form (the URL is the state), so it all works before JavaScript loads.
import { Form, Link } from '@remix-run/react'
import {
  CATEGORY_LABELS,
  LAUNCH_NOTICES,
  lobbyHref,
  pageCount,
  type GameCategory,
  type LaunchNotice,
  type LobbyQuery,
} from '~/lib/lobby-query'
import { formatCount } from '~/lib/money'
import { ChipLinks } from '~/ui/chip-links'
import { GameTile, type TileGame } from '~/ui/games/game-tile'
import { HostImage } from '~/ui/host-image'
import { EmptyState, Notice } from '~/ui/states'

export interface LobbyProvider {
  id: string
  name: string
  nameTh: string
  logo: string
  status: 'open' | 'maintenance' | 'closed'
}

export interface LobbyResult {
  games: TileGame[]
  page: number
  pageSize: number
  total: number
}

const EAGER_TILES = 3

function CategoryLinks({
  path,
  query,
  categories,
  keepProvider,
}: {
  path: string
  query: LobbyQuery
  categories: readonly GameCategory[]
  keepProvider: boolean
}) {
  const keep = { category: true, provider: keepProvider }
  const options: (GameCategory | undefined)[] = [undefined, ...categories]
  return (
    <ChipLinks
      label="หมวดเกม"
      preventScrollReset
      chips={options.map((category) => ({
        key: category ?? 'all',
        to: lobbyHref(path, { ...query, category, page: 1 }, keep),
        label: category ? CATEGORY_LABELS[category] : 'ทั้งหมด',
        current: query.category === category,
      }))}
    />
  )
}

export function ProviderLinks({
  providers,
  category,
  label = 'ค่ายเกม',
}: {
  providers: readonly LobbyProvider[]
  category?: GameCategory
  label?: string
}) {
  if (providers.length === 0) return null
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-1">
        {providers.map((provider) => (
          <li key={provider.id} className="w-24 shrink-0">
            <Link
              to={lobbyHref('/games/lobby', { provider: provider.id, category })}
              className="block rounded-xl text-center"
              data-testid="provider-link"
            >
              <HostImage
                path={provider.logo}
                width={96}
                height={48}
                alt=""
                className="block h-12 w-24 rounded-xl bg-night-800"
              />
              <span className="mt-1 block truncate text-xs text-slate-200" translate="no">
                {provider.name}
              </span>
              {provider.status !== 'open' ? (
                <span className="block text-xs text-amber-200">
                  {provider.status === 'maintenance' ? 'ปิดปรับปรุง' : 'ปิดให้บริการ'}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Pager({
  path,
  query,
  result,
  keepProvider,
}: {
  path: string
  query: LobbyQuery
  result: LobbyResult
  keepProvider: boolean
}) {
  const pages = pageCount(result.total, result.pageSize)
  if (pages <= 1) return null
  const keep = { category: true, provider: keepProvider }
  const page = Math.min(result.page, pages)
  const link = (to: number, text: string, rel: 'prev' | 'next') => (
    <Link to={lobbyHref(path, { ...query, page: to }, keep)} rel={rel} className="btn-ghost">
      {text}
    </Link>
  )
  return (
    <nav aria-label="เปลี่ยนหน้า" className="flex items-center justify-between gap-2">
      {page > 1 ? link(page - 1, 'ก่อนหน้า', 'prev') : <span className="w-20" />}
      <p className="text-sm text-slate-300" data-testid="page-status">
        หน้า {page} จาก {pages}
      </p>
      {page < pages ? link(page + 1, 'ถัดไป', 'next') : <span className="w-20" />}
    </nav>
  )
}

export function Lobby({
  path,
  query,
  categories,
  keepProvider = false,
  result,
  error,
  notice,
  providerLinks,
}: {
  path: string
  query: LobbyQuery
  categories: readonly GameCategory[]
  keepProvider?: boolean
  result: LobbyResult | null
  error: string | null
  notice: LaunchNotice | null
  providerLinks?: React.ReactNode
}) {
  const from = lobbyHref(path, query, { category: categories.length > 0, provider: keepProvider })
  const pages = result ? pageCount(result.total, result.pageSize) : 1
  return (
    <div className="space-y-4">
      {notice ? (
        <Notice tone="warning" urgent>
          {LAUNCH_NOTICES[notice]}
        </Notice>
      ) : null}
      <Form method="get" action={path} role="search" className="flex gap-2" preventScrollReset>
        {keepProvider && query.provider ? (
          <input type="hidden" name="provider" value={query.provider} />
        ) : null}
        {categories.length > 0 && query.category ? (
          <input type="hidden" name="category" value={query.category} />
        ) : null}
        <label htmlFor="game-search" className="sr-only">
          ค้นหาเกม
        </label>
        <input
          id="game-search"
          key={query.q}
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={50}
          placeholder="ค้นหาชื่อเกม"
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-night-600 bg-night-900 px-3 text-slate-100 placeholder:text-slate-400"
        />
        <button type="submit" className="btn-primary shrink-0">
          ค้นหา
        </button>
      </Form>
      {categories.length > 0 ? (
        <CategoryLinks
          path={path}
          query={query}
          categories={categories}
          keepProvider={keepProvider}
        />
      ) : null}
      {providerLinks}
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : result ? (
        <section aria-labelledby="games-heading" className="space-y-3">
          <h2 id="games-heading" className="text-sm text-slate-300" aria-live="polite">
            {query.q ? `ผลการค้นหา “${query.q}”: ` : ''}
            {formatCount(result.total)} เกม
          </h2>
          {result.games.length === 0 ? (
            <EmptyState title={query.q ? 'ไม่พบเกมที่ค้นหา' : 'ยังไม่มีเกมในหมวดนี้'}>
              {result.total > 0 ? (
                <Link
                  to={lobbyHref(path, { ...query, page: 1 }, { provider: keepProvider })}
                  className="link"
                >
                  กลับไปหน้าแรกของรายการ (มีทั้งหมด {pages} หน้า)
                </Link>
              ) : (
                <Link
                  to={lobbyHref(path, { provider: query.provider }, { provider: keepProvider })}
                  className="link"
                >
                  ดูเกมทั้งหมด
                </Link>
              )}
            </EmptyState>
          ) : (
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" data-testid="game-grid">
              {result.games.map((game, index) => (
                <li key={game.id}>
                  <GameTile game={game} from={from} priority={index < EAGER_TILES} />
                </li>
              ))}
            </ul>
          )}
          <Pager path={path} query={query} result={result} keepProvider={keepProvider} />
        </section>
      ) : null}
    </div>
  )
}
