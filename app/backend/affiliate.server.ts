// docs/backend-api.md, "Affiliate".
import {
  affiliateResponseSchema,
  commissionWithdrawResponseSchema,
  type Affiliate,
} from '~/backend/member.schemas'
import { errorCodes } from '~/backend/schemas'
import { refusalFor, memberCall, type MemberContext } from '~/backend/client.server'
import { KEY_REUSED_MESSAGE } from '~/server/idempotency.server'

export const AFFILIATE_MESSAGES = {
  noCommission: 'ยังไม่มีค่าคอมมิชชันที่ถอนได้',
  keyReused: KEY_REUSED_MESSAGE,
} as const

export function affiliate(ctx: MemberContext): Promise<Affiliate> {
  return memberCall(ctx, { method: 'GET', path: '/affiliate', schema: affiliateResponseSchema })
}

export function withdrawCommission(ctx: MemberContext, idempotencyKey: string) {
  return memberCall(ctx, {
    method: 'POST',
    path: '/affiliate/withdraw',
    schema: commissionWithdrawResponseSchema,
    body: { idempotencyKey },
  })
}

export function withdrawRefusal(error: unknown): string | null {
  return refusalFor(error, {
    [errorCodes.noCommission]: AFFILIATE_MESSAGES.noCommission,
    [errorCodes.idempotencyKeyReused]: AFFILIATE_MESSAGES.keyReused,
  })
}
