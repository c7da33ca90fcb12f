// Without JavaScript the browser reloads a pending order (app/ui/no-script-refresh.tsx).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { isNumericId, PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { ORDER_METHOD_LABELS, ORDER_STATUS_LABELS, StatusBadge } from '~/ui/orders/order-labels'
import { OrderList } from '~/ui/orders/order-list'
import { loadOrders, type OrderView } from '~/wallet/order-view.server'
import { PayCountdown, useFollowOrder } from '~/ui/orders/follow-order'

const page = PAGES.order

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, validate: ({ params }) => isNumericId(params.id) }, loadOrders)

export const meta = pageMeta(page.title)

export default function Order() {
  const data = useLoaderData<typeof loader>()
  return data.kind === 'list' ? (
    <Orders orders={data.orders} />
  ) : (
    <OneOrder order={data.order} now={data.now} />
  )
}

function Orders({ orders }: { orders: readonly OrderView[] }) {
  return (
    <OrderList
      title={page.title}
      orders={orders}
      basePath={page.path}
      emptyTitle="ยังไม่มีรายการฝาก"
      describe={(order) => `${ORDER_METHOD_LABELS[order.method]} · ${order.createdText}`}
      aside={(order) => <StatusBadge status={order.status} />}
    />
  )
}

function OneOrder({ order, now }: { order: OrderView; now: number }) {
  const pending = useFollowOrder(order)
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">
        {page.title} #{order.id}
      </h1>
      <div className="card space-y-4">
        <p className="flex items-center justify-between gap-3">
          <span className="text-slate-300">สถานะ</span>
          <span role="status" className="text-lg font-bold">
            {ORDER_STATUS_LABELS[order.status]}
          </span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-300">จำนวนเงิน</dt>
          <dd className="text-right text-base font-bold text-gold-400">
            {formatBaht(order.amount)}
          </dd>
          <dt className="text-slate-300">ช่องทาง</dt>
          <dd className="text-right">{ORDER_METHOD_LABELS[order.method]}</dd>
          <dt className="text-slate-300">สร้างเมื่อ</dt>
          <dd className="text-right">{order.createdText}</dd>
          {order.paidText ? (
            <>
              <dt className="text-slate-300">ชำระเมื่อ</dt>
              <dd className="text-right">{order.paidText}</dd>
            </>
          ) : null}
          {pending ? (
            <>
              <dt className="text-slate-300">ชำระภายใน</dt>
              <dd className="text-right">
                <PayCountdown order={order} now={now} className="font-bold" />
              </dd>
            </>
          ) : null}
        </dl>
        {pending ? (
          <>
            <NoScriptRefresh />
            <p className="text-sm text-slate-300">
              หน้านี้จะอัปเดตเองเมื่อระบบได้รับเงินแล้ว (ภายใน {order.expiresText})
            </p>
            <Link to={`${PAGES.orderPayment.path}/${order.id}`} className="btn-primary w-full">
              ดูวิธีชำระเงิน
            </Link>
          </>
        ) : order.status === 'paid' ? (
          <p className="text-sm text-emerald-200">ยอดเงินเข้ากระเป๋าของคุณแล้ว</p>
        ) : (
          <p className="text-sm text-slate-300">
            รายการนี้หมดอายุแล้ว หากโอนเงินไปแล้วกรุณาติดต่อฝ่ายบริการลูกค้า หรือสร้างรายการฝากใหม่
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={`${PAGES.transaction.path}?tab=deposit`} className="btn-ghost flex-1">
          ฝากเงินใหม่
        </Link>
        <Link to={page.path} className="btn-ghost flex-1">
          รายการทั้งหมด
        </Link>
      </div>
    </section>
  )
}
