// The one guard every loader and action goes through: route checks, the handler's context, every
// failure as the error page's status and message, and every cookie of the request on whatever
// leaves. Called inside the route's own function, as Remix asks of higher-order loaders, so the
// browser bundle drops it.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
  BackendError,
  retryAfterOf,
  SessionEndedError,
  type MemberCaller,
} from '~/backend/client.server'
import type { Feature } from '~/backend/config.schemas'
import { requireOpen } from '~/backend/config.server'
import { appendSetCookies, CookieJar } from '~/server/cookies.server'
import {
  CROSS_SITE_MESSAGE,
  errorMessage,
  errorStatus,
  isDataWithResponseInit,
  NOT_FOUND_MESSAGE,
} from '~/lib/errors'
import { httpError } from '~/server/http-error.server'
import { accessForPath } from '~/lib/pages'
import { followBackendTime } from '~/server/server-timing.server'
import { requestIdFor } from '~/server/request-context.server'
import { noteTimelineError, noteTimelineMember } from '~/server/timeline.server'
import { runChecks, type Access, type CheckContext } from '~/security/checks.server'
import { isCrossSiteWrite } from '~/security/csrf.server'
import { memberCaller } from '~/session/member-api.server'
import { getSession, type MemberSession } from '~/session/session.server'
import type { StaffCaller } from '~/backend/staff.server'
import { isStaffAccess } from '~/lib/guest-pages'
import { redirectWithToast } from '~/server/toast.server'
import {
  getStaffSession,
  staffCaller,
  StaffSessionEndedError,
  type StaffSession,
} from '~/staff/staff-session.server'
import { STAFF_SESSION_ENDED_TOAST } from '~/security/checks.server'
import { staffLoginPath } from '~/lib/redirects'
import { watchGate, watchOver } from '~/staff/watch.server'

export interface RouteRules {
  access: Access
  checks?: readonly string[]
  validate?: (args: {
    params: LoaderFunctionArgs['params']
    url: URL
  }) => boolean | Promise<boolean>
  watcherMayPost?: boolean
  /** Needs no tokens, so a store that is away never stops a logout. */
  endsSession?: boolean
  /** Closed by the configuration service -> the Thai 503 page. */
  feature?: Feature
}

export interface RouteContext {
  request: Request
  params: LoaderFunctionArgs['params']
  url: URL
  session: MemberSession
  member: MemberCaller
  cookies: CookieJar
  /** docs/decisions/0139. */
  staffSession: StaffSession
  staff: StaffCaller
  /** The request's id, as its log line and error page give it. */
  requestId: string
}

type DataOf<T> = ReturnType<typeof data<T>>
export type Guarded<T> = T extends Response ? T : T extends DataOf<unknown> ? T : DataOf<T>

/** The unit test that walks every route module reads them. */
const guardedRequests = new WeakMap<Request, RouteRules>()

export function guardedRulesOf(request: Request): RouteRules | undefined {
  return guardedRequests.get(request)
}

/** A watch's pages go on the watch's record, not the member's timeline. */
function timelineMember(session: MemberSession, staffPage: boolean): string | undefined {
  if (staffPage || session.payload?.strategy === 'watcher') return undefined
  return session.payload?.mid
}

function toThrown(error: unknown): unknown {
  if (error instanceof Response || isDataWithResponseInit(error)) return error
  if (error instanceof DOMException && error.name === 'AbortError') return error
  if (error instanceof BackendError) {
    const thrown = httpError(error.status, error.message)
    for (const [name, value] of Object.entries(retryAfterOf(error))) thrown.headers.set(name, value)
    return thrown
  }
  return httpError(errorStatus(error), errorMessage(error) || 'Internal Server Error')
}

const isRedirect = (value: unknown) =>
  value instanceof Response && value.status >= 300 && value.status < 400

function cookiesFor(
  value: unknown,
  session: MemberSession,
  staffSession: StaffSession,
  jar: CookieJar,
): string[] {
  return [
    ...session.setCookieHeaders({ redirect: isRedirect(value) }),
    ...staffSession.setCookieHeaders(),
    ...jar.take(),
  ]
}

