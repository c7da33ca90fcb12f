import type { OrderMethod, OrderStatus } from '~/backend/orders.schemas'

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'รอชำระเงิน',
  paid: 'ชำระเงินสำเร็จ',
  expired: 'หมดอายุ',
  cancelled: 'ยกเลิกแล้ว',
}

export const ORDER_STATUS_CLASSES: Readonly<Record<OrderStatus, string>> = {
  pending: 'border-amber-500 text-amber-200',
  paid: 'border-emerald-500 text-emerald-200',
  expired: 'border-slate-500 text-slate-300',
  cancelled: 'border-slate-500 text-slate-300',
}

export const ORDER_METHOD_LABELS: Readonly<Record<OrderMethod, string>> = {
  promptpay: 'พร้อมเพย์ (QR)',
  bank: 'โอนเข้าบัญชีธนาคาร',
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block shrink-0 rounded-full border px-2 py-0.5 text-xs font-bold ${ORDER_STATUS_CLASSES[status]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  )
}
