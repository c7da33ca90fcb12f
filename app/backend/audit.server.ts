// docs/backend-api.md "Staff audit", decision 0152. Writes use the app's own audit key: the
// outbox may deliver long after the staff person's token has expired.
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
  staff?: string
  member?: string
  watchId?: string
  from?: number
  to?: number
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

/** A watch's events pass the filter as their watch does. */
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