function withCookies<T>(value: T, cookies: readonly string[]): T {
  if (cookies.length === 0) return value
  if (value instanceof Response) {
    appendSetCookies(value.headers, cookies)
    return value
  }
  if (isDataWithResponseInit(value)) {
    const result = value as { init: ResponseInit | null }
    const headers = new Headers(result.init?.headers)
    appendSetCookies(headers, cookies)
    result.init = { ...result.init, headers }
  }
  return value
}

/** Null too when the backend ends the session meanwhile: the page shows as a visitor's. */
export async function memberPart<T>(
  { session }: Pick<RouteContext, 'session'>,
  load: () => Promise<T>,
): Promise<T | null> {
  if (!session.loggedIn) return null
  try {
    return await load()
  } catch (error) {
    if (error instanceof SessionEndedError) return null
    throw error
  }
}

export async function guard<T>(
  { request, params, context }: LoaderFunctionArgs | ActionFunctionArgs,
  rules: RouteRules,
  handler: (ctx: RouteContext) => Promise<T> | T,
): Promise<Guarded<T>> {
  guardedRequests.set(request, rules)
  followBackendTime(request, context)
  const url = new URL(request.url)
  const [session, staffSession] = await Promise.all([
    getSession(request, context, { endsSession: rules.endsSession }),
    getStaffSession(request, context),
  ])
  const staffPage = isStaffAccess(rules.access) || isStaffAccess(accessForPath(url.pathname))
  noteTimelineMember(context, timelineMember(session, staffPage))
  const cookies = new CookieJar()
  const { access, watcherMayPost = false } = rules
  const checked: CheckContext = { request, url, access, watcherMayPost, session, staffSession }
  const expiredBefore = session.expired
  try {
    if (isCrossSiteWrite(request)) throw httpError(403, CROSS_SITE_MESSAGE)
    if (!rules.endsSession) {
      await watchGate({ request, url, context, session, staffSession, staffPage })
    }
    await runChecks(['auth', ...(rules.checks ?? [])], checked)
    if (rules.feature) await requireOpen(rules.feature, request.signal)
    if (rules.validate && !(await rules.validate({ params, url }))) {
      throw httpError(404, NOT_FOUND_MESSAGE)
    }
    const member = memberCaller(session, request.signal)
    const staff = staffCaller(staffSession, request.signal)
    const result = await handler({
      request,
      params,
      url,
      session,
      member,
      cookies,
      staffSession,
      staff,
      requestId: requestIdFor(request, context),
    })
    // The backend ended the session while this request ran: `auth` says what
    // follows on the page the member is on (the root loader answers for it too).
    if (session.expired && !expiredBefore) {
      if (!staffPage) {
        const over = await watchOver(session, context)
        if (over) throw over
      }
      await runChecks(['auth'], { ...checked, access: accessForPath(url.pathname) ?? access })
    }
    await Promise.all([session.settled(), staffSession.settled()])
    noteTimelineMember(context, timelineMember(session, staffPage))
    const leaving =
      result instanceof Response || isDataWithResponseInit(result) ? result : data(result)
    return withCookies(leaving, cookiesFor(leaving, session, staffSession, cookies)) as Guarded<T>
  } catch (error) {
    let thrown = error
    if (error instanceof StaffSessionEndedError) {
      thrown = redirectWithToast(staffLoginPath(url), {
        type: 'error',
        message: STAFF_SESSION_ENDED_TOAST,
      })
    }
    // A handler that could not go on without the member's session: `auth`
    // decides as on a member page (a page a visitor may see reads its member
    // parts through memberPart and never gets here).
    if (error instanceof SessionEndedError && !staffPage) {
      thrown = (await watchOver(session, context)) ?? thrown
    }
    if (thrown === error && error instanceof SessionEndedError) {
      thrown = await runChecks(['auth'], { ...checked, access: 'member' }).then(
        () => error,
        (redirect: unknown) => redirect,
      )
    }
    if (error instanceof BackendError) noteTimelineError(context, error.code)
    thrown = toThrown(thrown)
    await Promise.all([session.settled(), staffSession.settled()])
    noteTimelineMember(context, timelineMember(session, staffPage))
    throw withCookies(thrown, cookiesFor(thrown, session, staffSession, cookies))
  }
}
