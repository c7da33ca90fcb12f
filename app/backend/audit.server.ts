/**
 * The staff audit's calls (docs/backend-api.md, "Staff audit"; decision
 * 0152): the app writes the record's events with its own audit key (the
 * outbox delivers them, audit-outbox.server.ts, perhaps long after the staff
 * person's token has expired), and supervisors read it with their staff
 * token, filtered and paged.
 */
import { callBackend } from '~/backend/client.server'
import type { StaffContext } from '~/backend/staff.server'
import {
  AUDIT_PAGE_MAX,
  auditEventsResponseSchema,
  auditWatchesResponseSchema,
  auditWriteResponseSchema,
  type AuditEvent,
  type AuditEventType,
  type AuditWatch,
} from '~/backend/audit.schemas'
import { env } from '~/server/env.server'

export type { AuditEvent, AuditEventType, AuditWatch }

/** `POST /staff/audit/events`: events already on the record (same id) count as taken. */
export async function writeAuditEvents(
  events: readonly AuditEvent[],
  signal?: AbortSignal,
): Promise<{ recorded: number; duplicates: number }> {
  return callBackend({
    method: 'POST',
    path: '/staff/audit/events',
    schema: auditWriteResponseSchema,
    body: { events },
    token: env().STAFF_AUDIT_KEY,
    signal,
  })
}

export interface AuditFilter {
  /** A staff username (exact, any case). */
  staff?: string
  /** A member username (exact, any case) or id. */
  member?: string
  /** One watch. */
  watchId?: string
  /** From this moment (ms) ... */
  from?: number
  /** ... and before this one. */
  to?: number
  /** Events only: these types. */
  types?: readonly AuditEventType[]
}

export type AuditOrder = 'newest' | 'oldest'

export interface AuditPage<T> {
  items: T[]
  nextCursor: string | null
  total: number
}

function query(
  filter: AuditFilter,
  cursor: string | null,
  limit: number,
  order?: AuditOrder,
): string {
  const q = new URLSearchParams()
  if (order) q.set('order', order)
  if (filter.staff) q.set('staff', filter.staff)
  if (filter.member) q.set('member', filter.member)
  if (filter.watchId) q.set('watchId', filter.watchId)
  if (filter.from !== undefined) q.set('from', String(filter.from))
  if (filter.to !== undefined) q.set('to', String(filter.to))
  if (filter.types?.length) q.set('type', filter.types.join(','))
  if (cursor) q.set('cursor', cursor)
  q.set('limit', String(Math.min(Math.max(1, limit), AUDIT_PAGE_MAX)))
  return q.toString()
}

/** Supervisors: watches newest (or `oldest`) first, a page after `cursor`. */
export function auditWatches(
  ctx: StaffContext,
  filter: AuditFilter,
  cursor: string | null,
  limit: number,
  order: AuditOrder = 'newest',
): Promise<AuditPage<AuditWatch>> {
  return ctx.staff.call({
    method: 'GET',
    path: `/staff/audit/watches?${query(filter, cursor, limit, order)}`,
    schema: auditWatchesResponseSchema,
  })
}

/**
 * Supervisors: events oldest first (or `newest` first), a page after
 * `cursor`; a watch's events pass the filter as their watch does.
 */
export function auditEvents(
  ctx: StaffContext,
  filter: AuditFilter,
  cursor: string | null,
  limit: number,
  order: AuditOrder = 'oldest',
): Promise<AuditPage<AuditEvent>> {
  return ctx.staff.call({
    method: 'GET',
    path: `/staff/audit/events?${query(filter, cursor, limit, order)}`,
    schema: auditEventsResponseSchema,
  })
}
