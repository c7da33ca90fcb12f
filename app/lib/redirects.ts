import { safeRedirect } from 'remix-utils/safe-redirect'

export const LOGIN_PATH = '/login'
export const HOME_PATH = '/'

/** A long Thai query encoded twice once made a 4.5 KB Location that nginx refused (docs/decisions/0131). */
export const RETURN_PATH_MAX = 512

const RETURN_INPUT_MAX = 8192

const INTERNAL_PARAMS = ['_data', '_routes', 'index']

export function visiblePath(url: URL): string {
  const search = new URLSearchParams(url.search)
  for (const p of INTERNAL_PARAMS) search.delete(p)
  const query = search.toString()
  return url.pathname.replace(/\.data$/, '') + (query ? `?${query}` : '')
}

export function boundedPath(path: string): string {
  if (path.length <= RETURN_PATH_MAX) return path
  const bare = path.replace(/[?#].*$/s, '')
  return bare.length <= RETURN_PATH_MAX ? bare : HOME_PATH
}

export const LOGIN_REASONS = {
  'ended-elsewhere':
    'คุณออกจากระบบบนอุปกรณ์นี้แล้ว เพราะมีการเปลี่ยนรหัสผ่านหรือออกจากระบบทุกอุปกรณ์ กรุณาเข้าสู่ระบบอีกครั้ง',
} as const
export type LoginReason = keyof typeof LOGIN_REASONS

export function loginReasonText(value: string | null): string | null {
  return value !== null && Object.hasOwn(LOGIN_REASONS, value)
    ? LOGIN_REASONS[value as LoginReason]
    : null
}

export function loginPath(url: URL, reason?: LoginReason): string {
  const login = rememberingLogin(url, LOGIN_PATH)
  if (!reason) return login
  return `${login}${login.includes('?') ? '&' : '?'}${new URLSearchParams({ reason })}`
}

const PURPOSES: readonly { path: string; text: string }[] = [
  { path: '/games/launch', text: 'เข้าสู่ระบบเพื่อเล่นเกม' },
  { path: '/lotto/launch', text: 'เข้าสู่ระบบเพื่อเล่นหวย' },
  { path: '/lotto/stake', text: 'เข้าสู่ระบบเพื่อแทงหวย' },
]

export function loginPurpose(redirectTo: string | null): string | null {
  if (!redirectTo) return null
  const path = safeReturnPath(redirectTo).replace(/[?#].*$/s, '')
  return PURPOSES.find((p) => path === p.path || path.startsWith(`${p.path}/`))?.text ?? null
}

/** A browser keeps the Referer through the redirect to /login. */
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

/** docs/decisions/0139. */
export const STAFF_HOME_PATH = '/staff'
export const STAFF_LOGIN_PATH = '/staff/login'

export function isConsolePath(path: string): boolean {
  return /^\/staff(?:[/?]|$)/.test(path) && !path.startsWith(STAFF_LOGIN_PATH)
}

export const WATCHER_PATH = '/watcher'

export function isStaffReturnPath(path: string): boolean {
  return isConsolePath(path) || path === WATCHER_PATH
}

export function staffLoginPath(url: URL): string {
  return rememberingLogin(url, STAFF_LOGIN_PATH, isStaffReturnPath)
}

function rememberingLogin(url: URL, login: string, returnable = (_: string) => true): string {
  const target = boundedPath(visiblePath(url))
  if (target === HOME_PATH || target.startsWith(login) || !returnable(target)) return login
  return `${login}?${new URLSearchParams({ redirectTo: target })}`
}

/**
 * Besides safeRedirect's checks: backslashes (browsers read `/\host` as `//host`) and control
 * characters, raw and decoded. Percent-encoded: a Location header takes ASCII only.
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
