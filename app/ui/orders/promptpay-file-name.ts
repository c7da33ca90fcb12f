/** The name a saved PromptPay QR gets (the page's `download` link and the PNG's Content-Disposition). */
export function promptPayFileName(orderId: number): string {
  return `QR-พร้อมเพย์-รายการ-${orderId}.png`
}

/** Where the PNG of an order's PromptPay QR is. */
export function promptPayPngPath(orderId: number): string {
  return `/order/payment/${orderId}/qr.png`
}
