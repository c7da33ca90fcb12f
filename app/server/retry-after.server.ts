/**
 * Every 429 the app answers says when to try again (docs/decisions/0160):
 * the wait of the app's own limit or the backend's Retry-After where one is
 * known, else RETRY_AFTER_FALLBACK_SECONDS (entry.server, for any page or
 * data answer).
 */
import type { HeadersFunction } from '@remix-run/node'

/** A 429 whose wait nobody said (a backend's 429 without Retry-After): a minute. */
export const RETRY_AFTER_FALLBACK_SECONDS = 60

/**
 * A route's `headers`: its parent's, plus the Retry-After of its action's
 * reply (a form's 429), of its loader's answer (a page whose store is away,
 * 503) or, at an error boundary, of the error it shows (a thrown 429).
 * Without a `headers` export Remix keeps only the cookies of those answers,
 * for the page and for its `.data` answer alike.
 */
export const keepRetryAfter: HeadersFunction = ({
  actionHeaders,
  errorHeaders,
  loaderHeaders,
  parentHeaders,
}) => {
  const headers = new Headers(parentHeaders)
  const retryAfter =
    errorHeaders?.get('Retry-After') ??
    actionHeaders.get('Retry-After') ??
    loaderHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

/** A 429 without Retry-After gets the fallback (entry.server, the last word on every answer). */
export function ensureRetryAfter(status: number, headers: Headers): void {
  if (status === 429 && !headers.has('Retry-After')) {
    headers.set('Retry-After', String(RETRY_AFTER_FALLBACK_SECONDS))
  }
}
