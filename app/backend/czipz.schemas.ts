/**
 * The reward games (เกมลุ้นรางวัล, /czipz) as the backend reports them
 * (docs/backend-api.md, "Reward games"): the member's tickets for the day, the
 * wheel's slices, the result of a spin or of an angpao pick (decided by the
 * backend before anything moves on screen) and the member's recent plays.
 * Shared with the demo backend.
 */
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

export const REWARD_GAMES = ['wheel', 'angpao'] as const
export const rewardGameSchema = z.enum(REWARD_GAMES)
export type RewardGame = z.infer<typeof rewardGameSchema>

/** How many envelopes the angpao game offers (the member picks one of them). */
export const ANGPAO_ENVELOPES = 6

/** A prize: what a wheel slice or an envelope holds. */
export const rewardPrizeSchema = z.object({
  /** Stable id of the prize ("cash-50", "free-credit", "try-again"). */
  id: z.string().min(1),
  /** Thai label shown on the wheel and in the result ("฿50", "เครดิตฟรี ฿20", "ลองใหม่อีกครั้ง"). */
  label: z.string().min(1),
  /** Baht credited to the balance (0: nothing won). */
  amount: z.number().nonnegative(),
})
export type RewardPrize = z.infer<typeof rewardPrizeSchema>

/** One play of a reward game. */
export const rewardPlaySchema = z.object({
  id: z.string().min(1),
  game: rewardGameSchema,
  prize: rewardPrizeSchema,
  /** ISO 8601 with offset. */
  at: z.string().datetime({ offset: true }),
})
export type RewardPlay = z.infer<typeof rewardPlaySchema>

/** `GET /rewards/games`. */
export const rewardGamesSchema = z.object({
  wheel: z.object({
    /** Spins left today. */
    tickets: z.number().int().nonnegative(),
    /** The slices clockwise from the top, at least 2. */
    slices: z.array(rewardPrizeSchema).min(2).max(16),
  }),
  angpao: z.object({
    /** Picks left today. */
    tickets: z.number().int().nonnegative(),
    envelopes: z.number().int().min(2).max(12),
  }),
  /** When today's tickets end and new ones start (midnight in Bangkok), ISO 8601 with offset. */
  ticketsResetAt: z.string().datetime({ offset: true }),
  /** The member's recent plays, newest first. */
  history: z.array(rewardPlaySchema),
})
export type RewardGames = z.infer<typeof rewardGamesSchema>
export const rewardGamesResponseSchema = envelope(rewardGamesSchema)

/** `POST /rewards/wheel/spin`. */
export const spinRequestSchema = z.object({ idempotencyKey: z.string().min(8).max(64) }).strict()

/** `POST /rewards/angpao/pick`. */
export const pickRequestSchema = z
  .object({
    /** 0-based envelope the member picked. */
    envelope: z.number().int().nonnegative(),
    idempotencyKey: z.string().min(8).max(64),
  })
  .strict()

/** What a spin or a pick decided: the play, where it landed, the tickets left, the new balance. */
export const rewardResultSchema = z.object({
  play: rewardPlaySchema,
  /** The wheel slice (0-based, clockwise from the top) or the envelope the prize is in. */
  index: z.number().int().nonnegative(),
  ticketsLeft: z.number().int().nonnegative(),
  /** The balance after the prize was credited. */
  balance: z.number(),
})
export type RewardResult = z.infer<typeof rewardResultSchema>
export const rewardResultResponseSchema = envelope(rewardResultSchema)
