/**
 * The demo backend: a real HTTP server on 127.0.0.1 (node:http) speaking the
 * backend contract (docs/backend-api.md), plus the test-only /__mock/ control
 * API. `npm start` uses it when BACKEND_URL is unset; e2e tests steer it.
 *
 * Every call outside /__mock/ is logged, then delayed (injected latency),
 * then answered by an injected failure if one is pending, else by its route.
 * Before any route, watches whose limit passed are settled, and a watch's
 * delegated token is refused on every call that is no read (the read-only
 * gate: one place for every route; docs/backend-api.md, "Staff").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import { profileResponseSchema } from '../../app/backend/schemas'
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../app/lib/push-endpoint'
import { accountRoutes } from './accounts'
import { affiliateRoutes } from './affiliate'
import { allianceRoutes } from './alliance'
import { appConfigRoutes } from './app-config'
import { cashbackRoutes } from './cashback'
import { couponRoutes } from './coupons'
import { apiRoutes } from './api'
import { contentRoutes } from './content'
import { controlRoutes } from './control'
import { czipzRoutes } from './czipz'
import { eventRoutes } from './events'
import { yeekeeRoutes, yeekeeTick } from './yeekee'
import { gameRoutes } from './games'
import { ApiError, dataReply, errorReply, readBody, type Reply, writeReply } from './http'
import { IMAGE_PREFIX, imageReply } from './images'
import { lineRoutes } from './line'
import { lottoRoutes } from './lotto'
import { lottoResultRoutes } from './lotto-results'
import { stakeSetRoutes } from './lotto-sets'
import { lottoStakeRoutes } from './lotto-stakes'
import { type MockOptions, resolveOptions } from './options'
import { profileRoutes } from './profile'
import { orderRoutes } from './orders'
import { promotionRoutes } from './promotions'
import { pushRoutes, vapidKeysOf } from './push'
import { dispatch, type Route } from './router'
import { Sessions } from './sessions'
import { staffRoutes } from './staff'
import { auditRoutes } from './audit'
import { type CallRecord, type FailureRule, MockState } from './state'
import { TokenService } from './tokens'
import { walletRoutes } from './wallet'

export type { MockOptions } from './options'

export interface MockBackend {
  url: string
  port: number
  close(): Promise<void>
}

const CONTROL_PREFIX = '/__mock/'
const ROUTES: readonly Route[] = [
  ...apiRoutes,
  ...accountRoutes,
  ...lineRoutes,
  ...lottoRoutes,
  ...stakeSetRoutes,
  ...gameRoutes,
  ...contentRoutes,
  ...lottoStakeRoutes,
  ...lottoResultRoutes,
  ...appConfigRoutes,
  ...profileRoutes,
  ...affiliateRoutes,
  ...allianceRoutes,
  ...walletRoutes,
  ...orderRoutes,
  ...cashbackRoutes,
  ...couponRoutes,
  ...promotionRoutes,
  ...czipzRoutes,
  ...eventRoutes,
  ...pushRoutes,
  ...yeekeeRoutes,
  ...staffRoutes,
  ...auditRoutes,
  ...controlRoutes,
]

/** Calls a watch's token may never make, whatever their method: they start a game as the member. */
const LAUNCH_PATHS: ReadonlySet<string> = new Set(['/games/launch', '/lotto/launch'])

/**
 * Whether the read-only gate looks at a call: everything but the reads a
 * watch's token may make (a GET, other than a launch). The staff's own calls
 * answer for their own tokens, and the refresh call ignores the
 * Authorization header (its body's token decides).
 */
function readOnlyGateApplies(method: string, path: string): boolean {
  if (path.startsWith('/staff/') || path === '/auth/refresh') return false
  return method !== 'GET' || LAUNCH_PATHS.has(path)
}

interface App {
  state: MockState
  sessions: Sessions
  /** Aborted on close: pending latency delays stop waiting. */
  closing: AbortController
}

