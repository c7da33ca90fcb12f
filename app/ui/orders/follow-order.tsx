/**
 * What a page showing one deposit order does while the order waits to be
 * paid (/order/:id, /order/payment/:id): it asks the server again every few
 * seconds while the tab is visible, says with a toast when the money has
 * arrived, and counts down the time left to pay (at zero the page asks
 * again, and the order shows as expired).
 */
import { useRevalidator } from '@remix-run/react'
import { Countdown } from '~/ui/countdown'
import { usePaidToast } from '~/ui/orders/use-paid-toast'
import { usePollWhileVisible } from '~/ui/orders/use-poll-while-visible'
import type { OrderView } from '~/wallet/order-view.server'

/** Follows `order` (polls while pending, toasts once paid); whether it is still pending. */
export function useFollowOrder(order: OrderView): boolean {
  const pending = order.status === 'pending'
  usePollWhileVisible(pending)
  usePaidToast(order)
  return pending
}

/** The time left to pay `order`; at zero the page asks the server again. */
export function PayCountdown({
  order,
  now,
  className,
}: {
  order: Pick<OrderView, 'expiresAtMs'>
  now: number
  className: string
}) {
  const { revalidate } = useRevalidator()
  return (
    <Countdown
      until={order.expiresAtMs}
      now={now}
      endedText="หมดเวลาชำระ"
      onEnd={revalidate}
      className={className}
    />
  )
}
