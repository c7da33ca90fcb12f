// One context per HTTP request (server.mjs getLoadContext): Remix gives each loader its own copy
// of the Request, so the Request cannot tie them together. Without getLoadContext (dev, unit
// tests) a bare object: no clock, and the id is read from the Request.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppLoadContext } from '@remix-run/node'
import { incomingRequestId, requestIdOf } from '~/server/request-id.server'
import { RequestTiming } from '~/server/server-timing.server'
import { followTimeline, type TimelineNote } from '~/server/timeline.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    requestId?: string
    timing?: RequestTiming
    memo?: Map<string, unknown>
    /**
     * A live stream needs Node's own event: undici's Request signal follows the abort through a WeakRef,
     * and a Request nobody holds is collected with its signal never aborted.
     */
    onClose?: (listener: () => void) => void
    /** A live stream drops a reader that stopped reading past a bound (decision 0132). */
    unsent?: () => number
    abandon?: () => void
    timeline?: TimelineNote
  }
}

export type RequestContext = Required<Pick<AppLoadContext, 'requestId' | 'timing' | 'memo'>> &
  Pick<AppLoadContext, 'onClose' | 'unsent' | 'abandon' | 'timeline'>

const arrivals = new WeakMap<IncomingMessage, number>()

export function noteArrival(req: IncomingMessage, now = performance.now()): void {
  arrivals.set(req, now)
}

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

export function perRequest<T>(context: AppLoadContext, name: string, create: () => T): T {
  const memo = (context.memo ??= new Map())
  if (!memo.has(name)) memo.set(name, create())
  return memo.get(name) as T
}

export function requestIdFor(request: Request, context: AppLoadContext): string {
  return context.requestId ?? requestIdOf(request)
}
