/**
 * The toast itself travels in an HttpOnly cookie; beside it goes this one,
 * which scripts can read and which says only that a toast is waiting. A
 * client navigation whose loader redirected with a toast sees it and
 * reloads the root's data, which shows the toast (app/root.tsx).
 */
import { HOST_PREFIX } from '~/lib/cookie-prefix'

export const TOAST_PENDING_COOKIE = 'app.toast-pending'

/**
 * Whether `cookies` (document.cookie) says a toast is waiting: under its
 * name, or its `__Host-` name when cookies are Secure (app/server/cookies.server.ts).
 */
export function toastPending(cookies: string): boolean {
  return cookies
    .split(/;\s*/)
    .some(
      (cookie) =>
        cookie.startsWith(`${TOAST_PENDING_COOKIE}=`) ||
        cookie.startsWith(`${HOST_PREFIX}${TOAST_PENDING_COOKIE}=`),
    )
}