function failureReply(rule: FailureRule): Reply {
  switch (rule.mode) {
    case 'garbage':
      return { kind: 'garbage' }
    case 'hang':
      return { kind: 'hang' }
    case 'no-user':
      return dataReply(profileResponseSchema, { data: null })
    case 'error':
      return errorReply(new ApiError(rule.status, rule.code, rule.message))
  }
}

async function answer(app: App, req: IncomingMessage, res: ServerResponse): Promise<Reply> {
  const method = (req.method ?? 'GET').toUpperCase()
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const isControl = url.pathname.startsWith(CONTROL_PREFIX)
  // The image host: public files, neither logged nor delayed.
  if (method === 'GET' && url.pathname.startsWith(IMAGE_PREFIX)) {
    const image = imageReply(url)
    if (image) return image
    throw new ApiError(404, 'NOT_FOUND', `No such image: ${url.pathname}`)
  }
  if (!isControl) {
    const authorization = req.headers.authorization ?? null
    const call: CallRecord = {
      method,
      path: url.pathname,
      authorization,
      at: Date.now(),
      endedAt: null,
    }
    app.state.recordCall(call)
    res.once('close', () => app.state.endCall(call, Date.now()))
  }
  const rawBody = await readBody(req)
  if (!isControl) {
    const ms = app.state.latencyFor(url.pathname)
    if (ms > 0) await delay(ms, undefined, { signal: app.closing.signal })
    const failure = app.state.takeFailure(method, url.pathname)
    if (failure) return failureReply(failure)
    app.state.staff.settle(app.state)
    if (readOnlyGateApplies(method, url.pathname)) {
      const caller = await app.sessions.callerOrNull(req.headers.authorization)
      if (caller?.delegated) {
        throw new ApiError(403, 'READ_ONLY_TOKEN', 'A watch is read-only: this call changes things')
      }
    }
  }
  const ctx = {
    method,
    url,
    headers: req.headers,
    rawBody,
    state: app.state,
    sessions: app.sessions,
  }
  return dispatch(ROUTES, ctx)
}

async function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let reply: Reply
  try {
    reply = await answer(app, req, res)
  } catch (error) {
    if (app.closing.signal.aborted) return
    if (!(error instanceof ApiError)) console.error('[mock-backend] unexpected error:', error)
    reply = errorReply(
      error instanceof ApiError ? error : new ApiError(500, 'INTERNAL', 'Internal error'),
    )
  }
  writeReply(res, reply)
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

export async function startMockBackend(options: Partial<MockOptions> = {}): Promise<MockBackend> {
  const resolved = resolveOptions(options)
  const state = new MockState(resolved, resolved.clock)
  state.push.vapid = vapidKeysOf(resolved.vapid)
  state.push.rule = {
    hosts: resolved.pushServiceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS,
    allowLocalService: resolved.allowLocalPushService ?? false,
  }
  if (resolved.resolvePushHost) state.push.resolveHost = resolved.resolvePushHost
  if (resolved.auditKey) state.audit.key = resolved.auditKey
  if (resolved.logOtp) state.sms = (line) => console.error(`[mock-backend] ${line}`)
  const app: App = {
    state,
    sessions: new Sessions(state, new TokenService(resolved.jwtSecret)),
    closing: new AbortController(),
  }
  const server = createServer((req, res) => void handle(app, req, res))
  const port = await listen(server, resolved.port)
  // Yeekee rounds close, draw and settle on the clock; demo members shoot meanwhile.
  // Watches end at their limit even when nobody calls.
  const clock = setInterval(() => {
    yeekeeTick(state)
    state.staff.settle(state)
  }, 1000)
  clock.unref()
  let closed: Promise<void> | undefined

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        app.closing.abort()
        clearInterval(clock)
        server.close(() => resolve())
        // Keep-alive sockets and hanging answers would hold close() forever.
        server.closeAllConnections()
      })
      return closed
    },
  }
}
