/**
 * The support console's side of the backend contract (docs/backend-api.md,
 * "Staff"): staff log in with a password and a six-digit code from their
 * authenticator app, find a member, read what the member's pages would show,
 * and open a watch: a short, read-only look at the member's own pages with a
 * delegated token that names the staff person as its actor. Staff are not
 * members: their own accounts, ids and tokens. Shared with the demo backend,
 * which builds every answer through these schemas.
 */
import { z } from 'zod'
import { envelope } from '~/backend/schemas'
import { orderStatusSchema } from '~/backend/orders.schemas'
import { stakeStatusSchema } from '~/backend/lotto.schemas'
import { transactionStatusSchema } from '~/backend/wallet.schemas'
import { WATCH_REASON, WATCH_TICKET } from '~/lib/watch-request'

const isoTime = z.string().datetime({ offset: true })
/** A moment on the backend's clock, ms since the epoch. */
const msTime = z.number().int().nonnegative()

export const STAFF_ROLES = ['support', 'supervisor'] as const
export const staffRoleSchema = z.enum(STAFF_ROLES)
export type StaffRole = z.infer<typeof staffRoleSchema>

export const staffSchema = z.object({
  id: z.number().int().positive(),
  username: z.string().min(1),
  /** Thai, as members and colleagues read it ("สมหญิง ฝ่ายบริการ"). */
  displayName: z.string(),
  role: staffRoleSchema,
})
export type Staff = z.infer<typeof staffSchema>

// ---------------------------------------------------------------------------
// Logging in (no bearer)

/** Six digits: TOTP (RFC 6238), SHA-1, 30 s steps. */
export const staffOtpSchema = z.string().regex(/^[0-9]{6}$/)

/** `POST /staff/auth/login`. */
export const staffLoginRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
  otp: z.string(),
})
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>

export const staffLoginResponseSchema = envelope(
  z.object({
    accessToken: z.string().min(1),
    refreshToken: z.string().min(1),
    staff: staffSchema,
  }),
)
export type StaffLogin = z.infer<typeof staffLoginResponseSchema>['data']

/** `POST /staff/auth/refresh` and `POST /staff/auth/logout`. */
export const staffRefreshRequestSchema = z.object({ refreshToken: z.string() })
export const staffRefreshResponseSchema = envelope(
  z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) }),
)
export type StaffTokens = z.infer<typeof staffRefreshResponseSchema>['data']
export const staffOkResponseSchema = envelope(z.object({ ok: z.literal(true) }))

/** `GET /staff/me`. */
export const staffMeResponseSchema = envelope(staffSchema)

// ---------------------------------------------------------------------------
// Members as staff see them

export const memberSummarySchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  displayName: z.string(),
  /** In full: the console masks it. */
  phone: z.string(),
  /** A staff person's own member account: never watched. */
  isStaff: z.boolean(),
  locked: z.boolean(),
})
export type MemberSummary = z.infer<typeof memberSummarySchema>

/** `GET /staff/members?q=`: at most 20, in id order. */
export const memberSearchResponseSchema = envelope(
  z.object({ members: z.array(memberSummarySchema) }),
)

export const staffMemberDetailSchema = z.object({
  member: memberSummarySchema.extend({
    balance: z.number(),
    createdAt: isoTime,
    bank: z.object({ name: z.string(), accountNo: z.string() }).nullable(),
  }),
  /** Deposit orders, newest first (at most 10). */
  orders: z.array(
    z.object({
      id: z.number().int().positive(),
      amount: z.number(),
      status: orderStatusSchema,
      createdAt: isoTime,
    }),
  ),
  /** Withdrawals (their ledger lines), newest first (at most 10); `amount` positive. */
  withdrawals: z.array(
    z.object({
      id: z.string().min(1),
      amount: z.number(),
      status: transactionStatusSchema,
      createdAt: isoTime,
    }),
  ),
  /** Lotto slips (โพย), newest first (at most 10); `amount` their total. */
  stakes: z.array(
    z.object({
      id: z.number().int().positive(),
      title: z.string(),
      amount: z.number(),
      status: stakeStatusSchema,
      createdAt: isoTime,
    }),
  ),
  /** The member's notifications, newest first (at most 10). */
  notifications: z.array(
    z.object({
      id: z.number().int().nonnegative(),
      title: z.string(),
      createdAt: isoTime,
      read: z.boolean(),
    }),
  ),
})
export type StaffMemberDetail = z.infer<typeof staffMemberDetailSchema>

/** `GET /staff/members/:id`. */
export const staffMemberDetailResponseSchema = envelope(staffMemberDetailSchema)

// ---------------------------------------------------------------------------
// Watches: a staff person looking at a member's pages, read-only

/** How a watch ended: its button, its time limit, the staff session's end, or a supervisor. */
export const WATCH_END_HOWS = ['button', 'limit', 'staff-session', 'supervisor'] as const
export const watchEndHowSchema = z.enum(WATCH_END_HOWS)
export type WatchEndHow = z.infer<typeof watchEndHowSchema>

/** Why staff looks (~/lib/watch-request). */
export const watchReasonSchema = z.string().min(WATCH_REASON.min).max(WATCH_REASON.max)
/** The support ticket it is for (~/lib/watch-request). */
export const watchTicketSchema = z.string().max(WATCH_TICKET.max).regex(WATCH_TICKET.pattern)

/** `POST /staff/watches`. */
export const watchStartRequestSchema = z.object({
  memberId: z.number().int().positive(),
  reason: watchReasonSchema,
  ticket: watchTicketSchema,
})
export type WatchStartRequest = z.infer<typeof watchStartRequestSchema>

export const watchStartSchema = z.object({
  watchId: z.string().min(1),
  /** The delegated token: the member's `sub`, the staff person as `act`, `scope: "read"`; never refreshed. */
  accessToken: z.string().min(1),
  expiresAt: msTime,
  member: z.object({ id: z.number().int().positive(), username: z.string() }),
})
export type WatchStart = z.infer<typeof watchStartSchema>
export const watchStartResponseSchema = envelope(watchStartSchema)

export const watchSchema = z.object({
  id: z.string().min(1),
  memberId: z.number().int().positive(),
  memberUsername: z.string(),
  staffId: z.number().int().positive(),
  staffUsername: z.string(),
  reason: z.string(),
  ticket: z.string(),
  startedAt: msTime,
  expiresAt: msTime,
  endedAt: msTime.nullable(),
  endedHow: watchEndHowSchema.nullable(),
})
export type Watch = z.infer<typeof watchSchema>

/** `POST /staff/watches/:id/end`. */
export const watchEndRequestSchema = z.object({ how: watchEndHowSchema })
export const watchResponseSchema = envelope(watchSchema)

/** `GET /staff/watches?active=true` (supervisors). */
export const watchesResponseSchema = envelope(z.object({ watches: z.array(watchSchema) }))
