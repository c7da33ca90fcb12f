/**
 * Every cookie the app reads or writes goes through here: parsing with the
 * `cookie` package Remix already brings, one set of attributes (HttpOnly,
 * SameSite=Lax, Path=/, Secure as COOKIE_SECURE says) and one naming rule.
 *
 * With Secure, every name carries the `__Host-` prefix: browsers keep such a
 * cookie only when it was set over https by this very host with Path=/ and
 * no Domain, so a sibling subdomain or a plain-http answer cannot plant or
 * overwrite one; and only prefixed cookies are read (docs/decisions/0094).
 * Without Secure (COOKIE_SECURE=false: plain-http previews and the tests) the
 * prefix would be refused by the browser, and names are as written.
 */
import { parse, serialize } from 'cookie'
import { HOST_PREFIX } from '~/lib/cookie-prefix'
import { env } from '~/server/env.server'

/** The name a cookie goes by in the browser: `__Host-<name>` when Secure. */
export function cookieName(name: string, secure: boolean = env().COOKIE_SECURE): string {
  return secure ? `${HOST_PREFIX}${name}` : name
}

/**
 * The app's cookies of a Cookie header, by the names the app gives them
 * (the first of two with one name wins). With Secure only `__Host-` cookies
 * count, their prefix taken off: an unprefixed `auth.session` may have been
 * planted by another host and is never read.
 */
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

/** All the app's cookies of a request, by the names the app gives them. */
export function requestCookies(
  request: Request,
  secure: boolean = env().COOKIE_SECURE,
): Record<string, string | undefined> {
  return ownCookies(request.headers.get('Cookie'), secure)
}

/** One cookie of a request, or undefined. */
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
  /** Secure attribute (and the `__Host-` name); COOKIE_SECURE by default. */
  secure?: boolean
  /** Leaves HttpOnly off: only for a cookie that carries nothing but a signal to the page. */
  readableByScripts?: boolean
  /** `strict`: never sent with a request another site starts, a link included (the staff session). */
  sameSite?: 'lax' | 'strict'
}

/**
 * A Set-Cookie value: HttpOnly, SameSite=Lax (or Strict), Path=/ (every
 * cookie of the app is for the whole site: `__Host-` allows no other path),
 * Secure and `__Host-<name>` as COOKIE_SECURE says.
 */
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

/** The Set-Cookie value that removes a cookie. */
export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAge'> = {}): string {
  return setCookie(name, '', { ...options, maxAge: 0 })
}

/**
 * The cookies one request's answer sets. Route handlers put them here; the
 * guard writes them, with the session's, on whatever leaves: data, redirect
 * or error page.
 */
export class CookieJar {
  readonly #values: string[] = []

  set(name: string, value: string, options?: CookieOptions): void {
    this.#values.push(setCookie(name, value, options))
  }

  clear(name: string, options?: Omit<CookieOptions, 'maxAge'>): void {
    this.#values.push(clearCookie(name, options))
  }

  /** Set-Cookie values made by `setCookie` elsewhere (sealed cookies, the session's chunks). */
  add(...values: readonly string[]): void {
    this.#values.push(...values)
  }

  /** The values set so far, each handed out once. */
  take(): string[] {
    return this.#values.splice(0)
  }
}

/** Writes Set-Cookie values onto headers: the one place a Set-Cookie header is written. */
export function appendSetCookies(headers: Headers, values: readonly string[]): void {
  for (const value of values) headers.append('Set-Cookie', value)
}
