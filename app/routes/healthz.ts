import { env } from '~/server/env.server'
import { METHOD_NOT_ALLOWED_MESSAGE } from '~/lib/errors'

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
  return Response.json(
    { message: METHOD_NOT_ALLOWED_MESSAGE },
    { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } },
  )
}
