import { useEffect, useRef } from 'react'
import { formatBaht } from '~/lib/money'
import type { OrderView } from '~/wallet/order-view.server'
import { notify } from '~/ui/toast-host'

export function usePaidToast(order: Pick<OrderView, 'id' | 'amount' | 'status'>) {
  const seen = useRef(order.status)
  useEffect(() => {
    if (seen.current === 'pending' && order.status === 'paid') {
      notify({
        type: 'success',
        message: `ฝากเงินสำเร็จ ${formatBaht(order.amount)} เข้ากระเป๋าแล้ว`,
        id: `order-paid-${order.id}`,
      })
    }
    seen.current = order.status
  }, [order.status, order.amount, order.id])
}
