// docs/backend-api.md, "Games". Shared with the demo backend.
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
  name: z.string().min(1),
  /** The name in Thai, as Thai apps caption it ("พีจี สล็อต"). */
  nameTh: z.string().min(1),
  categories: z.array(gameCategorySchema).min(1),
  /** 2:1. */
  logo: z.string().startsWith('/img/providers/'),
  status: gameStatusSchema,
})
export type Provider = z.infer<typeof providerSchema>

export const GAME_TAGS = ['new', 'hot'] as const
export const gameSchema = z.object({
  id: z.string().regex(GAME_ID_PATTERN),
  name: z.string().min(1),
  /** Searched too. */
  altName: z.string().optional(),
  provider: z.string().regex(PROVIDER_ID_PATTERN),
  category: gameCategorySchema,
  /** 1:1. */
  image: z.string().startsWith('/img/games/'),
  status: gameStatusSchema,
  tags: z.array(z.enum(GAME_TAGS)).default([]),
})
export type Game = z.infer<typeof gameSchema>

/** No bearer: the same list for everyone. */
export const providersResponseSchema = envelope(z.array(providerSchema))

export const MAX_PAGE_SIZE = 60

export const gamesQuerySchema = z.object({
  category: gameCategorySchema.optional(),
  provider: z.string().regex(PROVIDER_ID_PATTERN).optional(),
  /** Either script, any letter case. */
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
})

export const gamesPageSchema = z.object({
  games: z.array(gameSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
})
export type GamesPage = z.infer<typeof gamesPageSchema>
export const gamesResponseSchema = envelope(gamesPageSchema)

export const MAX_RECENT_GAMES = 20
export const recentGamesResponseSchema = envelope(z.array(gameSchema))

export const launchGameRequestSchema = z.object({
  gameId: z.string().regex(GAME_ID_PATTERN),
  returnUrl: z.string().url().optional(),
})
export const launchLottoRequestSchema = z.object({ returnUrl: z.string().url().optional() })
/** Single use. */
export const launchResponseSchema = envelope(
  z.object({
    url: z
      .string()
      .url()
      .regex(/^https?:\/\//),
  }),
)
