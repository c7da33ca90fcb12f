/**
 * The staff audit's side of the backend contract (docs/backend-api.md,
 * "Staff audit"; decision 0152): the record of watches and of the console's
 * refusals, kept by the backend as its own books, append-only. The app
 * writes each event once under its own id (the idempotency key) and reads
 * it back filtered and paged by cursor. Shared with the demo backend.
 */
import { z } from 'zod'
import { envelope } from '~/backend/schemas'
import type { WatchEnd } from '~/lib/watch-text'

/** A moment, ms since the epoch (the app's clock when the app saw it). */
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

/** The idempotency key: a UUID the app gives the event when it happens. */
export const auditEventIdSchema = z.string().uuid()

const base = { id: auditEventIdSchema, at: msTime }

/** A watch began: a staff watch from the console, or a watch of a pasted token. */
export const watchStartEventSchema = z.object({
  ...base,
  type: z.literal('watch-start'),
  watchId: z.string().min(1).max(64),
  kind: z.enum(['staff', 'token']),
  memberId: z.string().max(40),
  memberUsername: name,
  /** Null only for a pasted-token watch of a backend without staff accounts. */
  staffId: z.number().int().positive().nullable(),
  staffUsername: name.nullable(),
  reason: z.string().max(500).nullable(),
  ticket: z.string().max(40).nullable(),
  expiresAt: msTime.nullable(),
  /** The app's session id of the watch (opaque): a supervisor's end ends every copy of its cookie. */
  sid: z.string().max(64),
})

/** A page of the member's that the watch saw. */
export const watchViewEventSchema = z.object({
  ...base,
  type: z.literal('watch-view'),
  watchId: z.string().min(1).max(64),
  path: z.string().max(2000),
})

/** How a watch ended; the first end of a watch is its end, a later one is kept as a note. */
export const watchEndEventSchema = z.object({
  ...base,
  type: z.literal('watch-end'),
  watchId: z.string().min(1).max(64),
  how: watchEndSchema,
  /** Who ended it, when a person did (a supervisor's username). */
  by: name.nullable(),
})

/** A staff login slowed down by the console's limits (who was tried, from where, for how long). */
export const loginLimitedEventSchema = z.object({
  ...base,
  type: z.literal('login-limited'),
  staffUsername: name,
  address: z.string().max(64).nullable(),
  scope: z.enum(['username-address', 'username']),
  retryAfterSeconds: z.number().int().nonnegative(),
})

/** A staff person starting watches faster than allowed: the first refused start of a window. */
export const watchStartLimitedEventSchema = z.object({
  ...base,
  type: z.literal('watch-start-limited'),
  staffId: z.number().int().positive(),
  staffUsername: name,
  memberId: z.string().max(40),
  /** Starts allowed per window, and the window. */
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

/** `POST /staff/audit/events`. */
export const auditWriteRequestSchema = z.object({
  events: z.array(auditEventSchema).min(1).max(AUDIT_WRITE_MAX),
})
export const auditWriteResponseSchema = envelope(
  z.object({
    /** New to the record. */
    recorded: z.number().int().nonnegative(),
    /** Already on it under the same id (a retry): nothing changed. */
    duplicates: z.number().int().nonnegative(),
  }),
)

/** One watch as the record tells it: its start, its first end (or its limit passed), how many pages it saw. */
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

/** A page of a paged read: `nextCursor` null at the end. */
const page = <T extends z.ZodTypeAny>(items: T) =>
  envelope(
    z.object({
      items: z.array(items),
      nextCursor: z.string().max(200).nullable(),
      /** How many match the filter in all. */
      total: z.number().int().nonnegative(),
    }),
  )

/** `GET /staff/audit/watches`: newest first. */
export const auditWatchesResponseSchema = page(auditWatchSchema)
/** `GET /staff/audit/events`: oldest first. */
export const auditEventsResponseSchema = page(auditEventSchema)

/** The most items one page of a read carries. */
export const AUDIT_PAGE_MAX = 1000
