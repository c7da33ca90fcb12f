/**
 * Toasts that survive a redirect: the server writes a short-lived cookie, the
 * root loader reads and clears it, and the page shows it with sonner.
 */
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { clearCookie, readCookie, setCookie } from '~/lib/cookies.server'

const TOAST_COOKIE = 'app.toast'
const MAX_MESSAGE_LENGTH = 200
const TOAST_MAX_AGE_S = 60

const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info']),
  message: z.string().min(1).max(MAX_MESSAGE_LENGTH),
})
export type Toast = z.infer<typeof toastSchema>
export type FlashToast = Toast & { id: string }

/** The Set-Cookie value that carries a toast to the next page. */
function toastCookie(toast: Toast): string {
  const value = Buffer.from(JSON.stringify(toast), 'utf8').toString('base64url')
  return setCookie(TOAST_COOKIE, value, { maxAge: TOAST_MAX_AGE_S })
}

function withToast(init: ResponseInit | undefined, toast: Toast): Headers {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', toastCookie(toast))
  return headers
}

/** A redirect that shows `toast` on the page it leads to. */
export function redirectWithToast(location: string, toast: Toast, init?: ResponseInit): Response {
  return redirect(location, { ...init, headers: withToast(init, toast) })
}

/** Reads the toast sent with this request: the toast (or null) and the header that clears it. */
export function readToast(request: Request): { toast: FlashToast | null; clear: string | null } {
  const raw = readCookie(request, TOAST_COOKIE)
  if (raw === undefined) return { toast: null, clear: null }
  const clear = clearCookie(TOAST_COOKIE)
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    if (!parsed.success) return { toast: null, clear }
    // A stable id so sonner shows it once even if the root loader data is reused.
    return { toast: { ...parsed.data, id: raw.slice(0, 24) }, clear }
  } catch {
    return { toast: null, clear }
  }
}
