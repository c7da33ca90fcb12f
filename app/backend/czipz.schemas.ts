// docs/backend-api.md, "Reward games": the backend decides a result before anything moves on screen.
// Shared with the demo backend.
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

export const REWARD_GAMES = ['wheel', 'angpao'] as const
export const rewardGameSchema = z.enum(REWARD_GAMES)
export type RewardGame = z.infer<typeof rewardGameSchema>

export const ANGPAO_ENVELOPES = 6

export const rewardPrizeSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
  amount: z.number().nonnegative(),
})
export type RewardPrize = z.infer<typeof rewardPrizeSchema>

export const rewardPlaySchema = z.object({
  id: z.string().min(1),
  game: rewardGameSchema,
  prize: rewardPrizeSchema,
  at: z.string().datetime({ offset: true }),
})
export type RewardPlay = z.infer<typeof rewardPlaySchema>

export const rewardGamesSchema = z.object({
  wheel: z.object({
    tickets: z.number().int().nonnegative(),
    /** Clockwise from the top. */
    slices: z.array(rewardPrizeSchema).min(2).max(16),
  }),
  angpao: z.object({
    tickets: z.number().int().nonnegative(),
    envelopes: z.number().int().min(2).max(12),
  }),
  /** Midnight in Bangkok. */
  ticketsResetAt: z.string().datetime({ offset: true }),
  history: z.array(rewardPlaySchema),
})
export type RewardGames = z.infer<typeof rewardGamesSchema>
export const rewardGamesResponseSchema = envelope(rewardGamesSchema)

export const spinRequestSchema = z.object({ idempotencyKey: z.string().min(8).max(64) }).strict()

export const pickRequestSchema = z
  .object({
    envelope: z.number().int().nonnegative(),
    idempotencyKey: z.string().min(8).max(64),
  })
  .strict()

export const rewardResultSchema = z.object({
  play: rewardPlaySchema,
  /** 0-based, clockwise from the top. */
  index: z.number().int().nonnegative(),
  ticketsLeft: z.number().int().nonnegative(),
  balance: z.number(),
})
export type RewardResult = z.infer<typeof rewardResultSchema>
export const rewardResultResponseSchema = envelope(rewardResultSchema)
