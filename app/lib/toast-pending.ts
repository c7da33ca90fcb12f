// The toast travels in an HttpOnly cookie; this readable one only says one is waiting, so a
// client navigation can reload the root's data to show it.
import { HOST_PREFIX } from '~/lib/cookie-prefix'

export const TOAST_PENDING_COOKIE = 'app.toast-pending'

export function toastPending(cookies: string): boolean {
  return cookies
    .split(/;\s*/)
    .some(
      (cookie) =>
        cookie.startsWith(`${TOAST_PENDING_COOKIE}=`) ||
        cookie.startsWith(`${HOST_PREFIX}${TOAST_PENDING_COOKIE}=`),
    )
}
