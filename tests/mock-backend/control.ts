/**
 * The test-only control API under /__mock/ (always on: this server is only
 * ever the demo backend). JSON bodies, `{ data }` answers like the API.
 */
import { z } from 'zod'
import {
  envelope,
  type ErrorCode,
  errorCodes,
  loginResponseSchema,
} from '../../app/backend/schemas'
import { ApiError, dataReply } from './http'
import { tokenConfigSchema, ttlSchema } from './options'
import { jsonBody, type RequestContext, type Route } from './router'
import type { DemoMember } from './state'

const pathSchema = z.string().startsWith('/')
const usernameSchema = z.object({ username: z.string().min(1) })

const latencySchema = z
  .object({ ms: z.number().int().min(0).max(600_000), path: pathSchema.optional() })
  .strict()

const failSchema = z
  .object({
    path: pathSchema,
    method: z.string().min(1).optional(),
    status: z.number().int().min(400).max(599).default(500),
    count: z.number().int().min(1).max(10_000).default(1),
    mode: z.enum(['error', 'garbage', 'no-user', 'hang']).default('error'),
    code: z.nativeEnum(errorCodes).optional(),
    message: z.string().optional(),
  })
  .strict()

const tokensSchema = usernameSchema
  .extend({
    accessTtlSeconds: ttlSchema.optional(),
    refreshTtlSeconds: ttlSchema.optional(),
    noExp: z.boolean().optional(),
  })
  .strict()

const clockSchema = z.object({ aheadMs: z.number().int().min(0).max(86_400_000) }).strict()
const clockResponseSchema = envelope(z.object({ aheadMs: z.number() }))

const otpSettingsSchema = z
  .object({
    ttlSeconds: z.number().int().min(1).max(86_400),
    resendSeconds: z.number().int().min(0).max(86_400),
    maxAttempts: z.number().int().min(1).max(100),
  })
  .partial()
  .strict()
const otpSettingsResponseSchema = envelope(otpSettingsSchema.required())
const sentOtpResponseSchema = envelope(
  z.object({ phone: z.string(), ref: z.string(), otp: z.string(), expiresAt: z.number() }),
)

const callsSchema = envelope(
  z.array(
    z.object({
      method: z.string(),
      path: z.string(),
      authorization: z.string().nullable(),
      at: z.number(),
      endedAt: z.number().nullable(),
    }),
  ),
)
const configResponseSchema = envelope(tokenConfigSchema.required())
const latencyResponseSchema = envelope(
  z.object({ all: z.number(), byPath: z.record(z.string(), z.number()) }),
)
const failResponseSchema = envelope(
  z.array(
    z.object({
      path: z.string(),
      method: z.string().nullable(),
      status: z.number(),
      code: z.string(),
      mode: z.string(),
      remaining: z.number(),
    }),
  ),
)
const countResponseSchema = envelope(z.object({ count: z.number().int() }))
const okResponseSchema = envelope(z.object({ ok: z.literal(true) }))

/** The error code an injected failure answers with, unless the test names one. */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST',
    401: 'INVALID_TOKEN',
    403: 'MEMBER_LOCKED',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    429: 'RATE_LIMITED',
  }
  return byStatus[status] ?? 'INTERNAL'
}

/** The member a control names; unknown: 404. */
export function memberNamed(ctx: RequestContext, username: string): DemoMember {
  const member = ctx.state.memberByUsername(username)
  if (!member) throw new ApiError(404, 'NOT_FOUND', `No member named ${username}`)
  return member
}

function reset(ctx: RequestContext) {
  ctx.state.reset()
  return dataReply(okResponseSchema, { data: { ok: true } })
}

function showConfig(ctx: RequestContext) {
  return dataReply(configResponseSchema, { data: ctx.state.config })
}

function config(ctx: RequestContext) {
  ctx.state.config = { ...ctx.state.config, ...jsonBody(ctx, tokenConfigSchema) }
  return showConfig(ctx)
}

function latency(ctx: RequestContext) {
  const { ms, path } = jsonBody(ctx, latencySchema)
  ctx.state.setLatency(ms, path)
  const { all, byPath } = ctx.state.latency
  return dataReply(latencyResponseSchema, { data: { all, byPath: Object.fromEntries(byPath) } })
}

