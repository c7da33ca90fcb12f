// docs/backend-api.md, "Lotto". Shared with the demo backend. Draw dates are Bangkok dates.
import { z } from 'zod'
import { BET_KIND_DIGITS, BET_KINDS, STAKE_SET_LIMITS } from '../lib/lotto-numbers'
import { YEEKEE_NUMBER } from '~/lib/yeekee-number'

export const betKindSchema = z.enum(BET_KINDS)

export const lottoGroups = ['government', 'foreign', 'stock', 'yeekee'] as const
export const lottoGroupSchema = z.enum(lottoGroups)
export type LottoGroup = z.infer<typeof lottoGroupSchema>

const isoTime = z.string().datetime({ offset: true })
const drawDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
export const lottoIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/)
/** `-<round>` for a round of the day (ยี่กี). */
export const drawIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}-\d{8}(?:-\d{1,3})?$/)

export const drawSchema = z.object({
  id: drawIdSchema,
  lottoId: lottoIdSchema,
  drawDate,
  round: z.number().int().positive().nullable(),
  opensAt: isoTime,
  closesAt: isoTime,
  drawsAt: isoTime,
})
export type Draw = z.infer<typeof drawSchema>

export const lottoTypeSchema = z.object({
  id: lottoIdSchema,
  name: z.string().min(1),
  group: lottoGroupSchema,
  schedule: z.string(),
  image: z.string().startsWith('/'),
  /** Whatever the draw times say. */
  status: z.enum(['open', 'closed']),
  /** Between two draws: the next to open, its opensAt ahead. */
  nextDraw: drawSchema.nullable(),
})
export type LottoType = z.infer<typeof lottoTypeSchema>

export const lottoTypesResponseSchema = z.object({ data: z.array(lottoTypeSchema) })

export const prizeKeys = [
  'firstPrize',
  'threeFront',
  'threeBack',
  'fourTop',
  'special',
  'threeTop',
  'twoTop',
  'twoBottom',
] as const
export const prizeKeySchema = z.enum(prizeKeys)
export type PrizeKey = z.infer<typeof prizeKeySchema>

/** app/lotto/yeekee.ts states the rule. */
export const yeekeeWorkingSchema = z.object({
  shots: z.number().int().nonnegative(),
  sum: z.number().int().nonnegative(),
  sixteenth: z.string().regex(YEEKEE_NUMBER),
  difference: z.number().int().nonnegative(),
  threeTop: z.string().regex(/^\d{3}$/),
  twoBottom: z.string().regex(/^\d{2}$/),
})
export type YeekeeWorkingOut = z.infer<typeof yeekeeWorkingSchema>

export const drawResultSchema = z.object({
  drawId: drawIdSchema,
  lottoId: lottoIdSchema,
  drawDate,
  round: z.number().int().positive().nullable(),
  drawnAt: isoTime,
  /** app/lib/lotto-numbers.ts isWinning judges by it. */
  threeTop: z.string().regex(/^\d{3}$/),
  twoTop: z.string().regex(/^\d{2}$/),
  twoBottom: z.string().regex(/^\d{2}$/),
  prizes: z.array(z.object({ key: prizeKeySchema, numbers: z.array(z.string().regex(/^\d+$/)) })),
  yeekee: yeekeeWorkingSchema.optional(),
})
export type DrawResult = z.infer<typeof drawResultSchema>

export const stakeLineSchema = z.object({
  kind: betKindSchema,
  number: z.string().regex(/^\d{1,3}$/),
  amount: z.number().positive(),
})
export type StakeLine = z.infer<typeof stakeLineSchema>

export const stakeSetSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(50),
  lines: z.array(stakeLineSchema),
  updatedAt: isoTime,
})
export type StakeSet = z.infer<typeof stakeSetSchema>

export const stakeSetResponseSchema = z.object({ data: stakeSetSchema })

// Stakes (the bet slip): docs/backend-api.md, "Lotto" → "Stakes"

export const betRuleSchema = z.object({
  kind: betKindSchema,
  rate: z.number().positive(),
  minAmount: z.number().int().positive(),
  maxAmount: z.number().int().positive(),
})
export type BetRule = z.infer<typeof betRuleSchema>

const lottoNumber = z.string().regex(/^\d{1,3}$/)

export const limitedNumberSchema = z.object({
  kind: betKindSchema,
  number: lottoNumber,
  /** null: closed (ปิดรับ); else the reduced rate (จ่ายครึ่ง). */
  rate: z.number().positive().nullable(),
})
export type LimitedNumber = z.infer<typeof limitedNumberSchema>

