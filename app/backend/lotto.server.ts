/**
 * Lotto calls (docs/backend-api.md, "Lotto"). The list of lotto types with
 * their next draw is public: the results page shows it to visitors too.
 */
import { lottoTypesResponseSchema, type LottoType } from '~/backend/lotto.schemas'
import { callBackend } from '~/backend/client.server'

/** The lotto types the backend offers, each with its next draw taking stakes. */
export function lottoTypes(signal?: AbortSignal): Promise<LottoType[]> {
  return callBackend({
    method: 'GET',
    path: '/lotto/types',
    schema: lottoTypesResponseSchema,
    signal,
  })
}
