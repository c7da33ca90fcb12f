// docs/backend-api.md, "Yeekee shooting".
import {
  BackendError,
  memberCall,
  orNotFound,
  refusalFor,
  type MemberContext,
} from '~/backend/client.server'
import { errorCodes } from '~/backend/schemas'
import { SHOT_NUMBER_MESSAGE } from '~/lib/yeekee-number'
import {
  shootResponseSchema,
  yeekeeRoundResponseSchema,
  type YeekeeRound,
} from '~/backend/yeekee.schemas'

export type { YeekeeRound }

export const SHOT_MESSAGES = {
  closed: 'รอบนี้ปิดรับการยิงเลขแล้ว',
  limit: 'คุณยิงเลขครบจำนวนครั้งของรอบนี้แล้ว',
  tooSoon: 'ยิงเลขถี่เกินไป กรุณารอสักครู่แล้วยิงใหม่',
  badNumber: SHOT_NUMBER_MESSAGE,
} as const

/** 404 also before the round has opened. */
export function yeekeeRound(ctx: MemberContext, drawId: string): Promise<YeekeeRound> {
  return orNotFound(
    memberCall(ctx, {
      method: 'GET',
      path: `/lotto/yeekee/rounds/${encodeURIComponent(drawId)}`,
      schema: yeekeeRoundResponseSchema,
    }),
  )
}

export function shoot(
  ctx: MemberContext,
  drawId: string,
  body: { number: string; idempotencyKey: string },
) {
  return memberCall(ctx, {
    method: 'POST',
    path: `/lotto/yeekee/rounds/${encodeURIComponent(drawId)}/shots`,
    schema: shootResponseSchema,
    body,
  })
}

export const tooSoonMessage = (seconds: number) => `ยิงเลขถี่เกินไป กรุณารออีก ${seconds} วินาทีแล้วยิงใหม่`

export function shotRefusal(error: unknown): string | null {
  if (
    error instanceof BackendError &&
    error.code === errorCodes.shotTooSoon &&
    error.retryAfterSeconds !== null
  ) {
    return tooSoonMessage(Math.max(1, error.retryAfterSeconds))
  }
  return refusalFor(error, {
    [errorCodes.roundClosed]: SHOT_MESSAGES.closed,
    [errorCodes.shotLimit]: SHOT_MESSAGES.limit,
    [errorCodes.shotTooSoon]: SHOT_MESSAGES.tooSoon,
    [errorCodes.badRequest]: SHOT_MESSAGES.badNumber,
  })
}
