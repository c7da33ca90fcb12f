/**
 * The member's saved number sets (โพยที่บันทึกไว้): docs/backend-api.md,
 * "Lotto" → "Saved sets". Every call is made as the member.
 */
import {
  deleteStakeSetResponseSchema,
  stakeSetResponseSchema,
  stakeSetsResponseSchema,
  type CreateStakeSet,
  type StakeSet,
  type UpdateStakeSet,
} from '~/backend/lotto.schemas'
import { memberCall } from '~/session/member-api.server'

/** One of the member's sets; a BackendError 404 for an id that is not theirs. */
export function stakeSet(request: Request, id: number): Promise<StakeSet> {
  return memberCall(request, {
    method: 'GET',
    path: `/lotto/stake-sets/${id}`,
    schema: stakeSetResponseSchema,
  })
}

/** The member's sets, the most recently changed first. */
export function stakeSets(request: Request): Promise<StakeSet[]> {
  return memberCall(request, {
    method: 'GET',
    path: '/lotto/stake-sets',
    schema: stakeSetsResponseSchema,
  })
}

/** A new set; a BackendError 409 when the member already has the most sets allowed. */
export function createStakeSet(request: Request, body: CreateStakeSet): Promise<StakeSet> {
  return memberCall(request, {
    method: 'POST',
    path: '/lotto/stake-sets',
    schema: stakeSetResponseSchema,
    body,
  })
}

/** A new name and/or new lines for one of the member's sets. */
export function updateStakeSet(
  request: Request,
  id: number,
  body: UpdateStakeSet,
): Promise<StakeSet> {
  return memberCall(request, {
    method: 'PUT',
    path: `/lotto/stake-sets/${id}`,
    schema: stakeSetResponseSchema,
    body,
  })
}

export async function deleteStakeSet(request: Request, id: number): Promise<void> {
  await memberCall(request, {
    method: 'DELETE',
    path: `/lotto/stake-sets/${id}`,
    schema: deleteStakeSetResponseSchema,
  })
}
