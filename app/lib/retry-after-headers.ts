import type { HeadersFunction } from '@remix-run/node'

/**
 * A route's `headers`: the Retry-After of its action's 429 or its loader's
 * 503 reaches the document answer too (a form posted without JavaScript, a
 * page opened while a store is away), beside the parent's headers.
 */
export const retryAfterHeaders: HeadersFunction = ({
  actionHeaders,
  loaderHeaders,
  parentHeaders,
}) => {
  const headers = new Headers(parentHeaders)
  const retryAfter = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}
