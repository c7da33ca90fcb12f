// Every cookie goes through here. With Secure every name carries `__Host-`, so a sibling
// subdomain or a plain-http answer cannot plant one; only prefixed cookies are read
// (docs/decisions/0094). Browsers refuse the prefix without Secure (COOKIE_SECURE=false).
import { parse, serialize } from 'cookie'
import { HOST_PREFIX } from '~/lib/cookie-prefix'
import { env } from '~/server/env.server'

export function cookieName(name: string, secure: boolean = env().COOKIE_SECURE): string {
  return secure ? `${HOST_PREFIX}${name}` : name
}

/** With Secure an unprefixed cookie may have been planted by another host and is never read. */
export function ownCookies(
  header: string | null,
  secure: boolean = env().COOKIE_SECURE,
): Record<string, string | undefined> {
  const all = typeof header === 'string' ? parse(header) : {}
  if (!secure) return all
  const own: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(all)) {
    if (name.startsWith(HOST_PREFIX)) own[name.slice(HOST_PREFIX.length)] ??= value
  }
  return own
}

export function requestCookies(
  request: Request,
  secure: boolean = env().COOKIE_SECURE,
): Record<string, string | undefined> {
  return ownCookies(request.headers.get('Cookie'), secure)
}

export function readCookie(
  request: Request,
  name: string,
  secure: boolean = env().COOKIE_SECURE,
): string | undefined {
  return requestCookies(request, secure)[name]
}

export interface CookieOptions {
  /** Seconds; undefined makes a browser-session cookie, 0 removes it. */
  maxAge?: number
  secure?: boolean
  /** Only for a cookie that carries nothing but a signal to the page. */
  readableByScripts?: boolean
  /** Never sent with a request another site starts, a link included (the staff session). */
  sameSite?: 'lax' | 'strict'
}

/** Path=/ always: `__Host-` allows no other path. */
export function setCookie(name: string, value: string, options: CookieOptions = {}): string {
  const secure = options.secure ?? env().COOKIE_SECURE
  return serialize(cookieName(name, secure), value, {
    path: '/',
    maxAge: options.maxAge,
    httpOnly: !options.readableByScripts,
    secure,
    sameSite: options.sameSite ?? 'lax',
    // Our values are base64url already; keep them byte for byte.
    encode: (v) => v,
  })
}

export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAge'> = {}): string {
  return setCookie(name, '', { ...options, maxAge: 0 })
}

/** The guard writes them, with the session's, on whatever leaves: data, redirect or error page. */
export class CookieJar {
  readonly #values: string[] = []

  set(name: string, value: string, options?: CookieOptions): void {
    this.#values.push(setCookie(name, value, options))
  }

  clear(name: string, options?: Omit<CookieOptions, 'maxAge'>): void {
    this.#values.push(clearCookie(name, options))
  }

  add(...values: readonly string[]): void {
    this.#values.push(...values)
  }

  take(): string[] {
    return this.#values.splice(0)
  }
}

/** The one place a Set-Cookie header is written. */
export function appendSetCookies(headers: Headers, values: readonly string[]): void {
  for (const value of values) headers.append('Set-Cookie', value)
}
