/**
 * The demo backend's public results (docs/backend-api.md, "Lotto" →
 * "Results"): past draws of a type, a day's draws with their results, one
 * draw by id. Results come from the calendar (`resultOf`), so a draw settled
 * through /__mock/ shows the numbers it was settled with.
 */
import { z } from 'zod'
import {
  dayResultsResponseSchema,
  drawResultSchema,
  drawResultResponseSchema,
  PAST_DRAWS_MAX,
  pastDrawsResponseSchema,
} from '../../app/backend/lotto.schemas'
import { envelope } from '../../app/backend/schemas'
import { ApiError, dataReply } from './http'
import {
  drawsOnDate,
  drawTimesById,
  type DrawTimes,
  lottoSeed,
  type LottoSeed,
  pastDrawTimes,
  toDraw,
} from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'

function seedParam(ctx: RequestContext): LottoSeed {
  const seed = lottoSeed(ctx.params.lottoId ?? '')
  if (!seed) throw new ApiError(404, 'NOT_FOUND', 'No such lotto type')
  return seed
}

function withResult(ctx: RequestContext, times: DrawTimes, now: number) {
  const shown = ctx.state.lotto.times(times)
  return { draw: toDraw(shown), result: ctx.state.lotto.resultOf(shown, now) ?? null }
}

function pastDraws(ctx: RequestContext) {
  const seed = seedParam(ctx)
  const raw = ctx.url.searchParams.get('limit') ?? '20'
  const limit = Number(raw)
  if (!/^\d{1,3}$/.test(raw) || limit < 1 || limit > PAST_DRAWS_MAX) {
    throw new ApiError(400, 'BAD_REQUEST', `limit must be 1 to ${PAST_DRAWS_MAX}`)
  }
  const now = Date.now()
  const draws = pastDrawTimes(seed, now, limit).map((times) => toDraw(times))
  return dataReply(pastDrawsResponseSchema, { data: draws })
}

function dayResults(ctx: RequestContext) {
  const seed = seedParam(ctx)
  const now = Date.now()
  const date = ctx.url.searchParams.get('date')
  let day: string
  if (date === null) {
    const latest = pastDrawTimes(seed, now, 1)[0]
    if (!latest) throw new ApiError(404, 'NOT_FOUND', 'No draw yet')
    day = latest.drawDate
  } else {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw new ApiError(400, 'BAD_REQUEST', 'date: YYYY-MM-DD')
    day = date
  }
  const draws = drawsOnDate(seed, day)
  if (draws.length === 0) throw new ApiError(404, 'NOT_FOUND', `No draw of ${seed.id} on ${day}`)
  return dataReply(dayResultsResponseSchema, {
    data: { lottoId: seed.id, drawDate: day, draws: draws.map((t) => withResult(ctx, t, now)) },
  })
}

function oneDraw(ctx: RequestContext) {
  const times = drawTimesById(ctx.params.drawId ?? '')
  if (!times) throw new ApiError(404, 'NOT_FOUND', 'No such draw')
  return dataReply(drawResultResponseSchema, { data: withResult(ctx, times, Date.now()) })
}

const settleSchema = z
  .object({
    drawId: z.string().min(1),
    threeTop: z.string().regex(/^\d{3}$/),
    twoBottom: z.string().regex(/^\d{2}$/),
  })
  .strict()

/**
 * `POST /__mock/lotto/result { drawId, threeTop, twoBottom }`: records a
 * draw's result now (the results page shows it). Only the result: paying the
 * stakes is the settlement control's work.
 */
function recordResult(ctx: RequestContext) {
  const { drawId, threeTop, twoBottom } = jsonBody(ctx, settleSchema)
  const times = drawTimesById(drawId)
  if (!times) throw new ApiError(404, 'NOT_FOUND', 'No such draw')
  const result = ctx.state.lotto.settle(ctx.state.lotto.times(times), Date.now(), {
    threeTop,
    twoBottom,
  })
  return dataReply(envelope(drawResultSchema), { data: result })
}

export const lottoResultRoutes: readonly Route[] = [
  { method: 'GET', path: '/lotto/results/:lottoId', handler: dayResults },
  { method: 'GET', path: '/lotto/results/:lottoId/draws', handler: pastDraws },
  { method: 'GET', path: '/lotto/draws/:drawId', handler: oneDraw },
  { method: 'POST', path: '/__mock/lotto/result', handler: recordResult },
]
