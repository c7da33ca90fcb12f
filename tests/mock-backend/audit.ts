/**
 * The staff audit as the demo backend keeps it (docs/backend-api.md, "Staff
 * audit"; decision 0152): an append-only list of events, each taken once
 * under its id (a retry of the same id changes nothing), never capped,
 * read back filtered and paged by cursor. The app is its only writer, with
 * its audit key; supervisors read it with their staff token.
 *
 * `/__mock/reset` forgets it, as it forgets the watches (a demo's control).
 */
import { timingSafeEqual } from 'node:crypto'
import {
  AUDIT_EVENT_TYPES,
  AUDIT_PAGE_MAX,
  auditEventsResponseSchema,
  auditWatchesResponseSchema,
  auditWriteRequestSchema,
  auditWriteResponseSchema,
  type AuditEvent,
  type AuditEventType,
  type AuditWatch,
} from '../../app/backend/audit.schemas'
import type { AuditFilter as AppAuditFilter } from '../../app/backend/audit.server'
import { ApiError, dataReply } from './http'
import { jsonBody, type RequestContext, type Route } from './router'

/** The key the app writes with when none is configured (MOCK_AUDIT_KEY / STAFF_AUDIT_KEY). */
export const DEV_AUDIT_KEY = 'staff-audit-dev-key-not-for-production'

type StartEvent = Extract<AuditEvent, { type: 'watch-start' }>
type EndEvent = Extract<AuditEvent, { type: 'watch-end' }>

interface Stored {
  /** Arrival order: the cursor. */
  seq: number
  event: AuditEvent
}

/** One watch's parts as they arrived. */
interface WatchParts {
  start?: Stored
  end?: EndEvent
  views: number
}

export class AuditBook {
  key = DEV_AUDIT_KEY
  #events: Stored[] = []
  #ids = new Set<string>()
  #watches = new Map<string, WatchParts>()
  /** Watch starts in arrival order (the watches read newest first from its end). */
  #starts: Stored[] = []

  reset(): void {
    this.#events = []
    this.#ids.clear()
    this.#watches.clear()
    this.#starts = []
  }

  get size(): number {
    return this.#events.length
  }

  /** Takes the events not taken before; the first end of a watch is its end. */
  write(events: readonly AuditEvent[]): { recorded: number; duplicates: number } {
    let recorded = 0
    for (const event of events) {
      if (this.#ids.has(event.id)) continue
      this.#ids.add(event.id)
      const stored = { seq: this.#events.length + 1, event }
      this.#events.push(stored)
      recorded++
      if (!('watchId' in event)) continue
      const parts = this.#watches.get(event.watchId) ?? { views: 0 }
      this.#watches.set(event.watchId, parts)
      if (event.type === 'watch-start' && !parts.start) {
        parts.start = stored
        this.#starts.push(stored)
      } else if (event.type === 'watch-view') parts.views++
      else if (event.type === 'watch-end') parts.end ??= event
    }
    return { recorded, duplicates: events.length - recorded }
  }

  /** The watch of a start as the record tells it (a passed limit nobody reported reads as its end). */
  watch(start: StartEvent, now: number): AuditWatch {
    const { id: _id, at, type: _type, ...rest } = start
    const parts = this.#watches.get(start.watchId)
    const end = parts?.end
    const lapsed = !end && start.expiresAt !== null && start.expiresAt <= now
    return {
      ...rest,
      startedAt: at,
      endedAt: end?.at ?? (lapsed ? start.expiresAt : null),
      how: end?.how ?? (lapsed ? 'limit' : null),
      endedBy: end?.by ?? null,
      views: parts?.views ?? 0,
    }
  }

  /** Whether a watch's start passes the filter. */
  #startMatches(start: StartEvent, filter: AuditFilter): boolean {
    if (filter.staff && !sameName(start.staffUsername, filter.staff)) return false
    if (filter.member && !sameName(start.memberUsername, filter.member)) {
      if (start.memberId !== filter.member) return false
    }
    if (filter.watchId && start.watchId !== filter.watchId) return false
    if (filter.from !== undefined && start.at < filter.from) return false
    if (filter.to !== undefined && start.at >= filter.to) return false
    return true
  }

  /** An event passes: a watch's through its watch's start, the others by their own fields. */
  #eventMatches(event: AuditEvent, filter: AuditFilter): boolean {
    if (filter.types && !filter.types.has(event.type)) return false
    if ('watchId' in event) {
      const start = this.#watches.get(event.watchId)?.start?.event as StartEvent | undefined
      return start !== undefined && this.#startMatches(start, filter)
    }
    if (filter.member || filter.watchId) return false
    if (filter.staff && !sameName(event.staffUsername, filter.staff)) return false
    if (filter.from !== undefined && event.at < filter.from) return false
    if (filter.to !== undefined && event.at >= filter.to) return false
    return true
  }

