/**
 * HTTP plumbing of the demo backend: replies as plain values, errors as a
 * thrown ApiError, reading a request body, and writing a reply. Every JSON
 * reply goes through a zod schema of the contract before it is sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import { errorBodySchema, type ErrorCode } from '../../app/backend/schemas'

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string }
  /** A file the backend serves as is (the demo image host's SVGs). */
  | { kind: 'file'; contentType: string; body: string; cacheSeconds: number }
  /** 200 with a body that is not JSON (an injected failure). */
  | { kind: 'garbage' }
  /** Never answered (an injected failure); the socket stays open. */
  | { kind: 'hang' }
  /** A long-lived answer the handler writes itself (the live events' stream). */
  | { kind: 'stream'; start: (res: ServerResponse) => void }

/** An error answer: `{ message, code }` with an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const MAX_BODY_BYTES = 1024 * 1024

/** A success: the `{ data }` envelope, checked against the contract's schema. */
export function dataReply<S extends z.ZodTypeAny>(
  schema: S,
  body: z.input<S>,
  status = 200,
): Reply {
  return { kind: 'json', status, body: schema.parse(body) }
}

export function errorReply(error: ApiError): Reply {
  const body = errorBodySchema.parse({ message: error.message, code: error.code })
  return { kind: 'json', status: error.status, body, headers: error.headers }
}

export function htmlReply(html: string, status = 200): Reply {
  return { kind: 'html', status, html }
}

export function redirectReply(location: string): Reply {
  return { kind: 'redirect', location }
}

/** The raw request body as text (empty string when there is none). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'BAD_REQUEST', 'Request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A JSON body (undefined when empty); a malformed one is a 400. */
export function parseJsonBody(raw: string): unknown {
  if (raw.trim() === '') return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    throw new ApiError(400, 'BAD_REQUEST', 'Malformed JSON body')
  }
}

/** Checks a parsed body against a request schema; a mismatch is a 400 naming the fields. */
export function validate<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data as z.output<S>
  const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(body)')
  throw new ApiError(400, 'BAD_REQUEST', `Invalid request: ${[...new Set(fields)].join(', ')}`)
}

const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (reply.kind === 'hang' || res.destroyed) return
  if (reply.kind === 'stream') return reply.start(res)
  if (reply.kind === 'json') {
    const text = JSON.stringify(reply.body)
    res.writeHead(reply.status, {
      ...SECURITY_HEADERS,
      ...reply.headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    })
    res.end(text)
  } else if (reply.kind === 'html') {
    res.writeHead(reply.status, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
    res.end(reply.html)
  } else if (reply.kind === 'file') {
    res.writeHead(200, {
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': reply.contentType,
      'Content-Length': Buffer.byteLength(reply.body),
      'Cache-Control': `public, max-age=${reply.cacheSeconds}, immutable`,
      // The app's pages (another origin) show these images.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    })
    res.end(reply.body)
  } else if (reply.kind === 'redirect') {
    res.writeHead(302, { ...SECURITY_HEADERS, Location: reply.location })
    res.end()
  } else {
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'application/json' })
    res.end('<html>502 Bad Gateway — this is not JSON{')
  }
}
