/**
 * What the request timeline's tests (app/server/timeline*.test.ts) share:
 * the Request Remix would hand a loader for a node:http request, a member
 * page's guard that answers `{ ok: true }`, and an entry to store.
 */
import type { IncomingMessage } from 'node:http'
import type { AppLoadContext } from '@remix-run/node'
import type { TimelineEntry } from '~/lib/timeline'
import { guard } from '~/session/guard'

/** The Request a loader gets for `req`: its URL and its cookies. */
export function requestOf(req: IncomingMessage): Request {
  return new Request(`http://app.test${req.url}`, {
    headers: { Cookie: req.headers.cookie ?? '' },
  })
}

/** A member page's loader through guard() with this request's context; its handler answers `{ ok: true }`. */
export function guardedOk(req: IncomingMessage, context: AppLoadContext) {
  return guard({ request: requestOf(req), params: {}, context }, { access: 'member' }, () => ({
    ok: true,
  }))
}

/** An entry as the timeline stores it. */
export function timelineEntry(requestId: string, at = Date.now()): TimelineEntry {
  return {
    at,
    method: 'GET',
    path: '/',
    query: '',
    status: 200,
    requestId,
    durationMs: 3.2,
    instance: 'test:1',
    errorCode: null,
    device: 'phone',
  }
}
