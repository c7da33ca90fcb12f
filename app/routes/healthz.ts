import { env } from '~/lib/env.server'

/** Liveness for load balancers and the Docker HEALTHCHECK: no auth, no backend call. */
export function loader() {
  const { APP_VERSION, APP_COMMIT } = env()
  return Response.json(
    { status: 'ok', version: APP_VERSION, commit: APP_COMMIT },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
