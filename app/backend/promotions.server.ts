// docs/backend-api.md, "Promotions"; the public list is the content module's (kept a minute).
import { refusalFor, memberCall, type MemberContext } from '~/backend/client.server'
import {
  memberPromotionsResponseSchema,
  promotionAcceptResponseSchema,
  type MemberPromotion,
} from '~/backend/rewards.schemas'
import { errorCodes } from '~/backend/schemas'
import { KEY_REUSED_MESSAGE } from '~/server/idempotency.server'

export type { MemberPromotion }

export const PROMOTION_MESSAGES = {
  notEligible: 'บัญชีของคุณไม่ตรงตามเงื่อนไขของโปรโมชั่นนี้',
  alreadyAccepted: 'คุณรับโปรโมชั่นนี้ไปแล้ว',
  oneActiveOnly: 'คุณมีโปรโมชั่นที่ยังทำเทิร์นไม่ครบอยู่ รับได้ครั้งละหนึ่งโปรโมชั่น',
  gone: 'ไม่พบโปรโมชั่นนี้แล้ว',
  keyReused: KEY_REUSED_MESSAGE,
} as const

export function memberPromotions(ctx: MemberContext): Promise<MemberPromotion[]> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/promotions/mine',
    schema: memberPromotionsResponseSchema,
  })
}

export function acceptPromotion(
  ctx: MemberContext,
  promotionId: string,
  idempotencyKey: string,
): Promise<MemberPromotion> {
  return memberCall(ctx, {
    method: 'POST',
    path: `/promotions/${encodeURIComponent(promotionId)}/accept`,
    schema: promotionAcceptResponseSchema,
    body: { idempotencyKey },
  })
}

export function promotionRefusal(error: unknown): string | null {
  return refusalFor(error, {
    [errorCodes.promotionNotEligible]: PROMOTION_MESSAGES.notEligible,
    [errorCodes.alreadyAccepted]: PROMOTION_MESSAGES.alreadyAccepted,
    [errorCodes.oneActiveOnly]: PROMOTION_MESSAGES.oneActiveOnly,
    [errorCodes.notFound]: PROMOTION_MESSAGES.gone,
    [errorCodes.idempotencyKeyReused]: PROMOTION_MESSAGES.keyReused,
  })
}
