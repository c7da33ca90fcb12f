/**
 * Where the app sends a member around login, and which remembered paths are
 * safe to return to.
 */
import { safeRedirect } from 'remix-utils/safe-redirect'

export const LOGIN_PATH = '/login'
export const HOME_PATH = '/'

/**
 * The longest remembered path, percent-encoded as it goes into a Location
 * header (a 50-character Thai search fits: 9 characters each). Past it the
 * path is kept without its query, or the member goes home: a long Thai query
 * sent to /login, encoded twice, once made a 4.5 KB Location that nginx
 * refused (502) and counted against a healthy instance (docs/decisions/0131).
 * /login?redirectTo= carries it encoded once more: at most about 1.6 KB.
 */
export const RETURN_PATH_MAX = 512

/** The longest value read as a return path at all (a long query is then cut by boundedPath). */
const RETURN_INPUT_MAX = 8192

/** Query parameters Remix adds to data requests: never part of a remembered path. */
const INTERNAL_PARAMS = ['_data', '_routes', 'index']

/** The path and query of a URL as the member sees it in the address bar. */
export function visiblePath(url: URL): string {
  const search = new URLSearchParams(url.search)
  for (const p of INTERNAL_PARAMS) search.delete(p)
  const query = search.toString()
  return url.pathname.replace(/\.data$/, '') + (query ? `?${query}` : '')
}

/**
 * `path` (percent-encoded, ASCII) within RETURN_PATH_MAX: as it is, without
 * its query and fragment, or home.
 */
export function boundedPath(path: string): string {
  if (path.length <= RETURN_PATH_MAX) return path
  const bare = path.replace(/[?#].*$/s, '')
  return bare.length <= RETURN_PATH_MAX ? bare : HOME_PATH
}

/** /login, remembering where the member wanted to go (unless that is /login itself). */
export function loginPath(url: URL): string {
  return rememberingLogin(url, LOGIN_PATH)
}

/** The staff console's first page and its login (docs/decisions/0139). */
export const STAFF_HOME_PATH = '/staff'
export const STAFF_LOGIN_PATH = '/staff/login'

/** A console page (not its login): the only place a staff login returns to. */
export function isConsolePath(path: string): boolean {
  return /^\/staff(?:[/?]|$)/.test(path) && !path.startsWith(STAFF_LOGIN_PATH)
}

/** /staff/login, remembering the console page the staff person wanted (no member page). */
export function staffLoginPath(url: URL): string {
  return rememberingLogin(url, STAFF_LOGIN_PATH, isConsolePath)
}

/** `login`, remembering the page of `url` when it is one to come back to. */
function rememberingLogin(url: URL, login: string, returnable = (_: string) => true): string {
  const target = boundedPath(visiblePath(url))
  if (target === HOME_PATH || target.startsWith(login) || !returnable(target)) return login
  return `${login}?${new URLSearchParams({ redirectTo: target })}`
}

/**
 * A same-site relative path to go to after login, or home. remix-utils'
 * safeRedirect refuses `//host` and absolute URLs; we also refuse backslashes
 * (browsers read `/\host` as `//host`) and control characters, in raw and
 * decoded form. The result is percent-encoded (`/ก` -> `/%E0%B8%81`): it goes
 * into a Location header, which takes ASCII only; and bounded (boundedPath).
 */
export function safeReturnPath(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== 'string' || value.length > RETURN_INPUT_MAX) return HOME_PATH
  let decoded = value
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return HOME_PATH
  }
  // eslint-disable-next-line no-control-regex
  if ([value, decoded].some((v) => v.includes('\\') || /[\u0000-\u001f\u007f]/.test(v))) {
    return HOME_PATH
  }
  if (decoded.startsWith('//')) return HOME_PATH
  const safe = safeRedirect(value, HOME_PATH)
  if (safe.startsWith(LOGIN_PATH)) return HOME_PATH
  return encodedPath(safe)
}

const BASE = 'http://same-site.invalid'

/** A same-site path, percent-encoded by the URL parser (ASCII only), or home. */
function encodedPath(path: string): string {
  try {
    const url = new URL(path, BASE)
    if (url.origin !== BASE) return HOME_PATH
    const encoded = boundedPath(url.pathname + url.search + url.hash)
    return encoded.startsWith('/') && !encoded.startsWith('//') ? encoded : HOME_PATH
  } catch {
    return HOME_PATH
  }
}
