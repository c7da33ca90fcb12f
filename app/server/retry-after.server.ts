// Every 429 says when to try again (docs/decisions/0160).
import type { HeadersFunction } from '@remix-run/node'

export const RETRY_AFTER_FALLBACK_SECONDS = 60

/** Without a `headers` export Remix keeps only the cookies of those answers. */
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

export function ensureRetryAfter(status: number, headers: Headers): void {
  if (status === 429 && !headers.has('Retry-After')) {
    headers.set('Retry-After', String(RETRY_AFTER_FALLBACK_SECONDS))
  }
}
