/**
 * The lotto contract's shared shapes: lotto types, draws and draw results
 * (docs/backend-api.md, "Lotto"). The app validates answers with them, the
 * demo backend builds its answers with them. Times travel as ISO 8601 with
 * an offset; draw dates are Bangkok calendar dates (YYYY-MM-DD).
 */
import { z } from 'zod'
import { BET_KIND_DIGITS, BET_KINDS, STAKE_SET_LIMITS } from '../lib/lotto-numbers'
import { YEEKEE_NUMBER } from '~/lib/yeekee-number'

export const betKindSchema = z.enum(BET_KINDS)

/** How a lotto type is grouped on the lotto page. */
export const lottoGroups = ['government', 'foreign', 'stock', 'yeekee'] as const
export const lottoGroupSchema = z.enum(lottoGroups)
export type LottoGroup = z.infer<typeof lottoGroupSchema>

const isoTime = z.string().datetime({ offset: true })
const drawDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
/** A lotto type id: `thai`, `lao`, `hanoi`, `nikkei`, `yeekee`, … */
export const lottoIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/)
/** A draw id: `<lottoId>-<yyyymmdd>`, with `-<round>` for a round of the day (ยี่กี). */
export const drawIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}-\d{8}(?:-\d{1,3})?$/)

export const drawSchema = z.object({
  id: drawIdSchema,
  lottoId: lottoIdSchema,
  /** The Bangkok calendar date of the draw. */
  drawDate,
  /** The round of the day for types drawn many times a day (ยี่กี รอบที่ 1…96), else null. */
  round: z.number().int().positive().nullable(),
  opensAt: isoTime,
  /** Stakes are taken until this moment. */
  closesAt: isoTime,
  /** The result is out at (or soon after) this moment. */
  drawsAt: isoTime,
})
export type Draw = z.infer<typeof drawSchema>

export const lottoTypeSchema = z.object({
  id: lottoIdSchema,
  /** Thai name, e.g. หวยรัฐบาลไทย. */
  name: z.string().min(1),
  group: lottoGroupSchema,
  /** One Thai line on when it is drawn, e.g. "ออกทุกวันที่ 1 และ 16 ของเดือน". */
  schedule: z.string(),
  /** `/img/...` path on the image host. */
  image: z.string().startsWith('/'),
  /** `closed`: no stakes taken for now (ปิดรับชั่วคราว), whatever the draw times say. */
  status: z.enum(['open', 'closed']),
  /** The next draw taking stakes (between two draws: the next to open, its opensAt ahead); null when none. */
  nextDraw: drawSchema.nullable(),
})
export type LottoType = z.infer<typeof lottoTypeSchema>

/** `GET /lotto/types`. */
export const lottoTypesResponseSchema = z.object({ data: z.array(lottoTypeSchema) })

/** The prize rows a result may carry; the app gives each a Thai label. */
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

/** How a yeekee round's numbers came out of its shots (app/lotto/yeekee.ts). */
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
  /** The three numbers every stake is judged by (app/lib/lotto-numbers.ts isWinning). */
  threeTop: z.string().regex(/^\d{3}$/),
  twoTop: z.string().regex(/^\d{2}$/),
  twoBottom: z.string().regex(/^\d{2}$/),
  /** What the lotto type publishes, in its own order (Thai draw: first prize, 3 front, 3 back, 2 bottom). */
  prizes: z.array(z.object({ key: prizeKeySchema, numbers: z.array(z.string().regex(/^\d+$/)) })),
  /** A yeekee round's result: the sum of its shots, the 16th shot and their difference. */
  yeekee: yeekeeWorkingSchema.optional(),
})
export type DrawResult = z.infer<typeof drawResultSchema>

/** One line of a slip or a saved set: a number played as a bet kind for an amount in baht. */
export const stakeLineSchema = z.object({
  kind: betKindSchema,
  number: z.string().regex(/^\d{1,3}$/),
  amount: z.number().positive(),
})
export type StakeLine = z.infer<typeof stakeLineSchema>

/** A saved set of numbers (โพยที่บันทึกไว้), playable on any lotto type. */
export const stakeSetSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(50),
  lines: z.array(stakeLineSchema),
  updatedAt: isoTime,
})
export type StakeSet = z.infer<typeof stakeSetSchema>

/** `GET /lotto/stake-sets/:id` (bearer): one of the member's sets; 404 NOT_FOUND for another's or none. */
export const stakeSetResponseSchema = z.object({ data: stakeSetSchema })

// ---------------------------------------------------------------------------
// Stakes (the bet slip): docs/backend-api.md, "Lotto" → "Stakes"

/** What the backend pays for one baht on a bet kind, and the amounts a line may take. */
export const betRuleSchema = z.object({
  kind: betKindSchema,
  /** Baht paid per baht staked on a winning line (บาทละ). */
  rate: z.number().positive(),
  /** Whole baht. */
  minAmount: z.number().int().positive(),
  maxAmount: z.number().int().positive(),
})
export type BetRule = z.infer<typeof betRuleSchema>

const lottoNumber = z.string().regex(/^\d{1,3}$/)

