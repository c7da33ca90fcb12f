/**
 * The backend contract as zod schemas: one source of truth, imported by the
 * app's backend client (to validate every answer) and by the demo backend
 * (tests/mock-backend) to build its answers. docs/backend-api.md describes it.
 *
 * Every success is `{ data: ... }`; every error is an HTTP status with
 * `{ message, code }`.
 */
import { z } from 'zod'

/** Wraps a payload schema in the `{ data }` envelope every success uses. */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ data })
}

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
})
export type BackendErrorBody = z.infer<typeof errorBodySchema>

export const tokenPairSchema = z.object({
  accessToken: z.string().min(1),
  /** A refresh answer may omit it: the old refresh token is then kept. */
  refreshToken: z.string().min(1).optional(),
})
export type TokenPair = z.infer<typeof tokenPairSchema>

export const loginRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
})
export const lineLoginRequestSchema = z.object({
  code: z.string(),
  redirectUri: z.string(),
})
export const refreshRequestSchema = z.object({
  refreshToken: z.string(),
})

export const memberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  phone: z.string(),
  /** Wallet balance in baht, two decimals. */
  balance: z.number(),
  scopes: z.array(z.string()).default([]),
})
export type Member = z.infer<typeof memberSchema>

export const loginResponseSchema = envelope(tokenPairSchema.required())
export const refreshResponseSchema = envelope(tokenPairSchema)
/** `data` may be missing or null on a broken backend: the app treats that as a failed login. */
export const profileResponseSchema = envelope(memberSchema.nullish())

/** Error codes the backend uses (the `code` of an error body). */
export const errorCodes = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  memberLocked: 'MEMBER_LOCKED',
  invalidToken: 'INVALID_TOKEN',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenRevoked: 'TOKEN_REVOKED',
  badRequest: 'BAD_REQUEST',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  internal: 'INTERNAL',
} as const

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes]

/** `GET /healthz` of the backend. */
export const healthResponseSchema = envelope(z.object({ status: z.literal('ok') }))
