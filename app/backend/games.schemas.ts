/**
 * The games contract (docs/backend-api.md, "Games"): providers, the game
 * list with its server-side filters and paging, the member's recently played
 * games, and launching a game or the lotto provider's page. Shared with the
 * demo backend (tests/mock-backend/games.ts), which builds its answers with
 * these same schemas.
 */
import { z } from 'zod'
// Relative imports: the demo backend's bundle (esbuild) imports this file too.
import { envelope } from './schemas'
import {
  GAME_CATEGORIES,
  GAME_ID_PATTERN,
  MAX_SEARCH_LENGTH,
  PROVIDER_ID_PATTERN,
} from '../lib/lobby-query'

export { GAME_CATEGORIES, GAME_ID_PATTERN, MAX_SEARCH_LENGTH, PROVIDER_ID_PATTERN }

export const gameCategorySchema = z.enum(GAME_CATEGORIES)
export type GameCategory = z.infer<typeof gameCategorySchema>

export const GAME_STATUSES = ['open', 'maintenance', 'closed'] as const
export const gameStatusSchema = z.enum(GAME_STATUSES)
export type GameStatus = z.infer<typeof gameStatusSchema>

export const providerSchema = z.object({
  id: z.string().regex(PROVIDER_ID_PATTERN),
  /** The brand as Thai players know it (usually Latin letters: "PG Soft"). */
  name: z.string().min(1),
  /** The name in Thai, as Thai apps caption it ("พีจี สล็อต"). */
  nameTh: z.string().min(1),
  categories: z.array(gameCategorySchema).min(1),
  /** `/img/providers/<id>.svg` on the image host (2:1). */
  logo: z.string().startsWith('/img/providers/'),
  status: gameStatusSchema,
})
export type Provider = z.infer<typeof providerSchema>

export const GAME_TAGS = ['new', 'hot'] as const
export const gameSchema = z.object({
  id: z.string().regex(GAME_ID_PATTERN),
  /** The name as shown (Latin for most slots, Thai for Thai table games). */
  name: z.string().min(1),
  /** The same name in the other script; searched too. */
  altName: z.string().optional(),
  provider: z.string().regex(PROVIDER_ID_PATTERN),
  category: gameCategorySchema,
  /** `/img/games/<id>.svg` on the image host (1:1). */
  image: z.string().startsWith('/img/games/'),
  /** A game of a provider in maintenance reports the provider's status. */
  status: gameStatusSchema,
  tags: z.array(z.enum(GAME_TAGS)).default([]),
})
export type Game = z.infer<typeof gameSchema>

/** `GET /games/providers` (no bearer: the same list for everyone). */
export const providersResponseSchema = envelope(z.array(providerSchema))

export const MAX_PAGE_SIZE = 60

/** `GET /games?category=&provider=&q=&page=&pageSize=` (query string). */
export const gamesQuerySchema = z.object({
  category: gameCategorySchema.optional(),
  provider: z.string().regex(PROVIDER_ID_PATTERN).optional(),
  /** Part of the name, either script, any letter case. */
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
})

export const gamesPageSchema = z.object({
  games: z.array(gameSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Games matching the filters, over all pages. */
  total: z.number().int().min(0),
})
export type GamesPage = z.infer<typeof gamesPageSchema>
export const gamesResponseSchema = envelope(gamesPageSchema)

export const MAX_RECENT_GAMES = 20
/** `GET /games/recent?limit=`: the member's games, most recently launched first. */
export const recentGamesResponseSchema = envelope(z.array(gameSchema))

/** `POST /games/launch`. */
export const launchGameRequestSchema = z.object({
  gameId: z.string().regex(GAME_ID_PATTERN),
  /** Where the provider's "back" button leads (the lobby the member came from). */
  returnUrl: z.string().url().optional(),
})
/** `POST /lotto/launch`. */
export const launchLottoRequestSchema = z.object({ returnUrl: z.string().url().optional() })
/** The provider's page to send the member to (absolute http(s) URL, single use). */
export const launchResponseSchema = envelope(
  z.object({
    url: z
      .string()
      .url()
      .regex(/^https?:\/\//),
  }),
)
