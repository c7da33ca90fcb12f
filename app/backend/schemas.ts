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
/** `POST /auth/logout`: the refresh token whose family ends (docs/decisions/0133). */
export const logoutRequestSchema = refreshRequestSchema

export const memberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  phone: z.string(),
  /** Wallet balance in baht, two decimals. */
  balance: z.number(),
  scopes: z.array(z.string()).default([]),
  /** Notifications the member has not read yet (docs/backend-api.md, "Notifications"); absent: none. */
  unreadNotifications: z.number().int().nonnegative().optional(),
})
export type Member = z.infer<typeof memberSchema>

export const loginResponseSchema = envelope(tokenPairSchema.required())
export const refreshResponseSchema = envelope(tokenPairSchema)
/** `data` may be missing or null on a broken backend: the app treats that as a failed login. */
export const profileResponseSchema = envelope(memberSchema.nullish())

// ---------------------------------------------------------------------------
// Registration (no bearer: the member has no session yet)

/** `POST /auth/register/check`: is this username and this phone still free? */
export const registerCheckRequestSchema = z.object({
  username: z.string(),
  phone: z.string(),
})
/** Both free; a taken one is `409 USERNAME_TAKEN` / `409 PHONE_TAKEN` instead. */
export const registerCheckResponseSchema = envelope(z.object({ available: z.literal(true) }))

/** A Thai bank a member can register with. */
export const bankSchema = z.object({
  /** The Bank of Thailand's three-digit code, e.g. "004". */
  code: z.string().regex(/^[0-9]{3}$/),
  /** The usual abbreviation, e.g. "KBANK". */
  shortName: z.string().min(1),
  /** The Thai name, e.g. "ธนาคารกสิกรไทย". */
  name: z.string().min(1),
  /** How many digits its account numbers have. */
  accountDigits: z.number().int().min(1).max(20),
})
export type Bank = z.infer<typeof bankSchema>
/** `GET /banks`. */
export const banksResponseSchema = envelope(z.array(bankSchema))

/** `POST /auth/register`: everything the three steps collected. */
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
/** The new member's first token pair, as a login gives. */
export const registerResponseSchema = loginResponseSchema

// ---------------------------------------------------------------------------
// Password recovery by OTP (no bearer)

