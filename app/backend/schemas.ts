// The backend contract as zod schemas, shared with the demo backend; docs/backend-api.md describes it.
import { z } from 'zod'

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ data })
}

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
})

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
/** Decision 0133. */
export const logoutRequestSchema = refreshRequestSchema

export const memberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  phone: z.string(),
  balance: z.number(),
  scopes: z.array(z.string()).default([]),
  unreadNotifications: z.number().int().nonnegative().optional(),
})
export type Member = z.infer<typeof memberSchema>

export const loginResponseSchema = envelope(tokenPairSchema.required())
export const refreshResponseSchema = envelope(tokenPairSchema)
/** `data` may be missing or null on a broken backend: the app treats that as a failed login. */
export const profileResponseSchema = envelope(memberSchema.nullish())

// Registration (no bearer: the member has no session yet)

export const registerCheckRequestSchema = z.object({
  username: z.string(),
  phone: z.string(),
})
export const registerCheckResponseSchema = envelope(z.object({ available: z.literal(true) }))

export const bankSchema = z.object({
  code: z.string().regex(/^[0-9]{3}$/),
  shortName: z.string().min(1),
  name: z.string().min(1),
  accountDigits: z.number().int().min(1).max(20),
})
export type Bank = z.infer<typeof bankSchema>
export const banksResponseSchema = envelope(z.array(bankSchema))

export const registerRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
  phone: z.string(),
  referralCode: z.string().optional(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
})
export type RegisterRequest = z.infer<typeof registerRequestSchema>
export const registerResponseSchema = loginResponseSchema

// Password recovery by OTP (no bearer)

export const otpRequestSchema = z.object({ phone: z.string() })
export const otpResponseSchema = envelope(
  z.object({
    ref: z.string().min(1),
    expiresIn: z.number().int().positive(),
    resendIn: z.number().int().nonnegative(),
  }),
)
export const otpVerifyRequestSchema = z.object({ ref: z.string(), otp: z.string() })
export const otpVerifyResponseSchema = envelope(
  /** A single-use token for `POST /auth/password/reset`. */
  z.object({ resetToken: z.string().min(1) }),
)
export const passwordResetRequestSchema = z.object({
  resetToken: z.string(),
  password: z.string(),
})
export const passwordResetResponseSchema = envelope(z.object({ ok: z.literal(true) }))

/** Statuses and meanings: docs/backend-api.md's error code table. */
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
  usernameTaken: 'USERNAME_TAKEN',
  phoneTaken: 'PHONE_TAKEN',
  otpInvalid: 'OTP_INVALID',
  otpExpired: 'OTP_EXPIRED',
  otpAttemptsExceeded: 'OTP_ATTEMPTS_EXCEEDED',
  resetTokenInvalid: 'RESET_TOKEN_INVALID',
  gameNotFound: 'GAME_NOT_FOUND',
  gameMaintenance: 'GAME_MAINTENANCE',
  gameClosed: 'GAME_CLOSED',
  drawClosed: 'DRAW_CLOSED',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',

  amountTooLow: 'AMOUNT_TOO_LOW',
  amountTooHigh: 'AMOUNT_TOO_HIGH',
  badAmount: 'BAD_AMOUNT',
  balanceLow: 'BALANCE_LOW',
  dailyLimit: 'DAILY_LIMIT',
  noBankAccount: 'NO_BANK_ACCOUNT',
  depositAmountTooLow: 'DEPOSIT_AMOUNT_TOO_LOW',
  depositAmountTooHigh: 'DEPOSIT_AMOUNT_TOO_HIGH',
  depositMethodClosed: 'DEPOSIT_METHOD_CLOSED',
  tooManyPendingOrders: 'TOO_MANY_PENDING_ORDERS',

  wrongPassword: 'WRONG_PASSWORD',
  lineAlreadyLinked: 'LINE_ALREADY_LINKED',
  lineCodeInvalid: 'LINE_CODE_INVALID',
  lineRequired: 'LINE_REQUIRED',
  noCommission: 'NO_COMMISSION',
  teamNameTaken: 'TEAM_NAME_TAKEN',
  alreadyInTeam: 'ALREADY_IN_TEAM',
  inviteCodeInvalid: 'INVITE_CODE_INVALID',
  teamFull: 'TEAM_FULL',
  notInTeam: 'NOT_IN_TEAM',

  cashbackNotClaimable: 'CASHBACK_NOT_CLAIMABLE',
  cashbackAlreadyClaimed: 'CASHBACK_ALREADY_CLAIMED',
  couponUnknown: 'COUPON_UNKNOWN',
  couponExpired: 'COUPON_EXPIRED',
  couponUsed: 'COUPON_USED',
  couponNotEligible: 'COUPON_NOT_ELIGIBLE',
  promotionNotEligible: 'PROMOTION_NOT_ELIGIBLE',
  alreadyAccepted: 'ALREADY_ACCEPTED',
  oneActiveOnly: 'ONE_ACTIVE_ONLY',

  noTickets: 'NO_TICKETS',
  envelopeInvalid: 'ENVELOPE_INVALID',

  roundClosed: 'ROUND_CLOSED',
  shotLimit: 'SHOT_LIMIT',
  shotTooSoon: 'SHOT_TOO_SOON',

  pushEndpointRefused: 'PUSH_ENDPOINT_REFUSED',

  forbidden: 'FORBIDDEN',
  staffAccount: 'STAFF_ACCOUNT',
  readOnlyToken: 'READ_ONLY_TOKEN',
} as const

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes]

export const healthResponseSchema = envelope(z.object({ status: z.literal('ok') }))
