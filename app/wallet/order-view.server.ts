// Thai dates made on the server: no date library in the browser.
import type { Order } from '~/backend/orders.schemas'
import { memberOrder, memberOrders } from '~/backend/orders.server'
import { formatThaiMoment } from '~/lib/thai-date-format'
import type { RouteContext } from '~/security/guard'

export interface OrderView extends Order {
  createdText: string
  expiresText: string
  paidText: string | null
  expiresAtMs: number
}

export function orderView(order: Order): OrderView {
  return {
    ...order,
    createdText: formatThaiMoment(order.createdAt),
    expiresText: formatThaiMoment(order.expiresAt),
    paidText: order.paidAt ? formatThaiMoment(order.paidAt) : null,
    expiresAtMs: Date.parse(order.expiresAt),
  }
}

/** The route's guard has checked that `:id`, when given, is a number. */
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
