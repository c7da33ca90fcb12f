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
