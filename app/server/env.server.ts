// Validated once at start: a bad variable stops the server naming it. Only publicEnv() reaches the browser.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import {
  ACCESS_TOKEN_LIFETIME_S,
  REFRESH_TOKEN_LIFETIME_S,
  DEFAULT_APP_COMMIT,
  DEFAULT_APP_VERSION,
  DEFAULT_BACKEND_TIMEOUT_MS,
  DEFAULT_REFRESH_GRACE_MS,
} from '~/lib/constants'
import { pushServiceHostsOf } from '~/lib/push-endpoint'

const DEV_SESSION_SECRET = 'development-only-session-secret-change-me'
/** The demo backend's audit key (tests/mock-backend/audit.ts DEV_AUDIT_KEY). */
const DEV_STAFF_AUDIT_KEY = 'staff-audit-dev-key-not-for-production'

const url = z.string().url('must be an absolute URL such as https://api.example.com')
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), url.optional())
const boolFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'))
const origins = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const list: string[] = []
    for (const item of (value ?? '').split(',').map((s) => s.trim())) {
      if (!item) continue
      let parsed: URL | undefined
      try {
        parsed = new URL(item)
      } catch {
        parsed = undefined
      }
      if (
        !parsed ||
        !['http:', 'https:'].includes(parsed.protocol) ||
        parsed.pathname !== '/' ||
        parsed.search ||
        parsed.hash ||
        parsed.username ||
        parsed.password
      ) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `"${item}" is not an origin such as https://member.example.com`,
        })
        return z.NEVER
      }
      if (!list.includes(parsed.origin)) list.push(parsed.origin)
    }
    return list
  })
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)
/** Seconds, or `none`: tokens without `exp` then never expire (unknown status). */
const lifetime = (fallback: number) =>
  z
    .union([z.literal('none'), z.coerce.number().int().positive()])
    .default(fallback)
    .transform((v) => (v === 'none' ? undefined : v))

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    BACKEND_URL: url,
    BACKEND_TIMEOUT_MS: positiveInt(DEFAULT_BACKEND_TIMEOUT_MS),
    SESSION_SECRET: z.string().optional(),
    COOKIE_SECURE: boolFlag,
    CONFIG_SERVICE_URL: optionalUrl,
    CONFIG_TTL_MS: z.coerce.number().int().min(0).default(60_000),
    IMAGE_HOST_URL: optionalUrl,
    LINE_CHANNEL_ID: z.string().default(''),
    LINE_AUTHORIZE_URL: url.default('https://access.line.me/oauth2/v2.1/authorize'),
    PORT: positiveInt(3000),
    APP_ORIGIN: origins,
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
    LOGIN_LIMIT_PER_IP: positiveInt(1000),
    LOGIN_LIMIT_PER_USERNAME: positiveInt(10),
    LOGIN_LIMIT_PER_DEVICE: positiveInt(10),
    LOGIN_LIMIT_WINDOW_S: positiveInt(900),
    COUPON_LIMIT_PER_MEMBER: positiveInt(10),
    COUPON_LIMIT_PER_IP: positiveInt(2000),
    COUPON_LIMIT_WINDOW_S: positiveInt(900),
    REFRESH_GRACE_MS: positiveInt(DEFAULT_REFRESH_GRACE_MS),
    REDIS_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .url('must be a URL such as redis://127.0.0.1:6379/0')
        .refine((v) => /^rediss?:\/\//.test(v), 'must start with redis:// or rediss://')
        .optional(),
    ),
    REDIS_COMMAND_TIMEOUT_MS: positiveInt(250),
    REDIS_KEY_PREFIX: z.string().default('member-app:'),
    SHUTDOWN_TIMEOUT_MS: positiveInt(20_000),
    ACCESS_TOKEN_LIFETIME_S: lifetime(ACCESS_TOKEN_LIFETIME_S),
    REFRESH_TOKEN_LIFETIME_S: lifetime(REFRESH_TOKEN_LIFETIME_S),
    APP_VERSION: z.string().min(1).default(DEFAULT_APP_VERSION),
    APP_COMMIT: z.string().min(1).default(DEFAULT_APP_COMMIT),
    /** docs/backend-api.md "Staff audit"; unset in production: no watch starts (decision 0152). */
    STAFF_AUDIT_KEY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /** Decision 0152. */
    STAFF_WATCH_START_LIMIT: positiveInt(20),
    STAFF_WATCH_START_WINDOW_S: positiveInt(600),
    /** Decision 0152. */
    AUDIT_OUTBOX_FILE: z.string().optional(),
    /** docs/decisions/0138; `off` only for the bench's comparison. */
    TIMELINE: z.enum(['on', 'off']).default('on'),
    PUSH_SERVICE_HOSTS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return pushServiceHostsOf({ PUSH_SERVICE_HOSTS: value })
        } catch (error) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message })
          return z.NEVER
        }
      }),
  })
  .transform((env, ctx) => {
    const secrets = (env.SESSION_SECRET ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    // Both missing: both said at once, not one per start.
    let missing = false
    if (secrets.length === 0) {
      if (env.NODE_ENV === 'production') {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['SESSION_SECRET'],
          message: 'is required in production (comma-separated list, the first one signs)',
        })
        missing = true
      } else secrets.push(DEV_SESSION_SECRET)
    }
    if (env.APP_ORIGIN.length === 0 && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['APP_ORIGIN'],
        message:
          'is required in production: the public origin(s) of the app, comma-separated, the first is canonical (https://member.example.com)',
      })
      missing = true
    }
    if (missing) return z.NEVER
    if (secrets.some((s) => s.length < 16)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['SESSION_SECRET'],
        message: 'each secret must be at least 16 characters long',
      })
      return z.NEVER
    }
    return {
      ...env,
      BACKEND_URL: env.BACKEND_URL.replace(/\/+$/, ''),
      SESSION_SECRETS: secrets,
      STAFF_AUDIT_KEY:
        env.STAFF_AUDIT_KEY ?? (env.NODE_ENV === 'production' ? undefined : DEV_STAFF_AUDIT_KEY),
      AUDIT_OUTBOX_FILE:
        env.AUDIT_OUTBOX_FILE || join(tmpdir(), `member-app-audit-outbox-${env.PORT}.jsonl`),
      APP_ORIGINS: env.APP_ORIGIN,
      COOKIE_SECURE: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
    }
  })

export type Env = z.output<typeof schema>

export class EnvError extends Error {
  constructor(issues: z.ZodIssue[]) {
    const lines = issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`)
    super(`Invalid environment variables:\n${lines.join('\n')}\nSee README.md and .env.example.`)
    this.name = 'EnvError'
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source)
  if (!result.success) throw new EnvError(result.error.issues)
  return result.data
}

let cached: Env | undefined

export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

export function publicEnv(e: Env = env()) {
  return {
    APP_VERSION: e.APP_VERSION,
    APP_COMMIT: e.APP_COMMIT,
    IMAGE_HOST_URL: e.IMAGE_HOST_URL ?? null,
  }
}