export const stakeRulesSchema = z.object({
  lotto: lottoTypeSchema,
  draw: drawSchema.nullable(),
  /** In BET_KINDS order. */
  rules: z.array(betRuleSchema),
  limited: z.array(limitedNumberSchema),
  maxLines: z.number().int().positive(),
})
export type StakeRules = z.infer<typeof stakeRulesSchema>
export const stakeRulesResponseSchema = z.object({ data: stakeRulesSchema })

export const placeStakeRequestSchema = z.object({
  drawId: drawIdSchema,
  /** A retried post stakes once. */
  idempotencyKey: z.string().min(8).max(64),
  lines: z.array(stakeLineSchema).min(1),
})
export type PlaceStakeRequest = z.infer<typeof placeStakeRequestSchema>

export const stakeRefusalCodes = [
  'NUMBER_CLOSED',
  'BAD_NUMBER',
  'AMOUNT_TOO_LOW',
  'AMOUNT_TOO_HIGH',
  'BAD_AMOUNT',
  'DUPLICATE_LINE',
  'TOO_MANY_LINES',
  'BALANCE_LOW',
] as const
export const stakeRefusalCodeSchema = z.enum(stakeRefusalCodes)
export type StakeRefusalCode = z.infer<typeof stakeRefusalCodeSchema>

export const stakeStatusSchema = z.enum(['pending', 'won', 'lost'])
export type StakeStatus = z.infer<typeof stakeStatusSchema>

export const placedLineSchema = stakeLineSchema.extend({
  rate: z.number().positive(),
  status: stakeStatusSchema,
  winnings: z.number().nonnegative(),
})

export const stakeSchema = z.object({
  id: z.number().int().positive(),
  lottoId: lottoIdSchema,
  lottoName: z.string(),
  draw: drawSchema,
  placedAt: isoTime,
  lines: z.array(placedLineSchema),
  total: z.number().nonnegative(),
  status: stakeStatusSchema,
  winnings: z.number().nonnegative(),
  result: z.object({ threeTop: z.string(), twoTop: z.string(), twoBottom: z.string() }).nullable(),
})
export type Stake = z.infer<typeof stakeSchema>

export const placeStakeResponseSchema = z.object({
  data: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('accepted'),
      stake: stakeSchema,
      balance: z.number(),
    }),
    z.object({
      outcome: z.literal('refused'),
      errors: z
        .array(
          z.object({
            /** null: the slip as a whole. */
            line: z.number().int().nonnegative().nullable(),
            code: stakeRefusalCodeSchema,
          }),
        )
        .min(1),
    }),
  ]),
})
export type PlaceStakeAnswer = z.infer<typeof placeStakeResponseSchema>['data']

export const stakesResponseSchema = z.object({ data: z.array(stakeSchema) })
export const stakeSetsResponseSchema = z.object({ data: z.array(stakeSetSchema) })

export { STAKE_SET_LIMITS }

export const stakeSetLineSchema = stakeLineSchema
  .extend({ amount: z.number().int().min(1).max(STAKE_SET_LIMITS.maxAmount) })
  .refine((line) => line.number.length === BET_KIND_DIGITS[line.kind], {
    message: 'The number must have the digits of its bet kind',
    path: ['number'],
  })

const stakeSetName = z.string().trim().min(1).max(STAKE_SET_LIMITS.nameMax)
const stakeSetLines = z.array(stakeSetLineSchema).max(STAKE_SET_LIMITS.maxLines)

export const createStakeSetSchema = z.object({ name: stakeSetName, lines: stakeSetLines }).strict()
export type CreateStakeSet = z.infer<typeof createStakeSetSchema>

export const updateStakeSetSchema = z
  .object({ name: stakeSetName.optional(), lines: stakeSetLines.optional() })
  .strict()
export type UpdateStakeSet = z.infer<typeof updateStakeSetSchema>

export const deleteStakeSetResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) })

export const drawWithResultSchema = z.object({
  draw: drawSchema,
  result: drawResultSchema.nullable(),
})
export type DrawWithResult = z.infer<typeof drawWithResultSchema>

export const pastDrawsResponseSchema = z.object({ data: z.array(drawSchema) })

export const dayResultsSchema = z.object({
  lottoId: lottoIdSchema,
  drawDate,
  draws: z.array(drawWithResultSchema),
})
export type DayResults = z.infer<typeof dayResultsSchema>
export const dayResultsResponseSchema = z.object({ data: dayResultsSchema })

export const drawResultResponseSchema = z.object({ data: drawWithResultSchema })

export const PAST_DRAWS_MAX = 100
