/** An order as its pages show it: Thai dates made on the server (no date library in the browser). */
import type { Order } from '~/backend/orders.schemas'
import { bangkokDate, formatThaiDateTime } from '~/lib/thai-date'

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
