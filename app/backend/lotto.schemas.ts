/**
 * The lotto contract's shared shapes: lotto types, draws and draw results
 * (docs/backend-api.md, "Lotto"). The app validates answers with them, the
 * demo backend builds its answers with them. Times travel as ISO 8601 with
 * an offset; draw dates are Bangkok calendar dates (YYYY-MM-DD).
 */
import { z } from 'zod'
import { BET_KINDS } from '../lib/lotto-numbers'

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
  /** The next draw still taking stakes, null when none is scheduled. */
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
