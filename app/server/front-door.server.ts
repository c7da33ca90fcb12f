/**
 * The front door: the server's first middleware (server.mjs), a few answers
 * given before compression, static files and Remix see the request (each in
 * the request log, server/log.server.ts; docs/decisions/0031, 0118).
 *
 * - a method undici or Remix cannot take (TRACE, CONNECT, PROPFIND, ...): Thai 405 with Allow;
 * - a path that is not valid percent-encoding (`/%E0%A4%A`): Thai 400;
 * - a Host or X-Forwarded-Host no URL can hold (`x:99999`, `[::1`, `%zz`): Thai 400, not
 *   express's English 500 and a stack (Remix builds the request's URL from them);
 * - a legacy Remix data request (`?_data=`): Thai 400, not Remix's error log and English JSON;
 * - a declared body over MAX_BODY_BYTES: Thai 413, the body unread;
 * - a cross-site write (lib/cross-site.ts against APP_ORIGIN; without Origin,
 *   its Referer: decision 0135): Thai 403, before Remix's own origin check
 *   (a bodyless 500 and a stack trace);
 * - a write from an APP_ORIGIN page under another Host (a proxy rewrote
 *   it): goes on with that origin's host, so Remix's check agrees (publicHostFor);
 * - a build script or style sheet: sent as the build step compressed it
 *   (server/build-assets.server.ts);
 * - the service worker, /sw.js, never cached without asking (server/service-worker.server.ts);
 * - every request: its clock for Server-Timing starts (server/server-timing.server.ts),
 *   and a graceful shutdown waits for it (server/shutdown.server.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { MAX_BODY_BYTES } from '~/lib/constants'
import { isCrossSite } from '~/lib/cross-site'
import { env } from '~/server/env.server'
import {
  BAD_REQUEST_MESSAGE,
  BODY_TOO_LARGE_MESSAGE,
  CROSS_SITE_MESSAGE,
  METHOD_NOT_ALLOWED_MESSAGE,
} from '~/lib/errors'
import { answeredByFrontDoor } from '~/server/log.server'
import { noteArrival } from '~/server/request-context.server'
import { trackRequest } from '~/server/shutdown.server'
import { serveBuildAsset } from '~/server/build-assets.server'
import { serveServiceWorker } from '~/server/service-worker.server'
import { incomingRequestId } from '~/server/request-id.server'
import { plainPage, plainPageHeaders } from '~/server/plain-page.server'

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

export interface DoorRequest {
  method?: string
  url?: string
  headers: IncomingMessage['headers']
  encrypted?: boolean
}

export interface DoorAnswer {
  status: 400 | 403 | 405 | 413
  message: string
  headers: Record<string, string>
}

function header(req: DoorRequest, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** The origins a write may come from: APP_ORIGIN, or (development) the Host it was sent to. */
function allowedOrigins(req: DoorRequest, configured: readonly string[]): readonly string[] {
  if (configured.length > 0) return configured
  const host = header(req, 'host')
  return host ? [`${req.encrypted ? 'https' : 'http'}://${host}`] : []
}

/**
 * Every host the header names (X-Forwarded-Host may list several) is one a URL
 * can hold, as Remix's adapter builds the request's URL from them; an empty or
 * absent header passes (Remix makes do without it).
 */
function hostsAreValid(value: string | undefined): boolean {
  if (!value) return true
  return value.split(',').every((host) => {
    try {
      const url = new URL(`http://${host.trim()}/`)
      return url.pathname === '/' && !url.username && !url.password && !url.search && !url.hash
    } catch {
      return false
    }
  })
}

/** The query has a `_data` parameter, as Remix reads it (its name decoded). */
function hasLegacyDataParam(url: string | undefined): boolean {
  const q = url?.indexOf('?') ?? -1
  if (q === -1 || !url?.includes('data', q)) return false
  return new URLSearchParams(url.slice(q + 1)).has('_data')
}

