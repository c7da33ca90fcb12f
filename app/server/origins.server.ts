/**
 * The app's public origins (APP_ORIGIN, the first is canonical). In
 * development without APP_ORIGIN, the request URL's own origin. Never the
 * Host, X-Forwarded-Host or X-Forwarded-Proto a client sends: those choose
 * nothing here.
 */
import { env, type Env } from '~/server/env.server'

/** The origins a write may come from. */
export function appOrigins(requestUrl: string, e: Pick<Env, 'APP_ORIGINS'> = env()): string[] {
  return e.APP_ORIGINS.length > 0 ? e.APP_ORIGINS : [new URL(requestUrl).origin]
}

/** The origin links leaving the app name (the LINE redirect_uri). */
export function canonicalOrigin(requestUrl: string, e: Pick<Env, 'APP_ORIGINS'> = env()): string {
  return appOrigins(requestUrl, e)[0] ?? new URL(requestUrl).origin
}
