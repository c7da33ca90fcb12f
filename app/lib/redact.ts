/**
 * What a log line keeps of a URL's query: the values of the parameters in
 * LOGGED_QUERY_PARAMS (the app's own navigation state: tabs, filters, pages,
 * ids), every other value replaced. An allow-list, not a list of secrets:
 * a token under a name nobody listed (`?refreshToken=eyJ…`, the watcher's
 * `token`, LINE's `code` and `state`, a search a member typed) never reaches
 * a log line. Names are kept, so the line still says what was asked (a
 * bare entry not listed, `?eyJ…`, is replaced whole).
 * A listed value is kept only when it has its parameter's shape (a date, a
 * page number, a short name or id: QUERY_SHAPES), and anything token-shaped
 * (a JWT, a long opaque run of letters and digits) is replaced wherever it
 * is, in the path too: `?tab=eyJ…` or `/order/eyJ…` never reaches a log line
 * either (issue 25).
 * Used by the request log (server/log.server.ts: the front door's answers
 * too) and the member's request timeline (server/timeline.server.ts: one
 * allow-list for both). docs/deploy.md lists them.
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

/** A short name or id, as the app's own links carry them (`deposit`, `pgsoft`, `p1`, `thai-gov`). */
const NAME = /^[A-Za-z0-9_-]{1,40}$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
/**
 * The shape of each listed parameter's value (decoded); one without a shape
 * here is a NAME. A value of another shape is replaced, as an unlisted one is.
 */
const QUERY_SHAPES: Readonly<Record<string, RegExp>> = {
  // Single-fetch's route ids, comma-separated (`routes/_default.order.($id),root`).
  _routes: /^[A-Za-z0-9_.$()[\]/,-]{1,400}$/,
  index: /^$/,
  page: /^\d{1,6}$/,
  date: DATE,
  from: DATE,
  to: DATE,
}

/**
 * Token-shaped text: a JWT (base64url JSON, so it starts `eyJ`, with its
 * dotted parts), or a run of 32 or more letters, digits, `_` and `-` with a
 * digit and a letter in it (an opaque token, a key, a digest). The app's own
 * paths have neither: route names are words, build file hashes are 8 characters.
 */
const TOKEN_SHAPED = /eyJ[A-Za-z0-9_-]{6,}(?:\.[A-Za-z0-9_-]*){0,2}|[A-Za-z0-9_-]{32,}/g

function withoutTokens(text: string, mark: string): string {
  return text.replace(TOKEN_SHAPED, (run) =>
    run.startsWith('eyJ') || (/\d/.test(run) && /[A-Za-z]/.test(run)) ? mark : run,
  )
}

/** TOKEN_SHAPED for a yes-or-no look (a global pattern's test() keeps its place between calls). */
const HAS_TOKEN_SHAPE = new RegExp(TOKEN_SHAPED.source)

/** The path with every token-shaped run replaced, one written with percent-escapes too. */
function pathWithoutTokens(path: string, mark: string): string {
  // Every log line goes through here: a path with no escape and nothing
  // token-shaped (nearly all of them) is kept without being split and decoded.
  if (!path.includes('%') && !HAS_TOKEN_SHAPE.test(path)) return path
  return path
    .split('/')
    .map((segment) => {
      const plain = decoded(segment)
      return plain !== null && plain !== segment && withoutTokens(plain, mark) !== plain
        ? mark
        : withoutTokens(segment, mark)
    })
    .join('/')
}

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return null
  }
}

/** The value as logged: itself when it has its parameter's shape and nothing token-shaped. */
function loggedValue(name: string, raw: string, mark: string): string {
  const value = decoded(raw)
  if (value === null || !(QUERY_SHAPES[name] ?? NAME).test(value)) return mark
  return withoutTokens(value, mark) === value ? raw : mark
}

function paramName(raw: string): string {
  return (decoded(raw)?.trim() ?? raw).toLowerCase()
}

/**
 * `path?query` with the value of every parameter not in LOGGED_QUERY_PARAMS,
 * or not of its shape, replaced by `mark`, and anything token-shaped in the
 * path too. The log lines' mark is REDACTED; the member's request timeline
 * (server/timeline.server.ts) keeps the same values under its shorter `…`.
 */
export function redactUrl(url: string, mark: string = REDACTED): string {
  const q = url.indexOf('?')
  if (q === -1) return pathWithoutTokens(url, mark)
  const hash = url.indexOf('#', q)
  const query = url.slice(q + 1, hash === -1 ? undefined : hash)
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq === -1 ? pair : pair.slice(0, eq)
      const listed = paramName(name)
      if (pair === '') return pair
      // A bare entry (`?eyJ…`) may be the secret itself.
      if (!LOGGED_QUERY_PARAMS.includes(listed)) return eq === -1 ? mark : `${name}=${mark}`
      // A listed name alone (`?index`) carries nothing.
      if (eq === -1) return pair
      return `${name}=${loggedValue(listed, pair.slice(eq + 1), mark)}`
    })
    .join('&')
  const rest = hash === -1 ? '' : withoutTokens(url.slice(hash), mark)
  return `${pathWithoutTokens(url.slice(0, q), mark)}?${redacted}${rest}`
}
