// The guard's second layer of cross-site refusal (lib/cross-site.ts, decision 0135): the front
// door applies it first, SameSite=Lax is the third.
import { isCrossSite } from '~/lib/cross-site'
import { appOrigins } from '~/server/origins.server'

export function isCrossSiteWrite(
  request: Request,
  origins: readonly string[] = appOrigins(request.url),
): boolean {
  return isCrossSite(
    {
      method: request.method,
      secFetchSite: request.headers.get('Sec-Fetch-Site'),
      origin: request.headers.get('Origin'),
      referer: request.headers.get('Referer'),
    },
    origins,
  )
}
