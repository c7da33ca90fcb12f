/**
 * The backend client against a real HTTP server on loopback: the bearer
 * header, response validation, and how every failure maps to a status and a
 * Thai message.
 */
import { getEventListeners } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  BACKEND_MESSAGES,
  type BackendError,
  type cachedCall,
  type callBackend,
  type timeLeft,
  type untilDeadline,
} from '~/backend/client.server'
import { envelope } from '~/backend/schemas'

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void
let handler: Handler = (_req, res) => res.end()
const seen: { method?: string; url?: string; authorization?: string; body: string }[] = []
let server: Server
let baseUrl = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        body,
      })
      handler(req, res, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** The client reads env() once; point it at this server for each test. */
async function client(overrides: Record<string, string> = {}) {
  vi.resetModules()
  vi.stubEnv('BACKEND_URL', overrides.BACKEND_URL ?? baseUrl)
  vi.stubEnv('BACKEND_TIMEOUT_MS', overrides.BACKEND_TIMEOUT_MS ?? '2000')
  return (await import('~/backend/client.server')) as {
    callBackend: typeof callBackend
    BackendError: typeof BackendError
    untilDeadline: typeof untilDeadline
    cachedCall: typeof cachedCall
    timeLeft: typeof timeLeft
  }
}

/**
 * A member's request as the app sees it: its load context clocked from the
 * front door at `arrivedAt`, its signal linked by the guard (the modules the
 * client imported after client()).
 */
async function memberRequest(arrivedAt?: number): Promise<Request> {
  const { getLoadContext, noteArrival } = await import('~/server/request-context.server')
  const { followBackendTime } = await import('~/server/server-timing.server')
  const incoming = { headers: {} } as IncomingMessage
  noteArrival(incoming, arrivedAt ?? performance.now())
  const request = new Request('http://app.test/')
  followBackendTime(request, getLoadContext(incoming))
  return request
}

const itemSchema = envelope(z.object({ id: z.number(), name: z.string() }))

function json(status: number, value: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(value))
  }
}

/** Fails like `failure`, and before a timer of 0 ms fires: the call waited for nothing. */
async function atOnce(promise: Promise<unknown>): Promise<BackendError> {
  const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 0))
  const settled = promise.then(
    () => 'settled' as const,
    () => 'settled' as const,
  )
  expect(await Promise.race([settled, waited])).toBe('settled')
  return failure(promise)
}

async function failure(promise: Promise<unknown>): Promise<BackendError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )
  expect(error).toHaveProperty('name', 'BackendError')
  return error as BackendError
}

beforeEach(() => {
  seen.length = 0
  vi.unstubAllEnvs()
})

