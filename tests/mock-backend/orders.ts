/**
 * The demo backend's deposit orders (docs/backend-api.md, "Wallet: deposits
 * and orders"): `POST /wallet/deposits` makes an order (idempotent: the same
 * key gives the same order), the member lists and reads their own orders,
 * and an unpaid order expires ORDER_TTL_MS after it was made (judged on the
 * backend's clock, `state.now()`). Every order is a pending deposit line in
 * the wallet's ledger: paid -> success (the balance rises), expired ->
 * cancelled. Tests pay or expire an order through /__mock/orders/:id/*.
 */
import { z } from 'zod'
import { envelope } from '../../app/backend/schemas'
import {
  createDepositRequestSchema,
  orderResponseSchema,
  ordersResponseSchema,
  type CreateDepositRequest,
  type Order,
  type OrderMethod,
  type PayTo,
} from '../../app/backend/orders.schemas'
import type { AmountRange } from '../../app/backend/config.schemas'
import { ApiError, dataReply } from './http'
import { IdempotentReplies } from './idempotency'
import type { Ledger } from './ledger'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import type { DemoMember } from './state'

/** An unpaid order lives 15 minutes. */
export const ORDER_TTL_MS = 15 * 60 * 1000
/** Unpaid orders a member may hold at once. */
export const MAX_PENDING_ORDERS = 5
export const FIRST_ORDER_ID = 10_001

/** The service's receiving account (the demo's: believable, not real). */
export const SERVICE_BANK_ACCOUNT: Readonly<Required<Omit<PayTo, 'promptPayId'>>> = Object.freeze({
  bankCode: '014',
  bankName: 'ธนาคารไทยพาณิชย์',
  accountNumber: '4071234567',
  accountName: 'บจก. ลัคกี้ เพย์ เซอร์วิส',
})
/** The service's PromptPay id (a juristic person's 13-digit tax id). */
export const SERVICE_PROMPTPAY_ID = '0105561234567'

const METHOD_NOTES: Readonly<Record<OrderMethod, string>> = {
  bank: 'ฝากเงินโอนผ่านบัญชีธนาคาร',
  promptpay: 'ฝากเงินผ่านพร้อมเพย์',
}

interface StoredOrder extends Order {
  memberId: number
  /** The pending deposit line of the ledger. */
  lineId: string
  expiresAtMs: number
}

export class OrderBook {
  readonly #ledger: Ledger
  readonly #members: () => Map<number, DemoMember>
  orders: StoredOrder[] = []
  nextId = FIRST_ORDER_ID
  readonly replies = new IdempotentReplies<Order>()

  /** Orders move the balance through the wallet's ledger; `members` finds whose. */
  constructor(ledger: Ledger, members: () => Map<number, DemoMember>) {
    this.#ledger = ledger
    this.#members = members
  }

  reset(): void {
    this.orders = []
    this.nextId = FIRST_ORDER_ID
    this.replies.reset()
  }

