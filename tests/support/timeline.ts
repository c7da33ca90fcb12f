/**
 * What the request timeline's tests (app/server/timeline*.test.ts) share:
 * the Request Remix would hand a loader for a node:http request, a member
 * page's guard that answers `{ ok: true }`, an entry to store, and a
 * server that makes each request's context as the app does.
 */
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AppLoadContext } from '@remix-run/node'
import { getLoadContext } from '~/server/request-context.server'
import type { TimelineEntry } from '~/lib/timeline'
import { guard } from '~/security/guard'

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

/** What a test server does with one request and the context the app made for it (Remix's part). */
export type ContextAnswer = (
  req: IncomingMessage,
  res: ServerResponse,
  context: AppLoadContext,
) => void | Promise<void>

/**
 * A node:http server on a free port that makes each request's context with
 * the app's own getLoadContext and hands it to `answer`; `get` fetches a
 * path and reads the answer's `X-Request-Id` (the answer sets it) and how
 * long it took.
 */
export async function contextServer(answer: ContextAnswer) {
  const server = createServer((req, res) => {
    void answer(req, res, getLoadContext(req, res))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    async get(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
      const started = performance.now()
      const res = await fetch(`${base}${path}`, { headers, ...init })
      await res.text()
      return {
        status: res.status,
        requestId: res.headers.get('X-Request-Id') ?? '',
        ms: performance.now() - started,
      }
    },
    async close() {
      server.close()
      await once(server, 'close')
    },
  }
}
