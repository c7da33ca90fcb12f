// Never prefetched: asking for the launch starts the game.
import { Link } from '@remix-run/react'
import { launchHref } from '~/games/launch'
import { HostImage } from '~/ui/host-image'

export interface TileGame {
  id: string
  name: string
  image: string
  status: 'open' | 'maintenance' | 'closed'
  tags?: readonly ('new' | 'hot')[]
}

export const TILE_IMAGE_SIZE = 160
// The app column is at most 40rem wide: 3 tiles a row on phones, 4 from 640 px.
const TILE_SIZES = '(min-width: 640px) 150px, 33vw'

const STATUS_BADGES = {
  maintenance: 'ปิดปรับปรุง',
  closed: 'ปิดให้บริการ',
} as const

function Badge({ game }: { game: TileGame }) {
  if (game.status !== 'open') {
    return (
      <span className="absolute inset-x-1 bottom-1 rounded-md bg-night-950/85 px-1 py-0.5 text-center text-xs font-bold text-amber-200">
        {STATUS_BADGES[game.status]}
      </span>
    )
  }
  const tag = game.tags?.includes('new') ? 'ใหม่' : game.tags?.includes('hot') ? 'ยอดนิยม' : null
  if (!tag) return null
  return (
    <span className="absolute left-1 top-1 rounded-md bg-gold-400 px-1.5 py-0.5 text-xs font-bold text-night-950">
      {tag}
    </span>
  )
}

export function GameTile({
  game,
  from,
  priority = false,
}: {
  game: TileGame
  from?: string
  priority?: boolean
}) {
  const unavailable = game.status !== 'open'
  return (
    <Link
      to={launchHref(game.id, from)}
      prefetch="none"
      className="group block rounded-xl focus-visible:outline-offset-4"
      data-testid="game-tile"
      data-game={game.id}
    >
      <span className="relative block overflow-hidden rounded-xl bg-night-800">
        <HostImage
          path={game.image}
          width={TILE_IMAGE_SIZE}
          height={TILE_IMAGE_SIZE}
          sizes={TILE_SIZES}
          alt=""
          priority={priority}
          className={`block aspect-square h-auto w-full transition-transform group-hover:scale-105 ${unavailable ? 'opacity-50 grayscale' : ''}`}
        />
        <Badge game={game} />
      </span>
      {/* Often English: a name, not text to translate. */}
      <span
        className="mt-1 line-clamp-2 min-h-10 break-words text-sm leading-5 text-slate-100"
        translate="no"
      >
        {game.name}
      </span>
    </Link>
  )
}
