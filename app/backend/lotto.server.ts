// The types list is public: the results page shows it to visitors too.
import { lottoTypesResponseSchema, type LottoType } from '~/backend/lotto.schemas'
import { callBackend } from '~/backend/client.server'

export function lottoTypes(signal?: AbortSignal): Promise<LottoType[]> {
  return callBackend({
    method: 'GET',
    path: '/lotto/types',
    schema: lottoTypesResponseSchema,
    signal,
  })
}
