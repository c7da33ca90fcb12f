/** Also the PNG's Content-Disposition. */
export function promptPayFileName(orderId: number): string {
  return `QR-พร้อมเพย์-รายการ-${orderId}.png`
}

export function promptPayPngPath(orderId: number): string {
  return `/order/payment/${orderId}/qr.png`
}
