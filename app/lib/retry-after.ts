// Every 429 says when to try again (docs/decisions/0160). Not a `.server` module: the browser's
// build drops a route's unused `headers` whole, where an emptied `.server` module stays as a file
// on the first load.
import type { HeadersFunction } from '@remix-run/node'

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
