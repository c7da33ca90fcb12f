// docs/backend-api.md, "Yeekee shooting"; app/lotto/yeekee.ts states the rule.
import { z } from 'zod'
import { drawIdSchema, yeekeeWorkingSchema } from '~/backend/lotto.schemas'
import { envelope } from '~/backend/schemas'
import { YEEKEE_NUMBER } from '~/lib/yeekee-number'

export { yeekeeWorkingSchema }

const isoTime = z.string().datetime({ offset: true })

export const yeekeeShotSchema = z.object({
  seq: z.number().int().positive(),
  number: z.string().regex(YEEKEE_NUMBER),
  by: z.string(),
  at: isoTime,
})
export type YeekeeShot = z.infer<typeof yeekeeShotSchema>

export const yeekeeRoundSchema = z.object({
  drawId: drawIdSchema,
  round: z.number().int().positive(),
  drawDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  opensAt: isoTime,
  closesAt: isoTime,
  drawsAt: isoTime,
  status: z.enum(['open', 'closed', 'drawn']),
  shotCount: z.number().int().nonnegative(),
  shots: z.array(yeekeeShotSchema),
  myShots: z.number().int().nonnegative(),
  shotLimit: z.number().int().positive(),
  pauseSeconds: z.number().int().nonnegative(),
  nextShotAt: isoTime.nullable(),
  working: yeekeeWorkingSchema.nullable(),
})
export type YeekeeRound = z.infer<typeof yeekeeRoundSchema>
export const yeekeeRoundResponseSchema = envelope(yeekeeRoundSchema)

export const shootRequestSchema = z
  .object({ number: z.string().regex(YEEKEE_NUMBER), idempotencyKey: z.string().min(8).max(64) })
  .strict()
export const shootResponseSchema = envelope(
  z.object({
    shot: yeekeeShotSchema,
    myShots: z.number().int().nonnegative(),
    nextShotAt: isoTime.nullable(),
  }),
)

/** The id is the shot's seq. */
export const yeekeeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('shot'), drawId: drawIdSchema, shot: yeekeeShotSchema }),
  z.object({ type: z.literal('closed'), drawId: drawIdSchema }),
  z.object({ type: z.literal('result'), drawId: drawIdSchema, working: yeekeeWorkingSchema }),
])
export type YeekeeEvent = z.infer<typeof yeekeeEventSchema>
export const YEEKEE_EVENT = 'yeekee'
