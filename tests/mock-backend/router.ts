/**
 * Routing: a route is a method, a path and a handler. A path segment written
 * `:name` matches any one segment and reaches the handler as
 * `ctx.params.name` (`/lotto/stake-sets/:id`). An unknown path is a 404
 * NOT_FOUND; a known path with another method a 405 BAD_REQUEST.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { z } from 'zod'
import { ApiError, parseJsonBody, validate, type Reply } from './http'
import type { Sessions } from './sessions'
import type { MockState } from './state'

export interface RequestContext {
  method: string
  url: URL
  headers: IncomingHttpHeaders
  rawBody: string
  state: MockState
  sessions: Sessions
  /** The `:name` segments of the matched route's path. */
  params: Record<string, string>
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  handler: (ctx: RequestContext) => Reply | Promise<Reply>
}

/** The JSON body checked against a request schema (an empty body counts as `{}`). */
export function jsonBody<S extends z.ZodTypeAny>(ctx: RequestContext, schema: S): z.output<S> {
  return validate(schema, parseJsonBody(ctx.rawBody) ?? {})
}

/** The `:name` values when `pattern` matches `path`, else null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (const [i, segment] of want.entries()) {
    const value = got[i] ?? ''
    if (segment.startsWith(':')) {
      if (value === '') return null
      try {
        params[segment.slice(1)] = decodeURIComponent(value)
      } catch {
        return null
      }
    } else if (segment !== value) {
      return null
    }
  }
  return params
}

export async function dispatch(
  routes: readonly Route[],
  ctx: Omit<RequestContext, 'params'>,
): Promise<Reply> {
  const path = ctx.url.pathname
  const forPath = routes.filter((route) => matchPath(route.path, path) !== null)
  if (forPath.length === 0) throw new ApiError(404, 'NOT_FOUND', `No such path: ${path}`)
  const route = forPath.find((candidate) => candidate.method === ctx.method)
  if (!route) {
    const allow = forPath.map((candidate) => candidate.method).join(', ')
    throw new ApiError(405, 'BAD_REQUEST', `Method ${ctx.method} not allowed on ${path}`, {
      Allow: allow,
    })
  }
  return route.handler({ ...ctx, params: matchPath(route.path, path) ?? {} })
}