/** `POST /auth/otp/request`: send an OTP by SMS to a member's mobile number. */
export const otpRequestSchema = z.object({ phone: z.string() })
export const otpResponseSchema = envelope(
  z.object({
    /** The reference code shown with the OTP in the SMS. */
    ref: z.string().min(1),
    /** Seconds the OTP stays valid. */
    expiresIn: z.number().int().positive(),
    /** Seconds before another OTP may be requested for this number. */
    resendIn: z.number().int().nonnegative(),
  }),
)
/** `POST /auth/otp/verify`. */
export const otpVerifyRequestSchema = z.object({ ref: z.string(), otp: z.string() })
export const otpVerifyResponseSchema = envelope(
  /** A single-use token for `POST /auth/password/reset`. */
  z.object({ resetToken: z.string().min(1) }),
)
/** `POST /auth/password/reset`. */
export const passwordResetRequestSchema = z.object({
  resetToken: z.string(),
  password: z.string(),
})
export const passwordResetResponseSchema = envelope(z.object({ ok: z.literal(true) }))

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
  /** 409: registration with a username (any letter case) already in use. */
  usernameTaken: 'USERNAME_TAKEN',
  /** 409: registration with a mobile number already in use. */
  phoneTaken: 'PHONE_TAKEN',
  /** 400: a wrong OTP; the member may try again (up to the attempt limit). */
  otpInvalid: 'OTP_INVALID',
  /** 410: the OTP has expired, or was replaced by a newer one. */
  otpExpired: 'OTP_EXPIRED',
  /** 429: too many wrong OTPs: this OTP is dead, a new one must be requested. */
  otpAttemptsExceeded: 'OTP_ATTEMPTS_EXCEEDED',
  /** 400: an unknown, used or expired password reset token. */
  resetTokenInvalid: 'RESET_TOKEN_INVALID',
  /** 404: launching a game the backend does not know. */
  gameNotFound: 'GAME_NOT_FOUND',
  /** 409: the game (or its provider) is under maintenance for now. */
  gameMaintenance: 'GAME_MAINTENANCE',
  /** 410: the game (or its provider) is no longer offered. */
  gameClosed: 'GAME_CLOSED',
  /** 409: a stake for a draw that no longer takes stakes (closed, settled, or its type closed). */
  drawClosed: 'DRAW_CLOSED',
  /** 409: an idempotency key already used for a different request. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',

  // Wallet: deposits, orders, withdrawals (wallet.schemas.ts).
  /** 422: a withdrawal below the smallest amount (appConfig limits.withdraw.min). */
  amountTooLow: 'AMOUNT_TOO_LOW',
  /** 422: a withdrawal above the largest amount of one withdrawal. */
  amountTooHigh: 'AMOUNT_TOO_HIGH',
  /** 422: not whole baht, or not a positive number. */
  badAmount: 'BAD_AMOUNT',
  /** 422: more than the balance. */
  balanceLow: 'BALANCE_LOW',
  /** 422: more than what is left of today's withdrawal limit. */
  dailyLimit: 'DAILY_LIMIT',
  /** 422: the member has no registered bank account to withdraw to. */
  noBankAccount: 'NO_BANK_ACCOUNT',
  /** 400: a deposit below the configured minimum (`limits.deposit.min`). */
  depositAmountTooLow: 'DEPOSIT_AMOUNT_TOO_LOW',
  /** 400: a deposit above the configured maximum (`limits.deposit.max`). */
  depositAmountTooHigh: 'DEPOSIT_AMOUNT_TOO_HIGH',
  /** 409: the deposit method is closed for now (the other may still work). */
  depositMethodClosed: 'DEPOSIT_METHOD_CLOSED',
  /** 409: too many unpaid orders at once. */
  tooManyPendingOrders: 'TOO_MANY_PENDING_ORDERS',

  // Member: profile, affiliate, alliance.
  /** 400: changing the password with a wrong current password. */
  wrongPassword: 'WRONG_PASSWORD',
  /** 409: this LINE account is already linked to another member. */
  lineAlreadyLinked: 'LINE_ALREADY_LINKED',
  /** 400: an unknown, used or expired LINE code (linking). */
  lineCodeInvalid: 'LINE_CODE_INVALID',
  /** 409: unlinking LINE from a member who has no password (they could not log in again). */
  lineRequired: 'LINE_REQUIRED',
  /** 409: withdrawing commission with none available. */
  noCommission: 'NO_COMMISSION',
  /** 409: a team name already in use (any letter case). */
  teamNameTaken: 'TEAM_NAME_TAKEN',
  /** 409: creating or joining a team while in one. */
  alreadyInTeam: 'ALREADY_IN_TEAM',
  /** 404: joining with an invite code no team has. */
  inviteCodeInvalid: 'INVITE_CODE_INVALID',
  /** 409: joining a team that has its maximum of members. */
  teamFull: 'TEAM_FULL',
  /** 409: leaving a team while in none. */
  notInTeam: 'NOT_IN_TEAM',

  // Rewards: cashback, coupons, promotions.
  /** 409: a cashback period with nothing to claim (still open, no loss, or expired). */
  cashbackNotClaimable: 'CASHBACK_NOT_CLAIMABLE',
  /** 409: a cashback period already claimed. */
  cashbackAlreadyClaimed: 'CASHBACK_ALREADY_CLAIMED',
  /** 404: no coupon has this code. */
  couponUnknown: 'COUPON_UNKNOWN',
  /** 410: the coupon's time is over. */
  couponExpired: 'COUPON_EXPIRED',
  /** 409: the coupon was used already (by this member, or used up). */
  couponUsed: 'COUPON_USED',
  /** 403: the coupon is not for this member. */
  couponNotEligible: 'COUPON_NOT_ELIGIBLE',
  /** 403: the promotion is not for this member. */
  promotionNotEligible: 'PROMOTION_NOT_ELIGIBLE',
  /** 409: the member already accepted this promotion. */
  alreadyAccepted: 'ALREADY_ACCEPTED',
  /** 409: the member has another active promotion (one at a time). */
  oneActiveOnly: 'ONE_ACTIVE_ONLY',

  // Reward games (/czipz).
  /** 409: no ticket left today for this reward game (wheel or angpao). */
  noTickets: 'NO_TICKETS',
  /** 400: an angpao envelope that does not exist. */
  envelopeInvalid: 'ENVELOPE_INVALID',

  // Yeekee shooting (yeekee.schemas.ts).
  /** 409: the round takes no more shots (closed or drawn). */
  roundClosed: 'ROUND_CLOSED',
  /** 409: the member has shot as many numbers as a round allows. */
  shotLimit: 'SHOT_LIMIT',
  /** 429: the member shot a moment ago; Retry-After says when the next may go. */
  shotTooSoon: 'SHOT_TOO_SOON',

  // Web push (push.schemas.ts).
  /** 400: a subscription whose endpoint is no push service the backend sends to (isPushEndpoint). */
  pushEndpointRefused: 'PUSH_ENDPOINT_REFUSED',

  // Staff (staff.schemas.ts).
  /** 403: staff may not do this (end another's watch, list the watches without being a supervisor). */
  forbidden: 'FORBIDDEN',
  /** 403: a watch of a member account that belongs to a staff person. */
  staffAccount: 'STAFF_ACCOUNT',
  /** 403: a watch's delegated token on a call that changes something, or that launches a game. */
  readOnlyToken: 'READ_ONLY_TOKEN',
} as const

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes]

/** `GET /healthz` of the backend. */
export const healthResponseSchema = envelope(z.object({ status: z.literal('ok') }))
