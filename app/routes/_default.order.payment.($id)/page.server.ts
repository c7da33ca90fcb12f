// The QR is inline SVG made here: no QR library in the browser.
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
