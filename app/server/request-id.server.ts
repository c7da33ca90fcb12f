import type { IncomingMessage } from 'node:http'
import { isValidRequestId, newRequestId, REQUEST_ID_HEADER } from '~/lib/request-id'

const ids = new WeakMap<Request, string>()

export function requestIdOf(request: Request): string {
  let id = ids.get(request)
  if (!id) {
    const sent = request.headers.get(REQUEST_ID_HEADER)
    id = isValidRequestId(sent) ? sent : newRequestId()
    ids.set(request, id)
  }
  return id
}

/**
 * The id of an HTTP request as it reaches the server: the browser's X-Request-Id
 * (data requests) or a new one, kept on `req.id` so the request log, the front
 * door and the load context give the same one.
 */
export function incomingRequestId(req: IncomingMessage & { id?: unknown }): string {
  if (typeof req.id === 'string') return req.id
  const sent = req.headers[REQUEST_ID_HEADER.toLowerCase()]
  const id = typeof sent === 'string' && isValidRequestId(sent) ? sent : newRequestId()
  req.id = id
  return id
}
