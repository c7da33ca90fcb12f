/**
 * An order as its pages show it (Thai dates made on the server: no date
 * library in the browser), and the one loader of the two order pages:
 * `/order/:id?` (the member's deposit orders, or one) and
 * `/order/payment/:id?` (the orders waiting to be paid, or how to pay one).
 * An unknown id, or another member's order, is the backend's 404.
 */
import type { Order } from '~/backend/orders.schemas'
import { memberOrder, memberOrders } from '~/backend/orders.server'
import { bangkokDate, formatThaiDateTime } from '~/lib/thai-date-format'
import type { RouteContext } from '~/security/guard'

export interface OrderView extends Order {
  createdText: string
  expiresText: string
  paidText: string | null
  /** ms since the epoch. */
  expiresAtMs: number
}

export function orderView(order: Order): OrderView {
  const text = (iso: string) => formatThaiDateTime(bangkokDate(iso))
  return {
    ...order,
    createdText: text(order.createdAt),
    expiresText: text(order.expiresAt),
    paidText: order.paidAt ? text(order.paidAt) : null,
    expiresAtMs: Date.parse(order.expiresAt),
  }
}

/**
 * The order pages' data: without `:id` the member's orders (those `listed`
 * keeps: all by default), with one that order, as the pages show them, and
 * the server's clock for the countdowns. The route's guard has checked that
 * `:id`, when given, is a number.
 */
export async function loadOrders(
  ctx: RouteContext,
  listed: (order: Order) => boolean = () => true,
) {
  const { params } = ctx
  if (params.id === undefined) {
    const orders = (await memberOrders(ctx)).filter(listed)
    return { kind: 'list', orders: orders.map(orderView), now: Date.now() } as const
  }
  const order = await memberOrder(ctx, Number(params.id))
  return { kind: 'one', order: orderView(order), now: Date.now() } as const
}
