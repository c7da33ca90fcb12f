/**
 * The bet slip's backend calls (docs/backend-api.md, "Lotto" → "Stakes"),
 * all made as the member: the rules of a type's open draw, placing a slip,
 * and the member's slips with their outcomes.
 */
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

/** The slip's rules for a lotto type; a BackendError 404 for an unknown type. */
export function stakeRules(ctx: MemberContext, lottoId: string): Promise<StakeRules> {
  return memberCall(ctx, {
    method: 'GET',
    path: `/lotto/types/${encodeURIComponent(lottoId)}/stake-rules`,
    schema: stakeRulesResponseSchema,
  })
}

/** Places a slip: accepted or refused line by line; a BackendError 409 DRAW_CLOSED when closed. */
export function placeStake(ctx: MemberContext, body: PlaceStakeRequest): Promise<PlaceStakeAnswer> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/lotto/stakes',
    body,
    schema: placeStakeResponseSchema,
  })
}

/** The member's slips, most recent first. */
export function memberStakes(ctx: MemberContext, limit = 20): Promise<Stake[]> {
  return memberCall(ctx, {
    method: 'GET',
    path: `/lotto/stakes?limit=${limit}`,
    schema: stakesResponseSchema,
  })
}
