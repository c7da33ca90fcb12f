import { env } from '~/server/env.server'
import { methodNotAllowed } from '~/server/http-error.server'

/** No auth, no backend call. */
export function loader() {
  const { APP_VERSION, APP_COMMIT } = env()
  return Response.json(
    { status: 'ok', version: APP_VERSION, commit: APP_COMMIT },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** Not Remix's English error. */
export function action() {
  return methodNotAllowed('GET, HEAD')
}
