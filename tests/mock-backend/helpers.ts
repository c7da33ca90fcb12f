/** Shared by the demo backend's tests: a started server and small call helpers. */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { errorBodySchema, errorCodes } from '../../app/backend/schemas'
import { type MockBackend, type MockOptions, startMockBackend } from './server'

export interface JsonResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
}

export interface Client {
  readonly url: string
  get<T = unknown>(path: string, token?: string): Promise<JsonResponse<T>>
  post<T = unknown>(path: string, body?: unknown, token?: string): Promise<JsonResponse<T>>
  send<T = unknown>(path: string, init: RequestInit): Promise<JsonResponse<T>>
  login(username?: string, password?: string): Promise<Pair>
}

export interface Pair {
  accessToken: string
  refreshToken: string
}

export interface ErrorBody {
  message: string
  code: string
}

async function toJson<T>(response: Response): Promise<JsonResponse<T>> {
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  }
}

export function clientFor(url: string): Client {
  const send = async <T>(path: string, init: RequestInit) =>
    toJson<T>(await fetch(`${url}${path}`, init))
  const bearer = (token?: string): Record<string, string> =>
    token ? { Authorization: `Bearer ${token}` } : {}
  const client: Client = {
    url,
    send,
    get: (path, token) => send(path, { headers: bearer(token) }),
    post: (path, body, token) =>
      send(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(token) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async login(username = 'demo', password = `${username}1234`) {
      const res = await client.post<{ data: Pair }>('/auth/login', { username, password })
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
      return res.body.data
    },
  }
  return client
}

/**
 * Starts one demo backend for the test file (port 0) and resets it before
 * each test; `client()` talks to it.
 */
export function useBackend(options: Partial<MockOptions> = {}) {
  let backend: MockBackend | undefined
  let client: Client | undefined
  beforeAll(async () => {
    backend = await startMockBackend({ port: 0, logOtp: false, ...options })
    client = clientFor(backend.url)
  })
  afterAll(async () => {
    await backend?.close()
  })
  beforeEach(async () => {
    await client?.post('/__mock/reset')
  })
  return {
    client(): Client {
      if (!client) throw new Error('backend not started')
      return client
    },
    backend(): MockBackend {
      if (!backend) throw new Error('backend not started')
      return backend
    },
  }
}

/** The payload of a JWT, without verifying it. */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1]
  if (!payload) throw new Error('not a JWT')
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asserts an error answer: its status and a `code` from the contract. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(errorBodySchema.parse(res.body).code).toBe(code)
  expect(Object.values(errorCodes)).toContain(code)
}
