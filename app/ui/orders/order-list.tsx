import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import type { OrderView } from '~/wallet/order-view.server'
import { EmptyState } from '~/ui/states'

export function OrderList({
  title,
  orders,
  basePath,
  emptyTitle,
  describe,
  aside,
}: {
  title: string
  orders: readonly OrderView[]
  basePath: string
  emptyTitle: string
  describe?: (order: OrderView) => ReactNode
  aside: (order: OrderView) => ReactNode
}) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {orders.length === 0 ? (
        <EmptyState title={emptyTitle}>
          <Link to={`${PAGES.transaction.path}?tab=deposit`} className="link">
            ฝากเงิน
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {orders.map((order) => (
            <li key={order.id}>
              <Link
                to={`${basePath}/${order.id}`}
                className="card flex items-center justify-between gap-3 hover:border-gold-400"
              >
                <span className="min-w-0">
                  <span className="block font-bold">
                    #{order.id} · {formatBaht(order.amount)}
                  </span>
                  {describe ? (
                    <span className="block text-sm text-slate-300">{describe(order)}</span>
                  ) : null}
                </span>
                {aside(order)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
