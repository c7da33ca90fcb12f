/**
 * Toasts that survive a redirect: the server writes a short-lived cookie, the
 * root loader reads and clears it, and the page shows it with sonner.
 */
import { randomBytes } from 'node:crypto'
import { redirect, type TypedResponse } from '@remix-run/node'
import { z } from 'zod'
import { appendSetCookies, clearCookie, readCookie, setCookie } from '~/server/cookies.server'
import { TOAST_PENDING_COOKIE } from '~/lib/toast-pending'

const TOAST_COOKIE = 'app.toast'
const MAX_MESSAGE_LENGTH = 200
const TOAST_MAX_AGE_S = 60

const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info']),
  message: z.string().min(1).max(MAX_MESSAGE_LENGTH),
  /** This toast's own id: the page shows each toast once, and every new one. */
  id: z.string().regex(/^[\w-]{1,32}$/),
})
export type Toast = Omit<z.infer<typeof toastSchema>, 'id'>
export type FlashToast = z.infer<typeof toastSchema>

/** The Set-Cookie value that carries a toast to the next page. */
function toastCookie(toast: Toast): string {
  const flash: FlashToast = { ...toast, id: randomBytes(9).toString('base64url') }
  const value = Buffer.from(JSON.stringify(flash), 'utf8').toString('base64url')
  return setCookie(TOAST_COOKIE, value, { maxAge: TOAST_MAX_AGE_S })
}

function withToast(init: ResponseInit | undefined, toast: Toast): Headers {
  const headers = new Headers(init?.headers)
  appendSetCookies(headers, [
    toastCookie(toast),
    setCookie(TOAST_PENDING_COOKIE, '1', { maxAge: TOAST_MAX_AGE_S, readableByScripts: true }),
  ])
  return headers
}

/** A redirect that shows `toast` on the page it leads to. */
export function redirectWithToast(
  location: string,
  toast: Toast,
  init?: ResponseInit,
): TypedResponse<never> {
  return redirect(location, { ...init, headers: withToast(init, toast) })
}

/**
 * Reads the toast sent with this request: the toast (or null) and the
 * Set-Cookie values that clear it and its signal (none when neither came).
 */
export function readToast(request: Request): { toast: FlashToast | null; clear: string[] } {
  const raw = readCookie(request, TOAST_COOKIE)
  const pending = readCookie(request, TOAST_PENDING_COOKIE) !== undefined
  const clear = [
    ...(raw === undefined ? [] : [clearCookie(TOAST_COOKIE)]),
    ...(pending ? [clearCookie(TOAST_PENDING_COOKIE, { readableByScripts: true })] : []),
  ]
  if (raw === undefined) return { toast: null, clear }
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    if (!parsed.success) return { toast: null, clear }
    return { toast: parsed.data, clear }
  } catch {
    return { toast: null, clear }
  }
}
