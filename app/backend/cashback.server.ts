// docs/backend-api.md, "Cashback".
import { refusalFor, memberCall, type MemberContext } from '~/backend/client.server'
import {
  cashbackClaimResponseSchema,
  cashbackResponseSchema,
  type CashbackClaim,
  type CashbackOverview,
} from '~/backend/rewards.schemas'
import { errorCodes } from '~/backend/schemas'
import { KEY_REUSED_MESSAGE } from '~/server/idempotency.server'

export type { CashbackClaim, CashbackOverview }

export const CASHBACK_MESSAGES = {
  notClaimable: 'งวดนี้ยังไม่มียอดคืนที่รับได้ หรือหมดเวลารับแล้ว',
  alreadyClaimed: 'รับยอดคืนของงวดนี้ไปแล้ว',
  unknownPeriod: 'ไม่พบงวดนี้ กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง',
  keyReused: KEY_REUSED_MESSAGE,
} as const

export function cashbackOverview(ctx: MemberContext): Promise<CashbackOverview> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/rewards/cashback',
    schema: cashbackResponseSchema,
  })
}

export function claimCashback(
  ctx: MemberContext,
  body: { periodId: string; idempotencyKey: string },
): Promise<{ claim: CashbackClaim; balance: number }> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/rewards/cashback/claim',
    schema: cashbackClaimResponseSchema,
    body,
  })
}

export function cashbackRefusal(error: unknown): string | null {
  return refusalFor(error, {
    [errorCodes.cashbackNotClaimable]: CASHBACK_MESSAGES.notClaimable,
    [errorCodes.cashbackAlreadyClaimed]: CASHBACK_MESSAGES.alreadyClaimed,
    [errorCodes.idempotencyKeyReused]: CASHBACK_MESSAGES.keyReused,
    [errorCodes.notFound]: CASHBACK_MESSAGES.unknownPeriod,
    [errorCodes.badRequest]: CASHBACK_MESSAGES.unknownPeriod,
  })
}