function fail(ctx: RequestContext) {
  const rule = jsonBody(ctx, failSchema)
  ctx.state.failures.push({
    path: rule.path,
    method: rule.method?.toUpperCase(),
    status: rule.status,
    code: rule.code ?? codeForStatus(rule.status),
    message: rule.message ?? `Injected failure (${rule.mode})`,
    mode: rule.mode,
    remaining: rule.count,
  })
  const pending = ctx.state.failures.map(({ message: _message, ...r }) => ({
    ...r,
    method: r.method ?? null,
  }))
  return dataReply(failResponseSchema, { data: pending })
}

async function tokens(ctx: RequestContext) {
  const { username, ...lifetimes } = jsonBody(ctx, tokensSchema)
  const pair = await ctx.sessions.start(memberNamed(ctx, username), lifetimes)
  return dataReply(loginResponseSchema, { data: pair })
}

function expire(ctx: RequestContext) {
  const { username } = jsonBody(ctx, usernameSchema)
  const count = ctx.sessions.expireMember(memberNamed(ctx, username))
  return dataReply(countResponseSchema, { data: { count } })
}

/** Runs the backend's clock ahead: tokens the app thinks alive are expired for the backend. */
function clock(ctx: RequestContext) {
  ctx.state.clockAheadMs = jsonBody(ctx, clockSchema).aheadMs
  return dataReply(clockResponseSchema, { data: { aheadMs: ctx.state.clockAheadMs } })
}

/** The OTP last sent to `?phone=`, as the member's SMS would show it. */
function sentOtp(ctx: RequestContext) {
  const phone = ctx.url.searchParams.get('phone') ?? ''
  const record = ctx.state.latestOtpFor(phone)
  if (!record?.otp) throw new ApiError(404, 'NOT_FOUND', `No OTP was sent to ${phone}`)
  const { ref, otp, expiresAt } = record
  return dataReply(sentOtpResponseSchema, { data: { phone, ref, otp, expiresAt } })
}

function otpSettings(ctx: RequestContext) {
  ctx.state.otpSettings = { ...ctx.state.otpSettings, ...jsonBody(ctx, otpSettingsSchema) }
  return dataReply(otpSettingsResponseSchema, { data: ctx.state.otpSettings })
}

function calls(ctx: RequestContext) {
  const path = ctx.url.searchParams.get('path') ?? undefined
  return dataReply(callsSchema, { data: ctx.state.callsFor(path) })
}

const membersSchema = z
  .object({ count: z.number().int().min(1).max(5000), prefix: z.string().regex(/^[a-z]{2,12}$/) })
  .strict()

/** Adds `count` members `<prefix>0001`… (password `<username>1234`) for load tests; answers their ids. */
function addMembers(ctx: RequestContext) {
  const { count, prefix } = jsonBody(ctx, membersSchema)
  const names = ['สมชาย', 'สมหญิง', 'วิชัย', 'มาลี', 'อนันต์', 'สุดา', 'ธนากร', 'กนกพร']
  let added = 0
  for (let i = 1; i <= count; i++) {
    const username = `${prefix}${String(i).padStart(4, '0')}`
    if (ctx.state.memberByUsername(username)) continue
    ctx.state.addMember({
      username,
      password: `${username}1234`,
      displayName: `${names[i % names.length]} ทดสอบ${i}`,
      phone: `09${String(10_000_000 + i).slice(-8)}`,
      balance: 1000,
      scopes: ['member'],
      locked: false,
    })
    added += 1
  }
  return dataReply(countResponseSchema, { data: { count: added } })
}

function clearCalls(ctx: RequestContext) {
  const count = ctx.state.calls.length
  ctx.state.calls = []
  return dataReply(countResponseSchema, { data: { count } })
}

export const controlRoutes: readonly Route[] = [
  { method: 'POST', path: '/__mock/reset', handler: reset },
  { method: 'GET', path: '/__mock/config', handler: showConfig },
  { method: 'POST', path: '/__mock/config', handler: config },
  { method: 'POST', path: '/__mock/latency', handler: latency },
  { method: 'POST', path: '/__mock/fail', handler: fail },
  { method: 'POST', path: '/__mock/tokens', handler: tokens },
  { method: 'POST', path: '/__mock/expire', handler: expire },
  { method: 'POST', path: '/__mock/clock', handler: clock },
  { method: 'GET', path: '/__mock/otp', handler: sentOtp },
  { method: 'POST', path: '/__mock/otp', handler: otpSettings },
  { method: 'GET', path: '/__mock/calls', handler: calls },
  { method: 'DELETE', path: '/__mock/calls', handler: clearCalls },
  { method: 'POST', path: '/__mock/members', handler: addMembers },
]
