/**
 * The cross-site write rule, shared by the front door (on express's request)
 * and the guard (on Remix's Request): a request that is not GET or HEAD is
 * refused when the browser marks it `Sec-Fetch-Site: cross-site`, or when its
 * `Origin` is not one of the app's public origins (`null` included). A
 * request without `Origin` passes (curl, old browsers): SameSite=Lax on the
 * session cookie is the second layer.
 */
export interface WriteHeaders {
  method: string
  secFetchSite: string | null | undefined
  origin: string | null | undefined
}

export function isCrossSite(
  { method, secFetchSite, origin }: WriteHeaders,
  allowedOrigins: readonly string[],
): boolean {
  const m = method.toUpperCase()
  if (m === 'GET' || m === 'HEAD') return false
  if (secFetchSite === 'cross-site') return true
  if (origin === null || origin === undefined || origin === '') return false
  if (origin === 'null') return true
  try {
    return !allowedOrigins.includes(new URL(origin).origin)
  } catch {
    return true
  }
}
