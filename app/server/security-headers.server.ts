/**
 * Security headers for every document: a strict CSP with a per-request nonce
 * (Remix's scripts carry it; 'strict-dynamic' lets them load the route
 * chunks), and the usual hardening headers.
 */
import { randomBytes } from 'node:crypto'

export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

export interface CspOptions {
  dev: boolean
  /** Origins a form may be redirected to (the LINE authorize page). */
  formTargets?: string[]
  /** The image host's origin (IMAGE_HOST_URL), when it is not https (the demo's). */
  imageOrigins?: string[]
}

export function contentSecurityPolicy(
  nonce: string,
  { dev, formTargets = [], imageOrigins = [] }: CspOptions,
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'"],
    // sonner inserts its stylesheet at run time; no inline scripts are allowed.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:', ...imageOrigins],
    'font-src': ["'self'"],
    'connect-src': dev ? ["'self'", 'ws:'] : ["'self'"],
    'form-action': ["'self'", ...formTargets],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function setSecurityHeaders(
  headers: Headers,
  nonce: string,
  { production, ...options }: { production: boolean } & Omit<CspOptions, 'dev'>,
): void {
  headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy(nonce, { dev: !production, ...options }),
  )
  headers.set('X-Content-Type-Options', 'nosniff')
  if (!headers.has('Referrer-Policy')) {
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  }
  headers.set('X-Frame-Options', 'DENY')
  headers.set(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  )
  if (production) {
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
}
