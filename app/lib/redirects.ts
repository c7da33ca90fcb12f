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

/**
 * Why a device was sent to /login (`?reason=`), said on the page itself:
 * its session was ended from elsewhere (a password change, "ออกจากระบบทุกอุปกรณ์").
 */
export const LOGIN_REASONS = {
  'ended-elsewhere':
    'คุณออกจากระบบบนอุปกรณ์นี้แล้ว เพราะมีการเปลี่ยนรหัสผ่านหรือออกจากระบบทุกอุปกรณ์ กรุณาเข้าสู่ระบบอีกครั้ง',
} as const
export type LoginReason = keyof typeof LOGIN_REASONS

/** The Thai sentence of a `reason` query value, or null for none or one we do not know. */
export function loginReasonText(value: string | null): string | null {
  return value !== null && Object.hasOwn(LOGIN_REASONS, value)
    ? LOGIN_REASONS[value as LoginReason]
    : null
}

/** /login, remembering where the member wanted to go (unless that is /login itself), and why. */
export function loginPath(url: URL, reason?: LoginReason): string {
  const login = rememberingLogin(url, LOGIN_PATH)
  if (!reason) return login
  return `${login}${login.includes('?') ? '&' : '?'}${new URLSearchParams({ reason })}`
}

/** What a visitor sent to /login was doing, by the page they are to return to. */
const PURPOSES: readonly { path: string; text: string }[] = [
  { path: '/games/launch', text: 'เข้าสู่ระบบเพื่อเล่นเกม' },
  { path: '/lotto/launch', text: 'เข้าสู่ระบบเพื่อเล่นหวย' },
  { path: '/lotto/stake', text: 'เข้าสู่ระบบเพื่อแทงหวย' },
]

/** "เข้าสู่ระบบเพื่อเล่นเกม" for a login that returns to a game's launch, …; null for other pages. */
export function loginPurpose(redirectTo: string | null): string | null {
  if (!redirectTo) return null
  const path = safeReturnPath(redirectTo).replace(/[?#].*$/s, '')
  return PURPOSES.find((p) => path === p.path || path.startsWith(`${p.path}/`))?.text ?? null
}

/**
 * The page the visitor came from (the Referer of their way to /login: a
 * browser keeps it through the redirect), as a same-site path to go back
 * to; null when it is none, another site's, or a login page.
 */
export function backPath(referer: string | null, origin: string): string | null {
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  const path = safeReturnPath(visiblePath(url))
  return path === HOME_PATH && url.pathname !== HOME_PATH ? null : path
}

/** The staff console's first page and its login (docs/decisions/0139). */
export const STAFF_HOME_PATH = '/staff'
export const STAFF_LOGIN_PATH = '/staff/login'

/** A console page (not its login): the only place a staff login returns to. */
export function isConsolePath(path: string): boolean {
  return /^\/staff(?:[/?]|$)/.test(path) && !path.startsWith(STAFF_LOGIN_PATH)
}

/** The pasted-token watch's page: staff sign in for it where the backend has staff accounts. */
export const WATCHER_PATH = '/watcher'

/** Where a staff login may return to: a console page, or the pasted-token watch's page. */
export function isStaffReturnPath(path: string): boolean {
  return isConsolePath(path) || path === WATCHER_PATH
}

/** /staff/login, remembering the console page (or /watcher) the staff person wanted (no member page). */
export function staffLoginPath(url: URL): string {
  return rememberingLogin(url, STAFF_LOGIN_PATH, isStaffReturnPath)
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
