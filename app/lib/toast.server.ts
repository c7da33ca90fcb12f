/**
 * Toasts that survive a redirect: the server writes a short-lived cookie, the
 * root loader reads and clears it, and the page shows it with sonner.
 */
import { z } from 'zod'

const TOAST_COOKIE = 'app.toast'
const MAX_MESSAGE_LENGTH = 200

const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info']),
  message: z.string().min(1).max(MAX_MESSAGE_LENGTH),
})
export type FlashToast = z.infer<typeof toastSchema> & { id: string }

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
}

/** The Set-Cookie value that carries a toast to the next page. */
export function toastCookie(toast: z.infer<typeof toastSchema>): string {
  return `${TOAST_COOKIE}=${encode(toast)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`
}

const CLEAR = `${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`

/** Reads the toast sent with this request: the toast (or null) and the header that clears it. */
export function readToast(request: Request): { toast: FlashToast | null; clear: string | null } {
  const header = request.headers.get('Cookie') ?? ''
  const raw = header
    .split(/;\s*/)
    .find((part) => part.startsWith(`${TOAST_COOKIE}=`))
    ?.slice(TOAST_COOKIE.length + 1)
  if (raw === undefined) return { toast: null, clear: null }
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    if (!parsed.success) return { toast: null, clear: CLEAR }
    // A stable id so sonner shows it once even if the root loader data is reused.
    return { toast: { ...parsed.data, id: raw.slice(0, 24) }, clear: CLEAR }
  } catch {
    return { toast: null, clear: CLEAR }
  }
}