  /** Makes an order (once per key), checked against the configured limits. */
  create(
    member: DemoMember,
    request: CreateDepositRequest,
    limits: AmountRange,
    now: number,
  ): Order {
    const { idempotencyKey, ...what } = request
    return this.replies.once(member.id, idempotencyKey, what, () => {
      if (request.amount < limits.min) {
        throw new ApiError(400, 'DEPOSIT_AMOUNT_TOO_LOW', `Minimum deposit is ${limits.min}`)
      }
      if (request.amount > limits.max) {
        throw new ApiError(400, 'DEPOSIT_AMOUNT_TOO_HIGH', `Maximum deposit is ${limits.max}`)
      }
      this.expireDue(now)
      const pending = this.orders.filter((o) => o.memberId === member.id && o.status === 'pending')
      if (pending.length >= MAX_PENDING_ORDERS) {
        throw new ApiError(409, 'TOO_MANY_PENDING_ORDERS', 'Too many unpaid orders')
      }
      const id = this.nextId++
      const line = this.#ledger.post(member, {
        kind: 'deposit',
        amount: request.amount,
        note: METHOD_NOTES[request.method],
        ref: `order:${id}`,
        status: 'pending',
        at: now,
      })
      const order: StoredOrder = {
        id,
        memberId: member.id,
        method: request.method,
        amount: request.amount,
        status: 'pending',
        createdAt: bangkokIso(now),
        expiresAt: bangkokIso(now + ORDER_TTL_MS),
        expiresAtMs: now + ORDER_TTL_MS,
        paidAt: null,
        payTo:
          request.method === 'promptpay'
            ? { promptPayId: SERVICE_PROMPTPAY_ID, accountName: SERVICE_BANK_ACCOUNT.accountName }
            : { ...SERVICE_BANK_ACCOUNT },
        lineId: line.id,
      }
      this.orders.push(order)
      return publicOrder(order)
    })
  }

  /** Turns every pending order past its expiry into expired (its ledger line cancelled). */
  expireDue(now: number): void {
    for (const order of this.orders) {
      if (order.status === 'pending' && now >= order.expiresAtMs) this.#end(order, 'expired', now)
    }
  }

  /** The member's orders, newest first. */
  ofMember(memberId: number, now: number): Order[] {
    this.expireDue(now)
    return this.orders
      .filter((order) => order.memberId === memberId)
      .reverse()
      .map(publicOrder)
  }

  /** One of the member's orders; another member's is as unknown as a missing one. */
  one(memberId: number, id: number, now: number): Order {
    this.expireDue(now)
    const order = this.orders.find((o) => o.id === id && o.memberId === memberId)
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
    return publicOrder(order)
  }

  /** The money arrived: paid, and the deposit line succeeds (the balance rises). */
  pay(id: number, now: number): Order {
    this.expireDue(now)
    const order = this.orders.find((o) => o.id === id)
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
    if (order.status !== 'pending') {
      throw new ApiError(409, 'CONFLICT', `Order ${id} is ${order.status}`)
    }
    this.#end(order, 'paid', now)
    return publicOrder(order)
  }

  /** Ends a pending order's life now (tests: "an expired order says so"). */
  expire(id: number, now: number): Order {
    const order = this.orders.find((o) => o.id === id)
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
    if (order.status !== 'pending') {
      throw new ApiError(409, 'CONFLICT', `Order ${id} is ${order.status}`)
    }
    order.expiresAtMs = now
    order.expiresAt = bangkokIso(now)
    this.#end(order, 'expired', now)
    return publicOrder(order)
  }

  #end(order: StoredOrder, status: 'expired' | 'paid', now: number) {
    order.status = status
    if (status === 'paid') order.paidAt = bangkokIso(now)
    const member = this.#members().get(order.memberId)
    if (member) {
      this.#ledger.finish(member, order.lineId, status === 'paid' ? 'success' : 'cancelled')
    }
    this.#ledger.events.emit(order.memberId, {
      type: 'order',
      orderId: order.id,
      status,
      amount: order.amount,
    })
  }
}

function publicOrder({ memberId: _m, lineId: _l, expiresAtMs: _e, ...order }: StoredOrder): Order {
  return structuredClone(order)
}

async function createDeposit(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const request = jsonBody(ctx, createDepositRequestSchema)
  const order = ctx.state.orders.create(
    member,
    request,
    ctx.state.appConfig.limits.deposit,
    ctx.state.now(),
  )
  return dataReply(orderResponseSchema, { data: order }, 201)
}

async function listOrders(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(ordersResponseSchema, {
    data: ctx.state.orders.ofMember(member.id, ctx.state.now()),
  })
}

function orderId(ctx: RequestContext): number {
  const raw = ctx.params.id ?? ''
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new ApiError(404, 'NOT_FOUND', 'No such order')
  return Number(raw)
}

async function showOrder(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const order = ctx.state.orders.one(member.id, orderId(ctx), ctx.state.now())
  return dataReply(orderResponseSchema, { data: order })
}

// /__mock/orders*: test controls.

const allOrdersSchema = envelope(z.array(z.object({ memberId: z.number().int() }).passthrough()))

function allOrders(ctx: RequestContext) {
  const orders = ctx.state.orders
  orders.expireDue(ctx.state.now())
  return dataReply(allOrdersSchema, {
    data: orders.orders.map(({ lineId: _l, expiresAtMs: _e, ...order }) => order),
  })
}

function payOrder(ctx: RequestContext) {
  return dataReply(orderResponseSchema, {
    data: ctx.state.orders.pay(orderId(ctx), ctx.state.now()),
  })
}

function expireOrder(ctx: RequestContext) {
  return dataReply(orderResponseSchema, {
    data: ctx.state.orders.expire(orderId(ctx), ctx.state.now()),
  })
}

export const orderRoutes: readonly Route[] = [
  { method: 'POST', path: '/wallet/deposits', handler: createDeposit },
  { method: 'GET', path: '/wallet/orders', handler: listOrders },
  { method: 'GET', path: '/wallet/orders/:id', handler: showOrder },
  { method: 'GET', path: '/__mock/orders', handler: allOrders },
  { method: 'POST', path: '/__mock/orders/:id/paid', handler: payOrder },
  { method: 'POST', path: '/__mock/orders/:id/expire', handler: expireOrder },
]
