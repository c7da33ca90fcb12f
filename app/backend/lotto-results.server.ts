/**
 * Public lotto results (docs/backend-api.md, "Lotto" → "Results"): no
 * bearer, visitors read them too.
 */
import {
  dayResultsResponseSchema,
  pastDrawsResponseSchema,
  type DayResults,
  type Draw,
} from '~/backend/lotto.schemas'
import { callBackend } from '~/backend/client.server'

/** The draws of a type already drawn, the most recent first. */
export function pastDraws(lottoId: string, limit: number, signal?: AbortSignal): Promise<Draw[]> {
  return callBackend({
    method: 'GET',
    path: `/lotto/results/${encodeURIComponent(lottoId)}/draws?limit=${limit}`,
    schema: pastDrawsResponseSchema,
    signal,
  })
}

/**
 * The draws of a type on a Bangkok date with their results (null: not out
 * yet); without a date, the day of its latest drawn draw. A BackendError 404
 * when the type does not draw that day.
 */
export function dayResults(
  lottoId: string,
  date: string | null,
  signal?: AbortSignal,
): Promise<DayResults> {
  const query = date ? `?date=${date}` : ''
  return callBackend({
    method: 'GET',
    path: `/lotto/results/${encodeURIComponent(lottoId)}${query}`,
    schema: dayResultsResponseSchema,
    signal,
  })
}
