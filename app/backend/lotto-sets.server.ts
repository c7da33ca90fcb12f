/**
 * The member's saved number sets (โพยที่บันทึกไว้): docs/backend-api.md,
 * "Lotto" → "Saved sets". Every call is made as the member.
 */
import { memberCall, type MemberContext } from '~/backend/client.server'
import {
  deleteStakeSetResponseSchema,
  stakeSetResponseSchema,
  stakeSetsResponseSchema,
  type CreateStakeSet,
  type StakeSet,
  type UpdateStakeSet,
} from '~/backend/lotto.schemas'

/** One of the member's sets; a BackendError 404 for an id that is not theirs. */
export function stakeSet(ctx: MemberContext, id: number): Promise<StakeSet> {
  return memberCall(ctx, {
    method: 'GET',
    path: `/lotto/stake-sets/${id}`,
    schema: stakeSetResponseSchema,
  })
}

/** The member's sets, the most recently changed first. */
export function stakeSets(ctx: MemberContext): Promise<StakeSet[]> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/lotto/stake-sets',
    schema: stakeSetsResponseSchema,
  })
}

/** A new set; a BackendError 409 when the member already has the most sets allowed. */
export function createStakeSet(ctx: MemberContext, body: CreateStakeSet): Promise<StakeSet> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/lotto/stake-sets',
    schema: stakeSetResponseSchema,
    body,
  })
}

/** A new name and/or new lines for one of the member's sets. */
export function updateStakeSet(
  ctx: MemberContext,
  id: number,
  body: UpdateStakeSet,
): Promise<StakeSet> {
  return memberCall(ctx, {
    method: 'PUT',
    path: `/lotto/stake-sets/${id}`,
    schema: stakeSetResponseSchema,
    body,
  })
}

export async function deleteStakeSet(ctx: MemberContext, id: number): Promise<void> {
  await memberCall(ctx, {
    method: 'DELETE',
    path: `/lotto/stake-sets/${id}`,
    schema: deleteStakeSetResponseSchema,
  })
}
