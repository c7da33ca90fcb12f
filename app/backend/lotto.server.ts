// The types list is public: the results page shows it to visitors too.
import { lottoTypesResponseSchema, type LottoType } from '~/backend/lotto.schemas'
import { cachedCall, callBackend } from '~/backend/client.server'

export function lottoTypes(signal?: AbortSignal): Promise<LottoType[]> {
  return callBackend({
    method: 'GET',
    path: '/lotto/types',
    schema: lottoTypesResponseSchema,
    signal,
  })
}

/** Docs/decisions/0170. */
export const SHARED_LOTTO_TYPES_TTL_MS = 5_000

/** The first opening, closing or drawing after `now` that the list names: its statuses change there. */
export function nextDrawChange(types: readonly LottoType[], now: number): number {
  let next = Number.POSITIVE_INFINITY
  for (const { nextDraw } of types) {
    if (!nextDraw) continue
    for (const time of [nextDraw.opensAt, nextDraw.closesAt, nextDraw.drawsAt]) {
      const at = Date.parse(time)
      if (at > now && at < next) next = at
    }
  }
  return next
}

const shared = cachedCall(
  () => callBackend({ method: 'GET', path: '/lotto/types', schema: lottoTypesResponseSchema }),
  SHARED_LOTTO_TYPES_TTL_MS,
  nextDrawChange,
)

/**
 * The home's closing draws: one call for every member's home within a few seconds, and never
 * past a draw's opening or closing. Pages where a member acts on a draw ask the backend each time.
 */
export const sharedLottoTypes = (signal?: AbortSignal, now?: number): Promise<LottoType[]> =>
  shared.get(now, signal)
