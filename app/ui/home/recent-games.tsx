/** "เล่นล่าสุด": the games the member played last, one tap from playing again. */
import { Link } from '@remix-run/react'
import { GameTile, type TileGame } from '~/ui/games/game-tile'
import { EmptyState } from '~/ui/states'

export function RecentGames({ games }: { games: TileGame[] }) {
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
          {/* A refused launch comes back to the home page with its message. */}
          <GameTile game={game} from="/" />
        </li>
      ))}
    </ul>
  )
}
