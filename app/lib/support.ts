/**
 * Messages that send the member to support ("กรุณาติดต่อฝ่ายบริการสมาชิก",
 * "…ติดต่อเจ้าหน้าที่") get the way to do so beside them: the LINE
 * official account from the configuration service (app/ui/support-link.tsx).
 */
const ASKS_FOR_SUPPORT = /ติดต่อ(ฝ่ายบริการ|เจ้าหน้าที่)/

/** Whether a message tells the member to contact support. */
export function asksForSupport(message: string | null | undefined): boolean {
  return !!message && ASKS_FOR_SUPPORT.test(message)
}
