/**
 * What a log line keeps of a URL's query: the values of the parameters in
 * LOGGED_QUERY_PARAMS (the app's own navigation state: tabs, filters, pages,
 * ids), every other value replaced. An allow-list, not a list of secrets:
 * a token under a name nobody listed (`?refreshToken=eyJ…`, the watcher's
 * `token`, LINE's `code` and `state`, a search a member typed) never reaches
 * a log line. Names are kept, so the line still says what was asked (a
 * bare entry not listed, `?eyJ…`, is replaced whole).
 * Used by our own request line (log.server.ts), the front door's and
 * the server's morgan line (server.mjs). docs/deploy.md lists them.
 */
export const LOGGED_QUERY_PARAMS: readonly string[] = [
  // Remix's own: single-fetch's routes and the index route flag.
  '_routes',
  'index',
  // Pages and their filters (lobbies, lotto, money history, lists).
  'tab',
  'page',
  'category',
  'provider',
  'lotto',
  'date',
  'kind',
  'status',
  'from',
  'to',
  // Ids and flags the pages put in their own links and redirects.
  'id',
  'game',
  'set',
  'redeemed',
  'confirm',
  'notice',
  'error',
]
export const REDACTED = '[redacted]'

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase()
  } catch {
    return raw.toLowerCase()
  }
}

/** `path?query` with the value of every parameter not in LOGGED_QUERY_PARAMS replaced. */
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
      if (pair === '' || LOGGED_QUERY_PARAMS.includes(paramName(name))) return pair
      // A bare entry (`?eyJ…`) may be the secret itself.
      return eq === -1 ? REDACTED : `${name}=${REDACTED}`
    })
    .join('&')
  return `${url.slice(0, q)}?${redacted}${hash === -1 ? '' : url.slice(hash)}`
}
