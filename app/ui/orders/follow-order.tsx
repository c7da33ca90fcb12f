// At zero the page asks again, and the order shows as expired.
import { useRevalidator } from '@remix-run/react'
import { Countdown } from '~/ui/countdown'
import { usePaidToast } from '~/ui/orders/use-paid-toast'
import { usePollWhileVisible } from '~/ui/orders/use-poll-while-visible'
import type { OrderView } from '~/wallet/order-view.server'

export function useFollowOrder(order: OrderView): boolean {
  const pending = order.status === 'pending'
  usePollWhileVisible(pending)
  usePaidToast(order)
  return pending
}

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
