/**
 * `guard()`: the one guard every loader and action goes through. It runs the
 * route checks (`auth`, then the layout's, then the page's), the page's
 * validity check, hands the handler the request's session, turns every failure
 * into the error page's status and message, and adds the session's Set-Cookie
 * to whatever leaves — data, redirect or error.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { errorMessage, errorStatus, isDataWithResponseInit, NOT_FOUND_MESSAGE } from '~/lib/errors'
import { httpError } from '~/lib/http-error.server'
import {
  LAYOUT_CHECKS,
  runChecks,
  sessionEndedRedirect,
  type Access,
  type Check,
  type CheckContext,
  type Layout,
} from '~/session/checks.server'
import { isCrossSiteWrite } from '~/session/csrf.server'
import { SessionEndedError } from '~/session/member-api.server'
import { getSession, type MemberSession } from '~/session/session.server'

export const CROSS_SITE_MESSAGE = 'คำขอนี้ถูกปฏิเสธ เนื่องจากส่งมาจากเว็บไซต์อื่น'

export interface RouteRules {
  access: Access
  layout: Layout
  /** The page's own check names, run after `auth` and the layout's. */
  checks?: readonly string[]
  /** The page's validity check: false shows the 404 page. */
  validate?: (args: {
    params: LoaderFunctionArgs['params']
    url: URL
  }) => boolean | Promise<boolean>
}

export interface RouteContext {
  request: Request
  params: LoaderFunctionArgs['params']
  url: URL
  session: MemberSession
}

/**
 * The rules each request went through, for the unit test that walks every
 * route module and proves its loader and action call `guard()`.
 */
const guardedRequests = new WeakMap<Request, RouteRules>()

/** The rules `guard()` applied to this request, if it ran. */
export function guardedRulesOf(request: Request): RouteRules | undefined {
  return guardedRequests.get(request)
}

/** The full chain of check names for a route, in order. */
export function checkNames(rules: RouteRules): string[] {
  return ['auth', ...LAYOUT_CHECKS[rules.layout], ...(rules.checks ?? [])]
}

function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response
  // Responses from redirect() and data() have mutable headers.
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie)
  return response
}

/** Turns whatever a handler threw into a Response the error boundary can show. */
function toResponse(error: unknown, url: URL, session: MemberSession): unknown {
  if (error instanceof Response) return error
  if (error instanceof SessionEndedError) {
    session.clear()
    return sessionEndedRedirect(url)
  }
  if (error instanceof BackendError) return httpError(error.status, error.message)
  // Remix's data() results (thrown `data(...)`) pass through untouched.
  if (isDataWithResponseInit(error)) return error
  if (isAbort(error)) return error
  return httpError(errorStatus(error), errorMessage(error) || 'Internal Server Error')
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * Runs a loader or action behind the route checks. The handler returns plain
 * data (or throws a Response / redirect); the session's cookie is attached
 * either way. Route modules call it inside their own function, as Remix asks
 * of higher-order loaders, so the browser bundle drops it:
 *
 *   export const loader = (args: LoaderFunctionArgs) =>
 *     guard(args, { access: 'member', layout: 'default' }, () => null)
 */
export async function guard<T>(
  { request, params }: LoaderFunctionArgs | ActionFunctionArgs,
  rules: RouteRules,
  handler: (ctx: RouteContext) => Promise<T> | T,
  registry?: Readonly<Record<string, Check>>,
) {
  guardedRequests.set(request, rules)
  const url = new URL(request.url)
  const session = getSession(request)
  const ctx: CheckContext = { request, url, access: rules.access, session }
  try {
    if (isCrossSiteWrite(request)) throw httpError(403, CROSS_SITE_MESSAGE)
    await runChecks(checkNames(rules), ctx, registry)
    if (rules.validate && !(await rules.validate({ params, url }))) {
      throw httpError(404, NOT_FOUND_MESSAGE)
    }
    const result = await handler({ request, params, url, session })
    if (result instanceof Response) return withCookies(result, session.setCookieHeaders())
    if (isDataWithResponseInit(result)) {
      return addCookiesToData(result as DataInit, session.setCookieHeaders()) as T
    }
    const cookies = session.setCookieHeaders()
    return data(result, cookies.length ? { headers: cookieHeaders(cookies) } : undefined)
  } catch (error) {
    const response = toResponse(error, url, session)
    if (response instanceof Response) throw withCookies(response, session.setCookieHeaders())
    if (isDataWithResponseInit(response)) {
      throw addCookiesToData(response as DataInit, session.setCookieHeaders())
    }
    throw response
  }
}

type DataInit = { init: ResponseInit | null }

function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return headers
}

function addCookiesToData(value: DataInit, cookies: string[]): DataInit {
  if (cookies.length === 0) return value
  const headers = new Headers(value.init?.headers)
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  value.init = { ...value.init, headers }
  return value
}
