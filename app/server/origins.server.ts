// Never the Host or X-Forwarded-* a client sends: those choose nothing here.
import { env, type Env } from '~/server/env.server'

export function appOrigins(requestUrl: string, e: Pick<Env, 'APP_ORIGINS'> = env()): string[] {
  return e.APP_ORIGINS.length > 0 ? e.APP_ORIGINS : [new URL(requestUrl).origin]
}

/** The LINE redirect_uri's origin. */
export function canonicalOrigin(requestUrl: string, e: Pick<Env, 'APP_ORIGINS'> = env()): string {
  return appOrigins(requestUrl, e)[0] ?? new URL(requestUrl).origin
}
