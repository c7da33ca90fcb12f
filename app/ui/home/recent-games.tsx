import type { ReactNode } from 'react'
import { GameTile, type TileGame } from '~/ui/games/game-tile'

/** `empty` is given by the page, so this chunk imports no module of the first-load file. */
export function RecentGames({ games, empty }: { games: TileGame[]; empty: ReactNode }) {
  if (games.length === 0) return <>{empty}</>
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
      {games.map((game) => (
        <li key={game.id} className="w-24 shrink-0 snap-start">
          {/* A refused launch comes back to the home page with its message. */}
          <GameTile game={game} from="/" />
        </li>
      ))}
    </ul>
  )
}
