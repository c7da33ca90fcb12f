// docs/backend-api.md "Staff audit", decision 0152. Shared with the demo backend.
import { z } from 'zod'
import { envelope } from '~/backend/schemas'
import type { WatchEnd } from '~/lib/watch-text'

/** The app's clock when the app saw it. */
const msTime = z.number().int().nonnegative()
const name = z.string().max(100)
const WATCH_ENDS = [
  'button',
  'limit',
  'staff-session',
  'supervisor',
  'revoked',
  'turned-off',
] as const satisfies readonly WatchEnd[]
export const watchEndSchema = z.enum(WATCH_ENDS)

export const auditEventIdSchema = z.string().uuid()

const base = { id: auditEventIdSchema, at: msTime }

export const watchStartEventSchema = z.object({
  ...base,
  type: z.literal('watch-start'),
  watchId: z.string().min(1).max(64),
  kind: z.enum(['staff', 'token']),
  memberId: z.string().max(40),
  memberUsername: name,
  staffId: z.number().int().positive().nullable(),
  staffUsername: name.nullable(),
  reason: z.string().max(500).nullable(),
  ticket: z.string().max(40).nullable(),
  expiresAt: msTime.nullable(),
  /** A supervisor's end ends every copy of its cookie. */
  sid: z.string().max(64),
})

export const watchViewEventSchema = z.object({
  ...base,
  type: z.literal('watch-view'),
  watchId: z.string().min(1).max(64),
  path: z.string().max(2000),
})

/** The first end of a watch is its end, a later one is kept as a note. */
export const watchEndEventSchema = z.object({
  ...base,
  type: z.literal('watch-end'),
  watchId: z.string().min(1).max(64),
  how: watchEndSchema,
  by: name.nullable(),
})

export const loginLimitedEventSchema = z.object({
  ...base,
  type: z.literal('login-limited'),
  staffUsername: name,
  address: z.string().max(64).nullable(),
  scope: z.enum(['username-address', 'username']),
  retryAfterSeconds: z.number().int().nonnegative(),
})

/** The first refused start of a window. */
export const watchStartLimitedEventSchema = z.object({
  ...base,
  type: z.literal('watch-start-limited'),
  staffId: z.number().int().positive(),
  staffUsername: name,
  memberId: z.string().max(40),
  limit: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
})

export const auditEventSchema = z.discriminatedUnion('type', [
  watchStartEventSchema,
  watchViewEventSchema,
  watchEndEventSchema,
  loginLimitedEventSchema,
  watchStartLimitedEventSchema,
])
export type AuditEvent = z.infer<typeof auditEventSchema>
export type AuditEventType = AuditEvent['type']
export const AUDIT_EVENT_TYPES = [
  'watch-start',
  'watch-view',
  'watch-end',
  'login-limited',
  'watch-start-limited',
] as const satisfies readonly AuditEventType[]

/** The most events one write carries. */
export const AUDIT_WRITE_MAX = 100

export const auditWriteRequestSchema = z.object({
  events: z.array(auditEventSchema).min(1).max(AUDIT_WRITE_MAX),
})
export const auditWriteResponseSchema = envelope(
  z.object({
    recorded: z.number().int().nonnegative(),
    /** Already on it under the same id (a retry): nothing changed. */
    duplicates: z.number().int().nonnegative(),
  }),
)

export const auditWatchSchema = watchStartEventSchema
  .omit({ id: true, at: true, type: true })
  .extend({
    startedAt: msTime,
    endedAt: msTime.nullable(),
    how: watchEndSchema.nullable(),
    endedBy: name.nullable(),
    views: z.number().int().nonnegative(),
  })
export type AuditWatch = z.infer<typeof auditWatchSchema>

const page = <T extends z.ZodTypeAny>(items: T) =>
  envelope(
    z.object({
      items: z.array(items),
      nextCursor: z.string().max(200).nullable(),
      total: z.number().int().nonnegative(),
    }),
  )

export const auditWatchesResponseSchema = page(auditWatchSchema)
export const auditEventsResponseSchema = page(auditEventSchema)

/** The most items one page of a read carries. */
export const AUDIT_PAGE_MAX = 1000
