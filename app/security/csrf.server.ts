/**
 * Cross-site request refusal in the guard: a state-changing request (anything
 * but GET or HEAD) whose Origin is not one of the app's public origins
 * (APP_ORIGIN), or that the browser marks cross-site, is refused with 403
 * before any action runs; so is one without Origin whose Referer is another
 * site's (lib/cross-site.ts, decision 0135). The front door (server/front-door.server.ts) applies
 * the same rule before Remix; this is the second layer. SameSite=Lax on the
 * session cookie is the third.
 */
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