/** เลขอั้น: a number of a kind that is not taken (`rate` null) or paid at a lower rate. */
export const limitedNumberSchema = z.object({
  kind: betKindSchema,
  number: lottoNumber,
  /** null: closed (ปิดรับ); else the reduced rate (e.g. half: จ่ายครึ่ง). */
  rate: z.number().positive().nullable(),
})
export type LimitedNumber = z.infer<typeof limitedNumberSchema>

/** `GET /lotto/types/:id/stake-rules` (bearer): the slip's rules for the type's open draw. */
export const stakeRulesSchema = z.object({
  lotto: lottoTypeSchema,
  /** The draw stakes go to now; null when the type takes none (closed, or none scheduled). */
  draw: drawSchema.nullable(),
  /** One per bet kind, in BET_KINDS order. */
  rules: z.array(betRuleSchema),
  limited: z.array(limitedNumberSchema),
  /** Most lines one slip may hold. */
  maxLines: z.number().int().positive(),
})
export type StakeRules = z.infer<typeof stakeRulesSchema>
export const stakeRulesResponseSchema = z.object({ data: stakeRulesSchema })

/** `POST /lotto/stakes` (bearer). */
export const placeStakeRequestSchema = z.object({
  drawId: drawIdSchema,
  /** The same key again answers the first answer (a retried post stakes once). */
  idempotencyKey: z.string().min(8).max(64),
  lines: z.array(stakeLineSchema).min(1),
})
export type PlaceStakeRequest = z.infer<typeof placeStakeRequestSchema>

/** Why the backend refused a line (or the whole slip when `line` is null). */
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
  /** The rate this line is paid at (a reduced rate when the number was เลขอั้น). */
  rate: z.number().positive(),
  status: stakeStatusSchema,
  /** Baht paid for this line (0 until it wins). */
  winnings: z.number().nonnegative(),
})

/** A placed slip (โพย) and its outcome. */
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
  /** The numbers it was judged by, once settled. */
  result: z.object({ threeTop: z.string(), twoTop: z.string(), twoBottom: z.string() }).nullable(),
})
export type Stake = z.infer<typeof stakeSchema>

export const placeStakeResponseSchema = z.object({
  data: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('accepted'),
      stake: stakeSchema,
      /** The member's balance after the debit. */
      balance: z.number(),
    }),
    z.object({
      outcome: z.literal('refused'),
      errors: z
        .array(
          z.object({
            /** Index into the posted lines; null: the slip as a whole. */
            line: z.number().int().nonnegative().nullable(),
            code: stakeRefusalCodeSchema,
          }),
        )
        .min(1),
    }),
  ]),
})
export type PlaceStakeAnswer = z.infer<typeof placeStakeResponseSchema>['data']

/** `GET /lotto/stakes?limit=` (bearer): the member's slips, most recent first. */
export const stakesResponseSchema = z.object({ data: z.array(stakeSchema) })
/** `GET /lotto/stake-sets` (bearer): the member's sets, the most recently changed first. */
export const stakeSetsResponseSchema = z.object({ data: z.array(stakeSetSchema) })

export { STAKE_SET_LIMITS }

/** A line of a saved set: the number has the kind's digits, the amount whole baht within the limit. */
export const stakeSetLineSchema = stakeLineSchema
  .extend({ amount: z.number().int().min(1).max(STAKE_SET_LIMITS.maxAmount) })
  .refine((line) => line.number.length === BET_KIND_DIGITS[line.kind], {
    message: 'The number must have the digits of its bet kind',
    path: ['number'],
  })

const stakeSetName = z.string().trim().min(1).max(STAKE_SET_LIMITS.nameMax)
const stakeSetLines = z.array(stakeSetLineSchema).max(STAKE_SET_LIMITS.maxLines)

/** `POST /lotto/stake-sets` body. */
export const createStakeSetSchema = z.object({ name: stakeSetName, lines: stakeSetLines }).strict()
export type CreateStakeSet = z.infer<typeof createStakeSetSchema>

/** `PUT /lotto/stake-sets/:id` body: a new name, new lines, or both. */
export const updateStakeSetSchema = z
  .object({ name: stakeSetName.optional(), lines: stakeSetLines.optional() })
  .strict()
export type UpdateStakeSet = z.infer<typeof updateStakeSetSchema>

/** `DELETE /lotto/stake-sets/:id`. */
export const deleteStakeSetResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) })

/** A draw with its result, null while it is not out yet. */
export const drawWithResultSchema = z.object({
  draw: drawSchema,
  result: drawResultSchema.nullable(),
})
export type DrawWithResult = z.infer<typeof drawWithResultSchema>

/** `GET /lotto/results/:lottoId/draws?limit=`: drawn draws, the most recent first. */
export const pastDrawsResponseSchema = z.object({ data: z.array(drawSchema) })

/** `GET /lotto/results/:lottoId?date=`: the draws of one Bangkok day (ยี่กี: every round), in time order. */
export const dayResultsSchema = z.object({
  lottoId: lottoIdSchema,
  drawDate,
  draws: z.array(drawWithResultSchema),
})
export type DayResults = z.infer<typeof dayResultsSchema>
export const dayResultsResponseSchema = z.object({ data: dayResultsSchema })

/** `GET /lotto/draws/:drawId`: one draw and its result. */
export const drawResultResponseSchema = z.object({ data: drawWithResultSchema })

/** Most past draws one call lists. */
export const PAST_DRAWS_MAX = 100
