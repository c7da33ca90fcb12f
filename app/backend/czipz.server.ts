/**
 * The reward games' backend calls (docs/backend-api.md, "Reward games"), all
 * made as the member: the day's tickets and the wheel, a spin and an angpao
 * pick (each with the form's one-time key: the backend decides the prize and
 * takes the ticket once per key), and the Thai messages of its refusals.
 */
import {
  rewardGamesResponseSchema,
  rewardResultResponseSchema,
  type RewardGames,
  type RewardResult,
} from '~/backend/czipz.schemas'
import { refusalFor, memberCall, type MemberContext } from '~/backend/client.server'
import { errorCodes } from '~/backend/schemas'
import { KEY_REUSED_MESSAGE } from '~/server/idempotency.server'

export const CZIPZ_MESSAGES = {
  noTickets: 'สิทธิ์ลุ้นรางวัลของวันนี้หมดแล้ว กลับมาเล่นใหม่พรุ่งนี้นะคะ',
  envelopeInvalid: 'ไม่พบซองอั่งเปาที่เลือก กรุณาเลือกใหม่อีกครั้ง',
  keyReused: KEY_REUSED_MESSAGE,
} as const

/** The member's tickets for today, the wheel's slices and the recent plays. */
export function rewardGames(ctx: MemberContext): Promise<RewardGames> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/rewards/games',
    schema: rewardGamesResponseSchema,
  })
}

/** Spins the wheel: the backend's decided prize and slice; BackendError 409 NO_TICKETS when none left. */
export function spinWheel(ctx: MemberContext, idempotencyKey: string): Promise<RewardResult> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/rewards/wheel/spin',
    body: { idempotencyKey },
    schema: rewardResultResponseSchema,
  })
}

/** Opens envelope `envelope` (0-based): what the backend put in it. */
export function pickAngpao(
  ctx: MemberContext,
  envelope: number,
  idempotencyKey: string,
): Promise<RewardResult> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/rewards/angpao/pick',
    body: { envelope, idempotencyKey },
    schema: rewardResultResponseSchema,
  })
}

/** The Thai message for a refused spin or pick (null: not a refusal of this area). */
export function czipzErrorMessage(error: unknown): string | null {
  return refusalFor(error, {
    [errorCodes.noTickets]: CZIPZ_MESSAGES.noTickets,
    [errorCodes.envelopeInvalid]: CZIPZ_MESSAGES.envelopeInvalid,
    [errorCodes.idempotencyKeyReused]: CZIPZ_MESSAGES.keyReused,
  })
}
