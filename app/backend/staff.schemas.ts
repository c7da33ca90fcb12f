// docs/backend-api.md, "Staff": staff are not members (their own accounts, ids and tokens); a
// watch is a read-only delegated token naming the staff person as its actor. Shared with the demo backend.
import { z } from 'zod'
import { envelope } from '~/backend/schemas'
import { orderStatusSchema } from '~/backend/orders.schemas'
import { stakeStatusSchema } from '~/backend/lotto.schemas'
import { transactionStatusSchema } from '~/backend/wallet.schemas'
import { WATCH_REASON, WATCH_TICKET } from '~/lib/watch-request'

const isoTime = z.string().datetime({ offset: true })
/** The backend's clock. */
const msTime = z.number().int().nonnegative()

export const STAFF_ROLES = ['support', 'supervisor'] as const
export const staffRoleSchema = z.enum(STAFF_ROLES)
export type StaffRole = z.infer<typeof staffRoleSchema>

export const staffSchema = z.object({
  id: z.number().int().positive(),
  username: z.string().min(1),
  displayName: z.string(),
  role: staffRoleSchema,
})
export type Staff = z.infer<typeof staffSchema>

// Logging in (no bearer)

export const staffOtpSchema = z.string().regex(/^[0-9]{6}$/)

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

export const staffRefreshRequestSchema = z.object({ refreshToken: z.string() })
export const staffRefreshResponseSchema = envelope(
  z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) }),
)
export type StaffTokens = z.infer<typeof staffRefreshResponseSchema>['data']
export const staffOkResponseSchema = envelope(z.object({ ok: z.literal(true) }))

export const staffMeResponseSchema = envelope(staffSchema)

// Members as staff see them

export const memberSummarySchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  displayName: z.string(),
  /** In full: the console masks it. */
  phone: z.string(),
  /** Never watched. */
  isStaff: z.boolean(),
  locked: z.boolean(),
})
export type MemberSummary = z.infer<typeof memberSummarySchema>

export const memberSearchResponseSchema = envelope(
  z.object({ members: z.array(memberSummarySchema) }),
)

export const staffMemberDetailSchema = z.object({
  member: memberSummarySchema.extend({
    balance: z.number(),
    createdAt: isoTime,
    bank: z.object({ name: z.string(), accountNo: z.string() }).nullable(),
  }),
  orders: z.array(
    z.object({
      id: z.number().int().positive(),
      amount: z.number(),
      status: orderStatusSchema,
      createdAt: isoTime,
    }),
  ),
  withdrawals: z.array(
    z.object({
      id: z.string().min(1),
      amount: z.number(),
      status: transactionStatusSchema,
      createdAt: isoTime,
    }),
  ),
  stakes: z.array(
    z.object({
      id: z.number().int().positive(),
      title: z.string(),
      amount: z.number(),
      status: stakeStatusSchema,
      createdAt: isoTime,
    }),
  ),
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

export const staffMemberDetailResponseSchema = envelope(staffMemberDetailSchema)

// Watches: a staff person looking at a member's pages, read-only

export const WATCH_END_HOWS = ['button', 'limit', 'staff-session', 'supervisor'] as const
export const watchEndHowSchema = z.enum(WATCH_END_HOWS)
export type WatchEndHow = z.infer<typeof watchEndHowSchema>

export const watchReasonSchema = z.string().min(WATCH_REASON.min).max(WATCH_REASON.max)
export const watchTicketSchema = z.string().max(WATCH_TICKET.max).regex(WATCH_TICKET.pattern)

export const watchStartRequestSchema = z.object({
  memberId: z.number().int().positive(),
  reason: watchReasonSchema,
  ticket: watchTicketSchema,
})
export type WatchStartRequest = z.infer<typeof watchStartRequestSchema>

export const watchStartSchema = z.object({
  watchId: z.string().min(1),
  /** The member's `sub`, the staff person as `act`, `scope: "read"`; never refreshed. */
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

export const watchEndRequestSchema = z.object({ how: watchEndHowSchema })
export const watchResponseSchema = envelope(watchSchema)

export const watchesResponseSchema = envelope(z.object({ watches: z.array(watchSchema) }))
