// docs/backend-api.md, "Wallet: deposits and orders".
import {
  orderResponseSchema,
  ordersResponseSchema,
  type CreateDepositRequest,
  type Order,
} from '~/backend/orders.schemas'
import { errorCodes } from '~/backend/schemas'
import { BackendError, memberCall, orNotFound, type MemberContext } from '~/backend/client.server'
import {
  depositTooHighMessage,
  depositTooLowMessage,
  type DepositErrors,
} from '~/lib/deposit-limits'
import type { AmountLimits } from '~/lib/amount'

/** The amount's are ~/lib/deposit-limits. */
const DEPOSIT_REFUSALS = {
  methodClosed: 'ช่องทางนี้ปิดให้บริการชั่วคราว กรุณาเลือกช่องทางอื่น',
  tooManyPending: 'คุณมีรายการฝากที่รอชำระหลายรายการแล้ว กรุณาชำระหรือรอให้รายการเดิมหมดอายุก่อน',
  keyReused: 'แบบฟอร์มนี้ถูกใช้ส่งรายการอื่นไปแล้ว กรุณากรอกใหม่อีกครั้ง',
} as const

export function createDeposit(ctx: MemberContext, body: CreateDepositRequest): Promise<Order> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/wallet/deposits',
    body,
    schema: orderResponseSchema,
  })
}

export function memberOrders(ctx: MemberContext): Promise<Order[]> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/wallet/orders',
    schema: ordersResponseSchema,
  })
}

export async function memberOrder(ctx: MemberContext, id: number): Promise<Order> {
  return orNotFound(
    memberCall(ctx, { method: 'GET', path: `/wallet/orders/${id}`, schema: orderResponseSchema }),
  )
}

export function depositFieldError(error: unknown, limits: AmountLimits): DepositErrors | null {
  if (!(error instanceof BackendError)) return null
  switch (error.code) {
    case errorCodes.depositAmountTooLow:
      return { amount: depositTooLowMessage(limits.min) }
    case errorCodes.depositAmountTooHigh:
      return { amount: depositTooHighMessage(limits.max) }
    case errorCodes.depositMethodClosed:
      return { method: DEPOSIT_REFUSALS.methodClosed }
    case errorCodes.tooManyPendingOrders:
      return { form: DEPOSIT_REFUSALS.tooManyPending }
    case errorCodes.idempotencyKeyReused:
      return { form: DEPOSIT_REFUSALS.keyReused }
    default:
      return null
  }
}
