// docs/backend-api.md, "Lotto" → "Saved sets".
import { memberCall, type MemberContext } from '~/backend/client.server'
import {
  deleteStakeSetResponseSchema,
  stakeSetResponseSchema,
  stakeSetsResponseSchema,
  type CreateStakeSet,
  type StakeSet,
  type UpdateStakeSet,
} from '~/backend/lotto.schemas'

export function stakeSet(ctx: MemberContext, id: number): Promise<StakeSet> {
  return memberCall(ctx, {
    method: 'GET',
    path: `/lotto/stake-sets/${id}`,
    schema: stakeSetResponseSchema,
  })
}

export function stakeSets(ctx: MemberContext): Promise<StakeSet[]> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/lotto/stake-sets',
    schema: stakeSetsResponseSchema,
  })
}

export function createStakeSet(ctx: MemberContext, body: CreateStakeSet): Promise<StakeSet> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/lotto/stake-sets',
    schema: stakeSetResponseSchema,
    body,
  })
}

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
