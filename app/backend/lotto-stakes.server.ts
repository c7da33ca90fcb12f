// docs/backend-api.md, "Lotto" → "Stakes".
import { memberCall, type MemberContext } from '~/backend/client.server'
import {
  placeStakeResponseSchema,
  stakeRulesResponseSchema,
  stakesResponseSchema,
  type PlaceStakeAnswer,
  type PlaceStakeRequest,
  type Stake,
  type StakeRules,
} from '~/backend/lotto.schemas'

export function stakeRules(ctx: MemberContext, lottoId: string): Promise<StakeRules> {
  return memberCall(ctx, {
    method: 'GET',
    path: `/lotto/types/${encodeURIComponent(lottoId)}/stake-rules`,
    schema: stakeRulesResponseSchema,
  })
}

export function placeStake(ctx: MemberContext, body: PlaceStakeRequest): Promise<PlaceStakeAnswer> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/lotto/stakes',
    body,
    schema: placeStakeResponseSchema,
  })
}

export function memberStakes(ctx: MemberContext, limit = 20): Promise<Stake[]> {
  return memberCall(ctx, {
    method: 'GET',
    path: `/lotto/stakes?limit=${limit}`,
    schema: stakesResponseSchema,
  })
}
