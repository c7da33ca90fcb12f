/**
 * Secrets that travel in query strings (the watcher's `token`, the LINE
 * callback's `code` and `state`) never reach a log line: their values are
 * replaced, the rest of the URL is kept as it was.
 */
export const SECRET_QUERY_PARAMS: readonly string[] = [
  'token',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'id_token',
]
export const REDACTED = '[redacted]'

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase()
  } catch {
    return raw.toLowerCase()
  }
}

/** `path?query` with the values of secret parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const hash = url.indexOf('#', q)
  const query = url.slice(q + 1, hash === -1 ? undefined : hash)
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq === -1 ? pair : pair.slice(0, eq)
      return SECRET_QUERY_PARAMS.includes(paramName(name)) && eq !== -1
        ? `${name}=${REDACTED}`
        : pair
    })
    .join('&')
  return `${url.slice(0, q)}?${redacted}${hash === -1 ? '' : url.slice(hash)}`
}
