// The cross-site write rule, shared by the front door (express) and the guard (Remix).
// Without `Origin` the `Referer` decides; a write with neither passes: privacy proxies and
// Referrer-Policy strip the Referer of honest forms too, and SameSite=Lax on the session
// cookie still stops such a post cross-site (docs/decisions/0135).
export interface WriteHeaders {
  method: string
  secFetchSite: string | null | undefined
  origin: string | null | undefined
  /** Read only when there is no Origin. */
  referer?: string | null | undefined
}

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