/** What the door answers to this request, or null to let it in (pure). */
export function doorAnswer(
  req: DoorRequest,
  configuredOrigins: readonly string[],
  maxBodyBytes = MAX_BODY_BYTES,
): DoorAnswer | null {
  const method = (req.method ?? 'GET').toUpperCase()
  if (!ALLOWED_METHODS.includes(method)) {
    return {
      status: 405,
      message: METHOD_NOT_ALLOWED_MESSAGE,
      headers: { Allow: ALLOWED_METHODS.join(', ') },
    }
  }
  // express's router answers a path it cannot decode with English "Bad Request" and a stack.
  try {
    decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
  } catch {
    return { status: 400, message: BAD_REQUEST_MESSAGE, headers: {} }
  }
  if (!hostsAreValid(header(req, 'host')) || !hostsAreValid(header(req, 'x-forwarded-host'))) {
    return { status: 400, message: BAD_REQUEST_MESSAGE, headers: {} }
  }
  // Remix's data requests from before single fetch (`?_data=routes/x`): Remix logs each
  // one as an error and answers English JSON; nothing of this app sends them.
  if (hasLegacyDataParam(req.url)) return { status: 400, message: BAD_REQUEST_MESSAGE, headers: {} }
  const length = Number(header(req, 'content-length') ?? '')
  if (Number.isFinite(length) && length > maxBodyBytes) {
    return { status: 413, message: BODY_TOO_LARGE_MESSAGE, headers: {} }
  }
  const crossSite = isCrossSite(
    {
      method,
      secFetchSite: header(req, 'sec-fetch-site'),
      origin: header(req, 'origin'),
      referer: header(req, 'referer'),
    },
    allowedOrigins(req, configuredOrigins),
  )
  if (crossSite) return { status: 403, message: CROSS_SITE_MESSAGE, headers: {} }
  return null
}

/**
 * The host Remix should see for a write the door let in, or null to leave the
 * headers alone (pure). Remix 2 runs its own origin check before an action:
 * the Origin's host must equal `X-Forwarded-Host` or `Host`, else a bodyless
 * 500. Behind a proxy that rewrites Host (nginx `proxy_pass http://app;`
 * sends `Host: app`) every form would fail. APP_ORIGIN is the truth, not
 * Host: a write whose Origin is one of APP_ORIGIN's has passed the door's
 * check, so the host of that Origin is the one it was sent to. Without
 * APP_ORIGIN (development) the door already compares against Host: null.
 */
export function publicHostFor(
  req: DoorRequest,
  configuredOrigins: readonly string[],
): string | null {
  const method = (req.method ?? 'GET').toUpperCase()
  if (method === 'GET' || method === 'HEAD' || configuredOrigins.length === 0) return null
  const origin = header(req, 'origin')
  if (!origin || origin === 'null') return null
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return null
  }
  if (!configuredOrigins.includes(url.origin)) return null
  const forwarded = header(req, 'x-forwarded-host')?.split(',')[0]?.trim()
  const seen = forwarded || header(req, 'host')
  return seen === url.host ? null : url.host
}

function answer(req: IncomingMessage, res: ServerResponse, door: DoorAnswer) {
  const requestId = incomingRequestId(req)
  const body = req.method === 'HEAD' ? '' : plainPage(door.status, door.message, requestId)
  const hasBody = Boolean(req.headers['content-length'] ?? req.headers['transfer-encoding'])
  res.writeHead(door.status, {
    ...door.headers,
    ...plainPageHeaders(requestId, body),
    // The body is not read: the connection cannot carry another request after it.
    ...(hasBody ? { Connection: 'close' } : {}),
  })
  answeredByFrontDoor(res)
  res.end(body)
}

/**
 * The door, as the server's first middleware (server.mjs): answers what it
 * must refuse and build files itself; lets everything else go on.
 */
export function frontDoor(
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
): void {
  // Its clock for Server-Timing starts here (server/request-context.server.ts).
  noteArrival(req)
  // A graceful shutdown waits for this request (server/shutdown.server.ts).
  trackRequest(res)
  const door = doorAnswer(
    {
      method: req.method,
      url: req.url,
      headers: req.headers,
      encrypted: 'encrypted' in req.socket && Boolean(req.socket.encrypted),
    },
    env().APP_ORIGINS,
  )
  if (door) return answer(req, res, door)
  if (serveBuildAsset(req, res)) return
  if (serveServiceWorker(req, res)) return
  // A write from one of APP_ORIGIN's pages reached us under another Host (a proxy rewrote it):
  // Remix's own origin check and the request's URL get the public host (publicHostFor).
  const publicHost = publicHostFor(req, env().APP_ORIGINS)
  if (publicHost) {
    req.headers.host = publicHost
    if (req.headers['x-forwarded-host'] !== undefined) req.headers['x-forwarded-host'] = publicHost
  }
  next()
}
