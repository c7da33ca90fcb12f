/**
 * The payment page's server side: the orders loader it shares with the
 * deposit orders page (~/wallet/order-view.server), keeping only the orders
 * waiting to be paid; for one pending PromptPay order, its QR as inline SVG
 * made here (no QR library in the browser).
 */
import type { RouteContext } from '~/security/guard'
import { loadOrders } from '~/wallet/order-view.server'
import { promptPaySvg } from '~/wallet/promptpay.server'

export async function loadPage(ctx: RouteContext) {
  const shown = await loadOrders(ctx, (order) => order.status === 'pending')
  if (shown.kind === 'list') return shown
  const { order } = shown
  const { promptPayId } = order.payTo
  const qrSvg =
    order.status === 'pending' && order.method === 'promptpay' && promptPayId
      ? await promptPaySvg(promptPayId, order.amount)
      : null
  return { ...shown, qrSvg }
}
