// The only code that talks to the member backend. A backend fault is never a 500 (which means a
// bug of ours, docs/decisions/0135). undici's `request`, not `fetch`: fetch's objects per call cost
// about a tenth of the home page's CPU (docs/decisions/0127).
import { request as undiciRequest } from 'undici'
import type { z } from 'zod'
import { errorBodySchema } from '~/backend/schemas'
import { env } from '~/server/env.server'
import { BOTH_TOKENS_EXPIRED_MESSAGE, NOT_FOUND_MESSAGE } from '~/lib/errors'
import { httpError } from '~/server/http-error.server'
import { requestStartedAt, timedBackendCall } from '~/server/server-timing.server'

export const BACKEND_MESSAGES = {
  unreachable: 'ไม่สามารถเชื่อมต่อระบบได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
  timeout: 'ระบบตอบสนองช้าเกินไป กรุณาลองใหม่อีกครั้ง',
  invalidResponse: 'ระบบตอบกลับข้อมูลไม่ถูกต้อง กรุณาลองใหม่อีกครั้ง',
  unauthorized: 'เซสชันของคุณหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
  rateLimited: 'มีการเรียกใช้งานบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่',
  generic: 'เกิดข้อผิดพลาดจากระบบ กรุณาลองใหม่อีกครั้ง',
} as const

/** Decision 0160. */
export function retryAfterOf(error: BackendError): Record<string, string> {
  return error.status === 429 && error.retryAfterSeconds !== null
    ? { 'Retry-After': String(Math.max(1, error.retryAfterSeconds)) }
    : {}
}

export class BackendError extends Error {
  readonly status: number
  readonly code: string
  readonly backendMessage: string | undefined
  readonly retryAfterSeconds: number | null
  constructor(
    status: number,
    code: string,
    message: string,
    backendMessage?: string,
    retryAfterSeconds: number | null = null,
  ) {
    super(message)
    this.name = 'BackendError'
    this.status = status
    this.code = code
    this.backendMessage = backendMessage
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export const isUnauthorized = (error: unknown): error is BackendError =>
  error instanceof BackendError && error.status === 401

/** 403 for one spent or revoked. */
export const isRefreshRefused = (error: unknown): error is BackendError =>
  error instanceof BackendError && (error.status === 401 || error.status === 403)

export class SessionEndedError extends Error {
  constructor(
    message = BOTH_TOKENS_EXPIRED_MESSAGE,
    readonly code: string | null = null,
  ) {
    super(message)
    this.name = 'SessionEndedError'
  }
}

export interface BackendRequest<S extends z.ZodTypeAny> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  schema: S
  body?: unknown
  token?: string
  signal?: AbortSignal
  baseUrl?: string
}

export type MemberRequest<S extends z.ZodTypeAny> = Omit<BackendRequest<S>, 'token' | 'signal'>

/** The session implements it (session/member-api.server.ts). */
export interface MemberCaller {
  call<S extends z.ZodTypeAny>(req: MemberRequest<S>): Promise<z.output<S>['data']>
}

export interface MemberContext {
  readonly member: MemberCaller
}

export function memberCall<S extends z.ZodTypeAny>(
  ctx: MemberContext,
  req: MemberRequest<S>,
): Promise<z.output<S>['data']> {
  return ctx.member.call(req)
}

/**
 * One deadline per member request (decision 0092): calls made one after another cannot add up to
 * several timeouts.
 */
export function timeLeft(signal: AbortSignal | undefined, now = performance.now()): number {
  const timeout = env().BACKEND_TIMEOUT_MS
  const started = requestStartedAt(signal)
  return started === undefined ? timeout : Math.min(timeout, started + timeout - now)
}

function timeoutError() {
  return new BackendError(504, 'TIMEOUT', BACKEND_MESSAGES.timeout)
}

/** The shared call itself goes on past this request's deadline. */
export function untilDeadline<T>(signal: AbortSignal | undefined, shared: Promise<T>): Promise<T> {
  if (requestStartedAt(signal) === undefined) return shared
  const left = timeLeft(signal)
  if (left <= 0) {
    shared.catch(() => {})
    return Promise.reject(timeoutError())
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError()), left)
    timer.unref()
    shared.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** 500 is kept for a bug of ours (docs/decisions/0135). */
export function statusForBackend(answered: number): number {
  if (answered >= 400 && answered <= 499) return answered
  if (answered === 503 || answered === 504) return answered
  return 502
}

function messageForStatus(status: number): string {
  if (status === 401) return BACKEND_MESSAGES.unauthorized
  if (status === 429) return BACKEND_MESSAGES.rateLimited
  return BACKEND_MESSAGES.generic
}

/** AbortSignal.timeout plus AbortSignal.any cost 13 µs a call, this under 1 (docs/decisions/0089). */
function callLimit(timeoutMs: number, memberSignal: AbortSignal | undefined) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException('The backend took too long', 'TimeoutError'))
  }, timeoutMs)
  timer.unref()
  const follow = () => controller.abort(memberSignal?.reason)
  if (memberSignal?.aborted) follow()
  else memberSignal?.addEventListener('abort', follow, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer)
      memberSignal?.removeEventListener('abort', follow)
    },
  }
}

