// Also hands server.mjs the app's pieces of the pipeline (request log, front door, Node parser answers, load
// context, log-safe URLs).
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  LoaderFunctionArgs,
} from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { documentBody } from '~/server/compression.server'
import { env } from '~/server/env.server'
import { isDataWithResponseInit } from '~/lib/errors'
import { errorTitleOf } from '~/lib/error-text'
import { provideErrorTitle } from '~/lib/meta'
import { installShutdown } from '~/server/shutdown.server'
import { logError, logWarning } from '~/server/log.server'
import { answerNoActionInThai, noActionAllow } from '~/server/no-action.server'
import { ensureRetryAfter } from '~/server/retry-after.server'
import { NonceContext } from '~/lib/nonce'
import { redis } from '~/server/redis.server'
import { REQUEST_ID_HEADER } from '~/lib/request-id'
import { RequestIdContext } from '~/lib/request-id-context'
import { requestIdFor } from '~/server/request-context.server'
import { newNonce, setSecurityHeaders } from '~/server/security-headers.server'
import { setServerTiming } from '~/server/server-timing.server'
import { serverRelease } from '~/server/release.server'
import { releaseTiming } from '~/lib/release'
import { auditOutbox, auditWritable } from '~/staff/watch-audit.server'

export { frontDoor } from '~/server/front-door.server'
export { mayContinue, onCheckExpectation, onClientError } from '~/server/client-error.server'
export { getLoadContext } from '~/server/request-context.server'
export { requestLog } from '~/server/log.server'

// Validate the environment when the server loads, not on the first request.
env()
// Connect to the shared Redis (REDIS_URL) now, so the first member does not wait for it.
redis()
// SIGTERM: /readyz says so, requests under way finish, then Redis closes (server/shutdown.server.ts).
installShutdown()
// Error pages' document titles (the browser loads them with the error page: decision 0171).
provideErrorTitle(errorTitleOf)
// A promise rejected with nobody awaiting it is a bug to fix, not a reason to
// stop serving every member: Node's default would end the process.
process.on('unhandledRejection', (reason) => logError(reason, 'unhandled-rejection'))
// The staff audit's outbox: what an earlier process journaled goes to the backend now (decision 0152).
if (auditOutbox().pending > 0)
  console.log(`[audit] ${auditOutbox().pending} event(s) from the journal go to the backend`)
if (!auditWritable()) {
  console.warn(
    '[audit] STAFF_AUDIT_KEY is not set: the staff console starts no watch (decision 0152).',
  )
}
if (env().TRUST_PROXY_HOPS === 0) {
  console.log(
    'TRUST_PROXY_HOPS=0: no forwarding header is trusted for the client address; the per-IP login limit is off.',
  )
}

const PRIVATE_CACHE_CONTROL = 'private, no-store'

export const streamTimeout = 5000

function formTargets(): string[] {
  try {
    return [new URL(env().LINE_AUTHORIZE_URL).origin]
  } catch {
    return []
  }
}

/** The environment is read once, at start. */
const imageHostOrigin = env().IMAGE_HOST_URL ? new URL(env().IMAGE_HOST_URL!).origin : null

/** When https: alone would not allow it (the demo's http host). */
function imageOrigins(): string[] {
  return imageHostOrigin && !imageHostOrigin.startsWith('https:') ? [imageHostOrigin] : []
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = newNonce()
  const requestId = requestIdFor(request, loadContext)
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Stops a render still streaming after the timeout (cleared when the page is done).
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={requestId}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          // Compressed here, not by the server's `compression` middleware: see compression.server.ts.
          const { sink, source } = documentBody(request, responseHeaders)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          responseHeaders.set(REQUEST_ID_HEADER, requestId)
          setServerTiming(responseHeaders, loadContext.timing)
          // The release: a page tells old code from new (docs/decisions/0143).
          responseHeaders.append('Server-Timing', releaseTiming(serverRelease()))
          // The image host is another origin: its connection opens with the page's, not at the
          // first picture (a header: no bytes in the page's scripts).
          if (imageHostOrigin)
            responseHeaders.append('Link', `<${imageHostOrigin}>; rel=preconnect`)
          if (!responseHeaders.has('Cache-Control')) {
            responseHeaders.set('Cache-Control', PRIVATE_CACHE_CONTROL)
          }
          const allow = noActionAllow(loadContext)
          if (allow) responseHeaders.set('Allow', allow)
          ensureRetryAfter(responseStatusCode, responseHeaders)
          setSecurityHeaders(responseHeaders, nonce, {
            production: env().NODE_ENV === 'production',
            formTargets: formTargets(),
            imageOrigins: imageOrigins(),
          })
          resolve(
            new Response(createReadableStreamFromReadable(source), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          // A finished page needs no abort timer: it must not hold a shutting-down process.
          source.once('close', () => clearTimeout(abortTimer))
          pipe(sink)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logError(error, requestId)
        },
      },
    )
  })
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  const requestId = requestIdFor(request, context)
  response.headers.set(REQUEST_ID_HEADER, requestId)
  setServerTiming(response.headers, context.timing)
  response.headers.append('Server-Timing', releaseTiming(serverRelease()))
  if (!response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  }
  const allow = noActionAllow(context)
  if (allow) response.headers.set('Allow', allow)
  ensureRetryAfter(response.status, response.headers)
  // The same headers as documents (a data answer carries no script: the nonce is unused).
  setSecurityHeaders(response.headers, newNonce(), {
    production: env().NODE_ENV === 'production',
    formTargets: formTargets(),
    imageOrigins: imageOrigins(),
  })
  return response
}

/** Remix's own origin check behind the front door's (decision 0091): should it still fire, one log line. */
const REMIX_CSRF_ERROR = /header(s are not provided| does not match `origin` header)/

export function handleError(
  error: unknown,
  { request, context }: LoaderFunctionArgs | ActionFunctionArgs,
): void {
  if (request.signal.aborted) return
  // A write to a page without an action: Thai, without the route's id (server/no-action.server.ts).
  if (answerNoActionInThai(error, context)) return
  // Thrown responses (redirects, 404s, backend errors) are answers, not faults:
  // the request's log line has their status. Log only real exceptions.
  if (error instanceof Response || isDataWithResponseInit(error) || isRouteErrorResponse(error))
    return
  if (error instanceof Error && REMIX_CSRF_ERROR.test(error.message)) {
    logWarning(`refused by Remix's origin check: ${error.message}`, requestIdFor(request, context))
    return
  }
  logError(error, requestIdFor(request, context))
}
