/**
 * `guard()`: the one guard every loader and action goes through. It runs the
 * route checks (`auth`, then the route's own), the page's validity check,
 * hands the handler the request's session, turns every failure into the
 * error page's status and message, and adds the session's Set-Cookie to
 * whatever leaves: data, redirect or error.
 *
 *   export const loader = (args: LoaderFunctionArgs) =>
 *     guard(args, { access: 'member' }, async ({ session }) => ({ ... }))
 *
 * Route modules call it inside their own function, as Remix asks of
 * higher-order loaders, so the browser bundle drops it.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import type { Feature } from '~/backend/config.schemas'
import { requireOpen } from '~/backend/config.server'
import {
  CROSS_SITE_MESSAGE,
  errorMessage,
  errorStatus,
  isDataWithResponseInit,
  NOT_FOUND_MESSAGE,
} from '~/lib/errors'
import { httpError } from '~/lib/http-error.server'
import { followBackendTime } from '~/lib/server-timing.server'
import { runChecks, sessionEndedRedirect, type Access } from '~/session/checks.server'
import { isCrossSiteWrite } from '~/session/csrf.server'
import { SessionEndedError } from '~/session/member-api.server'
import { getSession, type MemberSession } from '~/session/session.server'

export interface RouteRules {
  access: Access
  /** The route's own check names, run after `auth`. */
  checks?: readonly string[]
  /** The page's validity check: false shows the 404 page. */
  validate?: (args: {
    params: LoaderFunctionArgs['params']
    url: URL
  }) => boolean | Promise<boolean>
  /** A watcher session may post here (logout, leaving watcher mode); elsewhere it only looks. */
  watcherMayPost?: boolean
  /** The section this page belongs to: closed by the configuration service -> the Thai 503 page. */
  feature?: Feature
}

export interface RouteContext {
  request: Request
  params: LoaderFunctionArgs['params']
  url: URL
  session: MemberSession
}

/** The rules each request went through: the unit test that walks every route module reads them. */
const guardedRequests = new WeakMap<Request, RouteRules>()

export function guardedRulesOf(request: Request): RouteRules | undefined {
  return guardedRequests.get(request)
}

/** Turns whatever a handler threw into what the error boundary shows. */
function toThrown(error: unknown, url: URL, session: MemberSession): unknown {
  if (error instanceof Response || isDataWithResponseInit(error)) return error
  if (error instanceof DOMException && error.name === 'AbortError') return error
  if (error instanceof SessionEndedError) {
    session.clear()
    return sessionEndedRedirect(url)
  }
  if (error instanceof BackendError) return httpError(error.status, error.message)
  return httpError(errorStatus(error), errorMessage(error) || 'Internal Server Error')
}

/** Adds the session's Set-Cookie headers to a Response or a `data()` result. */
function withCookies<T>(value: T, session: MemberSession): T {
  const cookies = session.setCookieHeaders()
  if (cookies.length === 0) return value
  if (value instanceof Response) {
    for (const cookie of cookies) value.headers.append('Set-Cookie', cookie)
    return value
  }
  if (isDataWithResponseInit(value)) {
    const result = value as { init: ResponseInit | null }
    const headers = new Headers(result.init?.headers)
    for (const cookie of cookies) headers.append('Set-Cookie', cookie)
    result.init = { ...result.init, headers }
  }
  return value
}

/**
 * Runs the page's handler. On a page a visitor may see, a member whose
 * session the backend just ended (a member part of the page found out) gets
 * the page as a visitor: the session is cleared and the handler runs once
 * more; the root loader's toast says why. A member-only page goes to /login.
 */
async function runHandler<T>(
  handler: (ctx: RouteContext) => Promise<T> | T,
  ctx: RouteContext,
  access: Access,
): Promise<T> {
  try {
    return await handler(ctx)
  } catch (error) {
    if (!(error instanceof SessionEndedError) || access === 'member') throw error
    ctx.session.clear()
    return handler(ctx)
  }
}

export async function guard<T>(
  { request, params, context }: LoaderFunctionArgs | ActionFunctionArgs,
  rules: RouteRules,
  handler: (ctx: RouteContext) => Promise<T> | T,
) {
  guardedRequests.set(request, rules)
  // Backend calls made with this request's signal count as its backend time (Server-Timing).
  followBackendTime(request, context)
  const url = new URL(request.url)
  const session = await getSession(request, context)
  try {
    if (isCrossSiteWrite(request)) throw httpError(403, CROSS_SITE_MESSAGE)
    const { access, watcherMayPost = false } = rules
    await runChecks(['auth', ...(rules.checks ?? [])], {
      request,
      url,
      access,
      watcherMayPost,
      session,
    })
    if (rules.feature) await requireOpen(rules.feature, request.signal)
    if (rules.validate && !(await rules.validate({ params, url }))) {
      throw httpError(404, NOT_FOUND_MESSAGE)
    }
    const result = await runHandler(handler, { request, params, url, session }, rules.access)
    await session.settled()
    if (result instanceof Response) return withCookies<Response>(result, session)
    if (isDataWithResponseInit(result)) return withCookies(result, session)
    return withCookies(data(result), session)
  } catch (error) {
    const thrown = toThrown(error, url, session)
    await session.settled()
    throw withCookies(thrown, session)
  }
}