type CallLimit = ReturnType<typeof callLimit>

interface BackendAnswer {
  status: number
  body: unknown
  retryAfterSeconds: number | null
}

function retryAfter(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header
  return value !== undefined && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : null
}

async function send(req: BackendRequest<z.ZodTypeAny>, limit: CallLimit): Promise<BackendAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (req.body !== undefined) headers['Content-Type'] = 'application/json'
  if (req.token) headers.Authorization = `Bearer ${req.token}`
  let answer: Awaited<ReturnType<typeof undiciRequest>>
  try {
    answer = await undiciRequest(`${req.baseUrl ?? env().BACKEND_URL}${req.path}`, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: limit.signal,
    })
  } catch (error) {
    if (limit.timedOut()) throw timeoutError()
    if (req.signal?.aborted) throw error
    throw new BackendError(502, 'UNREACHABLE', BACKEND_MESSAGES.unreachable)
  }
  // A body that is not JSON (or breaks off) reads as none: the status and the schema decide.
  const body: unknown = await answer.body.json().catch(() => undefined)
  return {
    status: answer.statusCode,
    body,
    retryAfterSeconds: retryAfter(answer.headers['retry-after']),
  }
}

export async function callBackend<S extends z.ZodTypeAny>(
  req: BackendRequest<S>,
): Promise<z.output<S>['data']> {
  // The request's deadline has passed (its earlier calls used it up): no call at all.
  const left = timeLeft(req.signal)
  if (left <= 0) throw timeoutError()
  // Backend time (Server-Timing) is the answer's arrival and its body; checking it is the app's.
  const limit = callLimit(left, req.signal)
  const {
    status: answered,
    body,
    retryAfterSeconds,
  } = await timedBackendCall(req.signal, () => send(req, limit)).finally(() => limit.done())
  if (answered < 200 || answered > 299) {
    const parsed = errorBodySchema.safeParse(body)
    const code = parsed.success ? parsed.data.code : 'UNKNOWN'
    const status = statusForBackend(answered)
    throw new BackendError(
      status,
      code,
      messageForStatus(status),
      parsed.data?.message,
      retryAfterSeconds,
    )
  }
  const parsed = req.schema.safeParse(body)
  if (!parsed.success) {
    throw new BackendError(502, 'INVALID_RESPONSE', BACKEND_MESSAGES.invalidResponse)
  }
  return (parsed.data as { data: z.output<S>['data'] }).data
}

/** The backend's 404 (unknown, or another member's) is the app's Thai 404 page. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) {
      throw httpError(404, NOT_FOUND_MESSAGE)
    }
    throw error
  }
}

/** null for a code the caller does not map (it goes on to the error page). */
export function refusalFor<T>(error: unknown, byCode: Readonly<Record<string, T>>): T | null {
  if (!(error instanceof BackendError) || !Object.hasOwn(byCode, error.code)) return null
  return byCode[error.code] ?? null
}

type Cached<T> = { at: number; value: Promise<T>; until: number }

/**
 * For answers the same for every member (no bearer); a failure is not kept. `staleAt` (the answer,
 * when it was asked) names a time the answer stops being true before the ttl ends.
 */
export function cachedCall<T>(
  load: () => Promise<T>,
  ttlMs: number,
  staleAt?: (value: T, askedAt: number) => number,
) {
  let cache: Cached<T> | undefined
  function shared(now: number): Promise<T> {
    if (!cache || now - cache.at > ttlMs || now >= cache.until) {
      const entry: Cached<T> = { at: now, value: load(), until: Number.POSITIVE_INFINITY }
      cache = entry
      entry.value.then(
        (value) => {
          if (staleAt) entry.until = staleAt(value, entry.at)
        },
        () => {
          if (cache === entry) cache = undefined
        },
      )
    }
    return cache.value
  }
  return {
    get(now = Date.now(), signal?: AbortSignal): Promise<T> {
      return untilDeadline(signal, shared(now))
    },
    clear() {
      cache = undefined
    },
  }
}

export type PagePart<T> = { value: T; error: null } | { value: null; error: string }

/** A BackendError gives its Thai message and the rest of the page stays; anything else goes on. */
export async function orMessage<T>(load: Promise<T>): Promise<PagePart<T>> {
  try {
    return { value: await load, error: null }
  } catch (error) {
    if (error instanceof BackendError) return { value: null, error: error.message }
    throw error
  }
}