describe('callBackend', () => {
  it('sends the bearer token and JSON body, and returns the validated data', async () => {
    handler = json(200, { data: { id: 7, name: 'สมชาย' } })
    const { callBackend } = await client()
    const data = await callBackend({
      method: 'POST',
      path: '/items',
      body: { q: 'ไทย' },
      token: 'access-1',
      schema: itemSchema,
    })
    expect(data).toEqual({ id: 7, name: 'สมชาย' })
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/items',
      authorization: 'Bearer access-1',
      body: '{"q":"ไทย"}',
    })
  })

  it('sends no Authorization header without a token (login, refresh)', async () => {
    handler = json(200, { data: { id: 1, name: 'x' } })
    const { callBackend } = await client()
    await callBackend({ method: 'POST', path: '/auth/refresh', body: {}, schema: itemSchema })
    expect(seen[0]?.authorization).toBeUndefined()
  })

  it('keeps the backend status and code, with a Thai message', async () => {
    handler = json(409, { message: 'Username taken', code: 'USERNAME_TAKEN' })
    const { callBackend } = await client()
    const error = await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))
    expect(error.status).toBe(409)
    expect(error.code).toBe('USERNAME_TAKEN')
    expect(error.backendMessage).toBe('Username taken')
    expect(error.message).toBe(BACKEND_MESSAGES.generic)
  })

  it("keeps a refusal's Retry-After seconds (a wait the member is told)", async () => {
    handler = (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '2' })
      res.end(JSON.stringify({ message: 'Too soon', code: 'SHOT_TOO_SOON' }))
    }
    const { callBackend } = await client()
    const error = await failure(callBackend({ method: 'POST', path: '/x', schema: itemSchema }))
    expect(error.code).toBe('SHOT_TOO_SOON')
    expect(error.retryAfterSeconds).toBe(2)
    handler = json(409, { message: 'Taken', code: 'TAKEN' })
    const without = await failure(callBackend({ method: 'POST', path: '/x', schema: itemSchema }))
    expect(without.retryAfterSeconds).toBeNull()
  })

  it('maps 401 and 429 to their own Thai messages', async () => {
    const { callBackend } = await client()
    handler = json(401, { message: 'no', code: 'INVALID_TOKEN' })
    expect(
      (await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))).message,
    ).toBe(BACKEND_MESSAGES.unauthorized)
    handler = json(429, { message: 'slow down', code: 'RATE_LIMITED' })
    expect(
      (await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))).message,
    ).toBe(BACKEND_MESSAGES.rateLimited)
  })

  it('an error without a JSON body still keeps its status', async () => {
    handler = (_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html' })
      res.end('<h1>Service Unavailable</h1>')
    }
    const { callBackend } = await client()
    const error = await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))
    expect(error.status).toBe(503)
    expect(error.code).toBe('UNKNOWN')
  })

  it('a backend fault is a 502, 503 or 504, never a 500 (a bug of ours)', async () => {
    const { callBackend } = await client()
    for (const [answered, status] of [
      [500, 502],
      [501, 502],
      [502, 502],
      [503, 503],
      [504, 504],
      [599, 502],
      [302, 502],
      [404, 404],
      [422, 422],
    ] as const) {
      handler = json(answered, { message: 'x', code: 'SERVER_ERROR' })
      const error = await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))
      expect([answered, error.status]).toEqual([answered, status])
    }
  })

  it('garbage JSON or a broken contract is a 502 with a Thai message', async () => {
    const { callBackend } = await client()
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('{"data": {"id": 1,')
    }
    const garbage = await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))
    expect([garbage.status, garbage.message]).toEqual([502, BACKEND_MESSAGES.invalidResponse])
    handler = json(200, { data: { id: 'one' } })
    const broken = await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))
    expect([broken.status, broken.code]).toEqual([502, 'INVALID_RESPONSE'])
  })

  it('a backend that is down is a 502 with a Thai message', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const { callBackend } = await client({ BACKEND_URL: `http://127.0.0.1:${port}` })
    const error = await failure(callBackend({ method: 'GET', path: '/x', schema: itemSchema }))
    expect([error.status, error.code, error.message]).toEqual([
      502,
      'UNREACHABLE',
      BACKEND_MESSAGES.unreachable,
    ])
  })

  it('a backend slower than BACKEND_TIMEOUT_MS is a 504 with a Thai message', async () => {
    handler = () => undefined // never answers
    const { callBackend } = await client({ BACKEND_TIMEOUT_MS: '150' })
    const error = await failure(callBackend({ method: 'GET', path: '/slow', schema: itemSchema }))
    expect([error.status, error.code, error.message]).toEqual([
      504,
      'TIMEOUT',
      BACKEND_MESSAGES.timeout,
    ])
  })

  it('calls of one request share one deadline: one after another they wait one BACKEND_TIMEOUT_MS in all', async () => {
    handler = () => undefined // never answers
    const timeout = 300
    const { callBackend, untilDeadline, cachedCall } = await client({
      BACKEND_TIMEOUT_MS: String(timeout),
    })
    // Its modules loaded first: on a busy machine loading them can take longer than the deadline.
    await memberRequest()
    // The deadline runs from the request's arrival, so the stopwatch does too.
    const started = performance.now()
    const request = await memberRequest(started)
    const first = await failure(
      callBackend({ method: 'GET', path: '/a', schema: itemSchema, signal: request.signal }),
    )
    const waited = performance.now() - started
    // The first call waits out the deadline: all of it, and not a second one (a busy
    // machine may fire its timer late, never a whole timeout late).
    expect(waited).toBeGreaterThanOrEqual(timeout - 10)
    expect(waited).toBeLessThan(2 * timeout)
    // The calls after it wait nothing of their own: each has failed before a timer of
    // 0 ms fires, however busy the machine.
    const second = await atOnce(
      callBackend({ method: 'GET', path: '/b', schema: itemSchema, signal: request.signal }),
    )
    // A list shared by every request, slower than the deadline: this request stops waiting.
    const shared = cachedCall(() => new Promise<string[]>(() => undefined), 60_000)
    const third = await atOnce(shared.get(Date.now(), request.signal))
    const fourth = await atOnce(untilDeadline(request.signal, new Promise(() => undefined)))
    for (const error of [first, second, third, fourth]) expect(error.status).toBe(504)
    // The second call was never sent: the deadline had passed (whether /a reached the
    // server before its own deadline depends on a busy machine's scheduling).
    expect(seen.map((s) => s.url)).not.toContain('/b')
  })

  it('a request that arrived earlier has less left; a call of no request has the whole timeout', async () => {
    const { timeLeft } = await client({ BACKEND_TIMEOUT_MS: '1000' })
    const request = await memberRequest(performance.now() - 400)
    expect(timeLeft(request.signal)).toBeGreaterThan(500)
    expect(timeLeft(request.signal)).toBeLessThanOrEqual(600)
    expect(timeLeft(undefined)).toBe(1000)
    expect(timeLeft(new AbortController().signal)).toBe(1000)
  })

  it("a member's closed tab aborts the call without calling it a backend failure", async () => {
    handler = () => undefined
    const { callBackend } = await client()
    const controller = new AbortController()
    const call = callBackend({
      method: 'GET',
      path: '/slow',
      schema: itemSchema,
      signal: controller.signal,
    })
    controller.abort()
    const error = await call.catch((e: unknown) => e)
    expect(error).not.toHaveProperty('name', 'BackendError')
  })

  it("a finished call stops following the member's request (nothing left on its signal)", async () => {
    handler = json(200, { data: { id: 1, name: 'a' } })
    const { callBackend } = await client()
    const controller = new AbortController()
    const call = callBackend({
      method: 'GET',
      path: '/x',
      schema: itemSchema,
      signal: controller.signal,
    })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    await expect(call).resolves.toEqual({ id: 1, name: 'a' })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})
