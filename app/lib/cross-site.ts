/**
 * The cross-site write rule, shared by the front door (on express's request)
 * and the guard (on Remix's Request): a request that is not GET or HEAD is
 * refused when the browser marks it `Sec-Fetch-Site: cross-site`, or when its
 * `Origin` is not one of the app's public origins (`null` included).
 *
 * Without `Origin` (an old browser, a privacy extension or proxy that strips
 * it, curl), the `Referer` decides the same way: a page of another site (or
 * a Referer that is no URL) is refused, one of the app's own passes. A write
 * with neither passes: Referrer-Policy `no-referrer`, privacy proxies and
 * browsers strip the Referer of honest same-site forms too, and what such a
 * post could do cross-site SameSite=Lax on the session cookie still stops
 * (docs/decisions/0135).
 */
export interface WriteHeaders {
  method: string
  secFetchSite: string | null | undefined
  origin: string | null | undefined
  /** Read only when there is no Origin. */
  referer?: string | null | undefined
}

/** `url`'s origin is not one of `allowedOrigins` (a value that is no URL is not one of them). */
function foreign(url: string, allowedOrigins: readonly string[]): boolean {
  try {
    return !allowedOrigins.includes(new URL(url).origin)
  } catch {
    return true
  }
}

const absent = (value: string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value === ''

export function isCrossSite(
  { method, secFetchSite, origin, referer }: WriteHeaders,
  allowedOrigins: readonly string[],
): boolean {
  const m = method.toUpperCase()
  if (m === 'GET' || m === 'HEAD') return false
  if (secFetchSite === 'cross-site') return true
  if (absent(origin)) return !absent(referer) && foreign(referer, allowedOrigins)
  if (origin === 'null') return true
  return foreign(origin, allowedOrigins)
}
