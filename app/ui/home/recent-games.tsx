/** "เล่นล่าสุด": the games the member played last, one tap from playing again. */
import { Link } from '@remix-run/react'
import { launchHref } from '~/lib/games-query'
import { EmptyState } from '~/ui/states'
import { HostImage } from '~/ui/host-image'

export interface RecentGame {
  id: string
  name: string
  providerName: string
  /** Path on the image host, e.g. `/img/games/pg-1.svg` (1:1). */
  image: string
}

const TILE = 96

export function RecentGames({ games }: { games: RecentGame[] }) {
  if (games.length === 0) {
    return (
      <EmptyState title="ยังไม่มีเกมที่เล่นล่าสุด">
        <Link to="/games" className="link">
          เลือกเกมที่อยากเล่น
        </Link>
      </EmptyState>
    )
  }
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
      {games.map((game) => (
        <li key={game.id} className="w-24 shrink-0 snap-start">
          {/* No prefetch: loading this URL launches the game. A plain link: the
              launch redirect never enters the history, so Back from the game
              returns here (decision 0040); a refused launch comes back to `/`. */}
          <Link to={launchHref(game.id, '/')} prefetch="none" className="group block">
            <HostImage
              path={game.image}
              width={TILE}
              height={TILE}
              alt=""
              className="aspect-square w-full rounded-xl border border-night-700 group-hover:border-gold-500"
            />
            <span className="mt-1 block truncate text-sm font-bold">{game.name}</span>
            <span className="block truncate text-xs text-slate-300">{game.providerName}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
