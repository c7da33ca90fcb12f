/**
 * The deposit orders page's server side: the member's orders, or one order,
 * by the loader it shares with the payment page (~/wallet/order-view.server).
 */
import type { RouteContext } from '~/session/guard'
import { loadOrders } from '~/wallet/order-view.server'

export function loadPage(ctx: RouteContext) {
  return loadOrders(ctx)
}
