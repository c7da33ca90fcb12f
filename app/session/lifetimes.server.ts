import { env } from '~/lib/env.server'

/** Lifetimes used for tokens without `exp` (ACCESS_/REFRESH_TOKEN_LIFETIME_S; `none` = unknown). */
export function sessionLifetimes() {
  const e = env()
  return { accessSeconds: e.ACCESS_TOKEN_LIFETIME_S, refreshSeconds: e.REFRESH_TOKEN_LIFETIME_S }
}
