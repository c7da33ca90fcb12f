/**
 * Every cookie the app reads or writes goes through here: parsing with the
 * `cookie` package Remix already brings, and one set of attributes
 * (HttpOnly, SameSite=Lax, Secure as COOKIE_SECURE says).
 */
import { parse, serialize } from 'cookie'
import { env } from '~/lib/env.server'

/** All cookies of a request (the first of two with one name wins). */
export function requestCookies(request: Request): Record<string, string | undefined> {
  const header = request.headers.get('Cookie')
  return header ? parse(header) : {}
}

/** One cookie of a request, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  return requestCookies(request)[name]
}

export interface CookieOptions {
  path?: string
  /** Seconds; undefined makes a browser-session cookie, 0 removes it. */
  maxAge?: number
  /** Secure attribute; COOKIE_SECURE by default. */
  secure?: boolean
  /** Leaves HttpOnly off: only for a cookie that carries nothing but a signal to the page. */
  readableByScripts?: boolean
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/ unless told otherwise. */
export function setCookie(name: string, value: string, options: CookieOptions = {}): string {
  return serialize(name, value, {
    path: options.path ?? '/',
    maxAge: options.maxAge,
    httpOnly: !options.readableByScripts,
    secure: options.secure ?? env().COOKIE_SECURE,
    sameSite: 'lax',
    // Our values are base64url already; keep them byte for byte.
    encode: (v) => v,
  })
}

/** The Set-Cookie value that removes a cookie. */
export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAge'> = {}): string {
  return setCookie(name, '', { ...options, maxAge: 0 })
}
