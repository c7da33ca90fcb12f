import { env } from '~/server/env.server'
import { methodNotAllowed } from '~/server/http-error.server'

/** Liveness for load balancers and the Docker HEALTHCHECK: no auth, no backend call. */
export function loader() {
  const { APP_VERSION, APP_COMMIT } = env()
  return Response.json(
    { status: 'ok', version: APP_VERSION, commit: APP_COMMIT },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** Only GET and HEAD: anything else is a Thai 405 (not Remix's English error). */
export function action() {
  return methodNotAllowed('GET, HEAD')
}
