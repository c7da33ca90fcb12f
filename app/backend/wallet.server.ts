// docs/backend-api.md, "Wallet: withdrawals and history".
import { BackendError, memberCall, type MemberContext } from '~/backend/client.server'
import type { AmountRange } from '~/backend/config.schemas'
import { errorCodes } from '~/backend/schemas'
import {
  HISTORY_PAGE_SIZE,
  historyResponseSchema,
  withdrawInfoResponseSchema,
  withdrawResponseSchema,
  type HistoryPage,
  type HistoryQuery,
  type WithdrawAnswer,
  type WithdrawInfo,
  type WithdrawRequest,
} from '~/backend/wallet.schemas'
import { formatBaht } from '~/lib/money'

export function withdrawInfo(ctx: MemberContext): Promise<WithdrawInfo> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/wallet/withdraw-info',
    schema: withdrawInfoResponseSchema,
  })
}

export function placeWithdrawal(
  ctx: MemberContext,
  body: WithdrawRequest,
): Promise<WithdrawAnswer> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/wallet/withdrawals',
    body,
    schema: withdrawResponseSchema,
  })
}

export function transactionHistory(ctx: MemberContext, query: HistoryQuery): Promise<HistoryPage> {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ perPage: HISTORY_PAGE_SIZE, ...query })) {
    if (value !== undefined) params.set(name, String(value))
  }
  return memberCall(ctx, {
    method: 'GET',
    path: `/wallet/transactions?${params}`,
    schema: historyResponseSchema,
  })
}

export const WITHDRAW_MESSAGES = {
  required: 'กรุณากรอกจำนวนเงินที่ต้องการถอน',
  wholeBaht: 'กรุณากรอกจำนวนเงินเป็นตัวเลขจำนวนเต็มบาท',
  tooLow: (min: number) => `ถอนได้ขั้นต่ำครั้งละ ${formatBaht(min)}`,
  tooHigh: (max: number) => `ถอนได้สูงสุดครั้งละ ${formatBaht(max)}`,
  balanceLow: 'ยอดเงินคงเหลือไม่พอสำหรับจำนวนที่ต้องการถอน',
  dailyLimit: (left: number | null) =>
    left === null
      ? 'เกินวงเงินถอนต่อวัน กรุณาลดจำนวนเงินหรือถอนใหม่พรุ่งนี้'
      : `เกินวงเงินถอนต่อวัน วันนี้ถอนได้อีก ${formatBaht(left)}`,
  noBankAccount: 'ยังไม่มีบัญชีธนาคารสำหรับรับเงิน กรุณาติดต่อเจ้าหน้าที่',
  keyReused: 'รายการนี้ถูกส่งไปแล้ว กรุณาเริ่มทำรายการถอนใหม่',
} as const

/** null when the error is not about the amount (the page shows its own message). */
export function withdrawAmountError(
  error: unknown,
  limits: AmountRange,
  dailyLeft: number | null,
): string | null {
  if (!(error instanceof BackendError)) return null
  switch (error.code) {
    case errorCodes.amountTooLow:
      return WITHDRAW_MESSAGES.tooLow(limits.min)
    case errorCodes.amountTooHigh:
      return WITHDRAW_MESSAGES.tooHigh(limits.max)
    case errorCodes.badAmount:
      return WITHDRAW_MESSAGES.wholeBaht
    case errorCodes.balanceLow:
      return WITHDRAW_MESSAGES.balanceLow
    case errorCodes.dailyLimit:
      return WITHDRAW_MESSAGES.dailyLimit(dailyLeft)
    case errorCodes.noBankAccount:
      return WITHDRAW_MESSAGES.noBankAccount
    case errorCodes.idempotencyKeyReused:
      return WITHDRAW_MESSAGES.keyReused
    default:
      return null
  }
}
