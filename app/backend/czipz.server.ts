// docs/backend-api.md, "Reward games": the backend decides the prize once per one-time key.
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

export function rewardGames(ctx: MemberContext): Promise<RewardGames> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/rewards/games',
    schema: rewardGamesResponseSchema,
  })
}

export function spinWheel(ctx: MemberContext, idempotencyKey: string): Promise<RewardResult> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/rewards/wheel/spin',
    body: { idempotencyKey },
    schema: rewardResultResponseSchema,
  })
}

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

export function czipzErrorMessage(error: unknown): string | null {
  return refusalFor(error, {
    [errorCodes.noTickets]: CZIPZ_MESSAGES.noTickets,
    [errorCodes.envelopeInvalid]: CZIPZ_MESSAGES.envelopeInvalid,
    [errorCodes.idempotencyKeyReused]: CZIPZ_MESSAGES.keyReused,
  })
}
