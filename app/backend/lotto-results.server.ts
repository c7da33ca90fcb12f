// No bearer: visitors read them too.
import {
  dayResultsResponseSchema,
  pastDrawsResponseSchema,
  type DayResults,
  type Draw,
} from '~/backend/lotto.schemas'
import { callBackend } from '~/backend/client.server'

export function pastDraws(lottoId: string, limit: number, signal?: AbortSignal): Promise<Draw[]> {
  return callBackend({
    method: 'GET',
    path: `/lotto/results/${encodeURIComponent(lottoId)}/draws?limit=${limit}`,
    schema: pastDrawsResponseSchema,
    signal,
  })
}

/** Without a date, the day of its latest drawn draw; 404 when the type does not draw that day. */
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
