/**
 * Where the app sends a member around login, and which remembered paths are
 * safe to return to.
 */
import { safeRedirect } from 'remix-utils/safe-redirect'

export const LOGIN_PATH = '/login'
export const HOME_PATH = '/'

/** Query parameters Remix adds to data requests: never part of a remembered path. */
const INTERNAL_PARAMS = ['_data', '_routes', 'index']

/** The path and query of a URL as the member sees it in the address bar. */
export function visiblePath(url: URL): string {
  const search = new URLSearchParams(url.search)
  for (const p of INTERNAL_PARAMS) search.delete(p)
  const query = search.toString()
  return url.pathname.replace(/\.data$/, '') + (query ? `?${query}` : '')
}

/** /login, remembering where the member wanted to go (unless that is /login itself). */
export function loginPath(url: URL): string {
  const target = visiblePath(url)
  if (target === HOME_PATH || target.startsWith(LOGIN_PATH)) return LOGIN_PATH
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: target })}`
}

/**
 * A same-site relative path to go to after login, or home. remix-utils'
 * safeRedirect refuses `//host` and absolute URLs; we also refuse backslashes
 * (browsers read `/\host` as `//host`) and control characters, in raw and
 * decoded form. The result is percent-encoded (`/ก` -> `/%E0%B8%81`): it goes
 * into a Location header, which takes ASCII only.
 */
export function safeReturnPath(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== 'string' || value.length > 2048) return HOME_PATH
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
    const encoded = url.pathname + url.search + url.hash
    return encoded.startsWith('/') && !encoded.startsWith('//') ? encoded : HOME_PATH
  } catch {
    return HOME_PATH
  }
}
