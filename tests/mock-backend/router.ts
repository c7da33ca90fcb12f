/**
 * Routing: a route is a method, an exact path and a handler. An unknown path
 * is a 404 NOT_FOUND; a known path with another method a 405 BAD_REQUEST.
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
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  handler: (ctx: RequestContext) => Reply | Promise<Reply>
}

/** The JSON body checked against a request schema (an empty body counts as `{}`). */
export function jsonBody<S extends z.ZodTypeAny>(ctx: RequestContext, schema: S): z.output<S> {
  return validate(schema, parseJsonBody(ctx.rawBody) ?? {})
}

export async function dispatch(routes: readonly Route[], ctx: RequestContext): Promise<Reply> {
  const path = ctx.url.pathname
  const forPath = routes.filter((route) => route.path === path)
  if (forPath.length === 0) throw new ApiError(404, 'NOT_FOUND', `No such path: ${path}`)
  const route = forPath.find((candidate) => candidate.method === ctx.method)
  if (!route) {
    const allow = forPath.map((candidate) => candidate.method).join(', ')
    throw new ApiError(405, 'BAD_REQUEST', `Method ${ctx.method} not allowed on ${path}`, {
      Allow: allow,
    })
  }
  return route.handler(ctx)
}
