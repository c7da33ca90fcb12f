/**
 * The member's saved number sets (โพยที่บันทึกไว้): docs/backend-api.md,
 * "Lotto" → "Saved sets". Every call is made as the member.
 */
import { stakeSetResponseSchema, type StakeSet } from '~/backend/lotto.schemas'
import { memberCall } from '~/session/member-api.server'

/** One of the member's sets; a BackendError 404 for an id that is not theirs. */
export function stakeSet(request: Request, id: number): Promise<StakeSet> {
  return memberCall(request, {
    method: 'GET',
    path: `/lotto/stake-sets/${id}`,
    schema: stakeSetResponseSchema,
  })
}