  /** Watches, newest (or oldest) first, after `cursor` (a start's seq). */
  watches(filter: AuditFilter, cursor: number | null, limit: number, now: number, newest = true) {
    const matching = this.#starts.filter((s) => this.#startMatches(s.event as StartEvent, filter))
    return pageOf(matching, { cursor, limit, newest }, (s) =>
      this.watch(s.event as StartEvent, now),
    )
  }

  /** Events, oldest (or newest) first, after `cursor` (an event's seq). */
  events(filter: AuditFilter, cursor: number | null, limit: number, newest = false) {
    const matching = this.#events.filter((s) => this.#eventMatches(s.event, filter))
    return pageOf(matching, { cursor, limit, newest }, (s) => s.event)
  }
}

/** One page of `matching` (in arrival order) after the cursor, and the cursor of the next. */
function pageOf<T>(
  matching: Stored[],
  { cursor, limit, newest }: { cursor: number | null; limit: number; newest: boolean },
  item: (stored: Stored) => T,
) {
  const ordered = newest ? [...matching].reverse() : matching
  const after =
    cursor === null ? ordered : ordered.filter((s) => (newest ? s.seq < cursor : s.seq > cursor))
  const shown = after.slice(0, limit)
  const last = shown.at(-1)
  return {
    items: shown.map(item),
    nextCursor: last && after.length > limit ? String(last.seq) : null,
    total: matching.length,
  }
}

/** The app's filter (app/backend/audit.server.ts), its types as a set. */
export type AuditFilter = Omit<AppAuditFilter, 'types'> & { types?: ReadonlySet<AuditEventType> }

/** Usernames are compared in any letter case. */
const sameName = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase()

function keyMatches(authorization: string | undefined, key: string): boolean {
  const given = Buffer.from(authorization?.replace(/^Bearer /, '') ?? '')
  const wanted = Buffer.from(key)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

function badRequest(what: string): ApiError {
  return new ApiError(400, 'BAD_REQUEST', `Invalid request: ${what}`)
}

/** The query's filter, cursor and limit; anything that cannot be read is a 400. */
function readQuery(ctx: RequestContext) {
  const q = ctx.url.searchParams
  const text = (name: string) => {
    const value = q.get(name)?.trim()
    if (value && value.length > 100) throw badRequest(name)
    return value || undefined
  }
  const time = (name: string) => {
    const value = q.get(name)
    if (value === null || value === '') return undefined
    if (!/^\d{1,15}$/.test(value)) throw badRequest(name)
    return Number(value)
  }
  const cursorText = q.get('cursor')
  if (cursorText !== null && !/^\d{1,12}$/.test(cursorText)) throw badRequest('cursor')
  const limitText = q.get('limit') ?? '100'
  const limit = Number(limitText)
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > AUDIT_PAGE_MAX) throw badRequest('limit')
  const typesText = text('type')
  const types = typesText?.split(',')
  if (types?.some((t) => !(AUDIT_EVENT_TYPES as readonly string[]).includes(t))) {
    throw badRequest('type')
  }
  const filter: AuditFilter = {
    staff: text('staff'),
    member: text('member'),
    watchId: text('watchId'),
    from: time('from'),
    to: time('to'),
    types: types ? new Set(types as AuditEventType[]) : undefined,
  }
  const order = q.get('order')
  if (order !== null && order !== 'oldest' && order !== 'newest') throw badRequest('order')
  return { filter, cursor: cursorText === null ? null : Number(cursorText), limit, order }
}

/** Supervisors only (any other staff person 403; a member's token 401). */
async function supervisor(ctx: RequestContext): Promise<void> {
  const staff = await ctx.sessions.staffCaller(ctx.headers.authorization)
  if (staff.role !== 'supervisor') throw new ApiError(403, 'FORBIDDEN', 'Supervisors only')
}

function write(ctx: RequestContext) {
  const book = ctx.state.audit
  if (!keyMatches(ctx.headers.authorization, book.key)) {
    throw new ApiError(401, 'INVALID_TOKEN', 'The audit is written with the app’s audit key')
  }
  const { events } = jsonBody(ctx, auditWriteRequestSchema)
  return dataReply(auditWriteResponseSchema, { data: book.write(events) })
}

async function readWatches(ctx: RequestContext) {
  await supervisor(ctx)
  const { filter, cursor, limit, order } = readQuery(ctx)
  ctx.state.staff.settle(ctx.state)
  const now = ctx.state.now()
  const page = ctx.state.audit.watches(filter, cursor, limit, now, order !== 'oldest')
  return dataReply(auditWatchesResponseSchema, { data: page })
}

async function readEvents(ctx: RequestContext) {
  await supervisor(ctx)
  const { filter, cursor, limit, order } = readQuery(ctx)
  return dataReply(auditEventsResponseSchema, {
    data: ctx.state.audit.events(filter, cursor, limit, order === 'newest'),
  })
}

export const auditRoutes: readonly Route[] = [
  { method: 'POST', path: '/staff/audit/events', handler: write },
  { method: 'GET', path: '/staff/audit/events', handler: readEvents },
  { method: 'GET', path: '/staff/audit/watches', handler: readWatches },
]
