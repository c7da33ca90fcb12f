/**
 * One context per HTTP request. The server (server.mjs) makes it with
 * `getLoadContext` once the front door has let the request in; Remix hands
 * the same object to every loader and action of that request as
 * `args.context` (Remix gives each of them its own copy of the Request, so
 * the Request cannot tie them together), and to entry.server.tsx.
 *
 * `npm run dev` (remix-serve, no getLoadContext) and unit tests that call a
 * loader with `context: {}` give a bare object, still one per request:
 * `perRequest` gives it its memo on first use; it has no clock
 * (no Server-Timing) and the request id is read from the Request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppLoadContext } from '@remix-run/node'
import { incomingRequestId, requestIdOf } from '~/server/request-id.server'
import { RequestTiming } from '~/server/server-timing.server'
import { followTimeline, type TimelineNote } from '~/server/timeline.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The id a member can quote: the browser's X-Request-Id (data requests) or a new one. */
    requestId?: string
    /** Server-Timing's clock, started when the request reached the front door. */
    timing?: RequestTiming
    /** What every loader and action of the request share, by name (the session). */
    memo?: Map<string, unknown>
    /**
     * Calls `listener` once the response is done with: finished, or its
     * client gone. Node's own event on the response. A long-lived answer (a
     * live events stream) needs it: the Request a loader gets follows the
     * connection's abort through a WeakRef (undici), and a Request nobody
     * holds any more is collected, its signal never aborted.
     */
    onClose?: (listener: () => void) => void
    /**
     * Bytes the response has been given and its client has not taken yet
     * (Node's buffers of the response and its socket). A live events stream
     * drops a reader that stopped reading past a bound (decision 0132).
     */
    unsent?: () => number
    /** Ends the response and its connection now, whatever is unsent (dropped). */
    abandon?: () => void
    /** The member's request timeline: the guard notes the member (timeline.server.ts). */
    timeline?: TimelineNote
  }
}

/** What `getLoadContext` gives every request: an AppLoadContext with every part. */
export type RequestContext = Required<Pick<AppLoadContext, 'requestId' | 'timing' | 'memo'>> &
  Pick<AppLoadContext, 'onClose' | 'unsent' | 'abandon' | 'timeline'>

/** When each request reached the front door (its clock starts there). */
const arrivals = new WeakMap<IncomingMessage, number>()

/** The front door notes a request's arrival. */
export function noteArrival(req: IncomingMessage, now = performance.now()): void {
  arrivals.set(req, now)
}

/** The context of one HTTP request (server.mjs hands it to Remix's request handler). */
export function getLoadContext(req: IncomingMessage, res?: ServerResponse): RequestContext {
  const requestId = incomingRequestId(req)
  const arrived = arrivals.get(req) ?? performance.now()
  return {
    requestId,
    timing: new RequestTiming(arrived),
    timeline: res ? followTimeline(req, res, requestId, arrived) : undefined,
    memo: new Map(),
    onClose: res
      ? (listener) => {
          if (res.closed) listener()
          else res.once('close', listener)
        }
      : undefined,
    unsent: res ? () => res.writableLength : undefined,
    abandon: res ? () => void res.destroy() : undefined,
  }
}

/** `create()` once per HTTP request: every loader and action of it gets the same value. */
export function perRequest<T>(context: AppLoadContext, name: string, create: () => T): T {
  const memo = (context.memo ??= new Map())
  if (!memo.has(name)) memo.set(name, create())
  return memo.get(name) as T
}

/** The request's id for its answer and its log lines. */
export function requestIdFor(request: Request, context: AppLoadContext): string {
  return context.requestId ?? requestIdOf(request)
}
