// The server's first middleware: Thai answers to what undici, express or Remix would answer in
// English or with a 500 and a stack (docs/decisions/0031, 0118, 0135).
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

function allowedOrigins(req: DoorRequest, configured: readonly string[]): readonly string[] {
  if (configured.length > 0) return configured
  const host = header(req, 'host')
  return host ? [`${req.encrypted ? 'https' : 'http'}://${host}`] : []
}

/** Remix's adapter builds the request's URL from them. */
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

function hasLegacyDataParam(url: string | undefined): boolean {
  const q = url?.indexOf('?') ?? -1
  if (q === -1 || !url?.includes('data', q)) return false
  return new URLSearchParams(url.slice(q + 1)).has('_data')
}

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
 * Remix 2's own origin check wants the Origin's host to equal (X-Forwarded-)Host, else a bodyless
 * 500; behind a proxy that rewrites Host every form would fail. An Origin that passed the door's
 * APP_ORIGIN check names the host the write was sent to.
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

export function frontDoor(
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
): void {
  noteArrival(req)
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
  const publicHost = publicHostFor(req, env().APP_ORIGINS)
  if (publicHost) {
    req.headers.host = publicHost
    if (req.headers['x-forwarded-host'] !== undefined) req.headers['x-forwarded-host'] = publicHost
  }
  next()
}
