/**
 * The record of watches (docs/decisions/0139): every start and end (who,
 * whom, reason, ticket, when, how it ended) and every page seen during a
 * watch, for supervisors at /staff/audit and its CSV. Kept by the app in the
 * shared store (Redis; this process's memory on one instance), because the
 * app is where a watch is seen: a backend without staff accounts has no
 * record of the original's pasted-token watches, which are recorded here too.
 *
 * - `watch-audit` (one list): the starts and ends, newest first, the newest
 *   10,000 for 400 days;
 * - `watch-views` (a list per watch): the pages seen, the newest 500;
 * - `watch-ended` (per watch): how it ended, so an end is recorded once,
 *   whoever learns of it first (the button, a supervisor, the limit).
 * A watch whose end nobody saw (the browser was closed) ended at its limit:
 * the record says so when read.
 */
import type { WatchEnd } from '~/lib/watch-text'
import { createSharedList, createSharedStore, type TtlStore } from '~/server/store.server'

export type WatchKind = 'staff' | 'token'
export type { WatchEnd }

export interface WatchStartRecord {
  type: 'start'
  at: number
  watchId: string
  kind: WatchKind
  memberId: string
  memberUsername: string
  /** Null for a pasted-token watch: nobody is known. */
  staffId: number | null
  staffUsername: string | null
  reason: string | null
  ticket: string | null
  expiresAt: number | null
  /** The watch's member-side session id: a supervisor's end ends every copy of its cookie. */
  sid: string
}

export interface WatchEndRecord {
  type: 'end'
  at: number
  watchId: string
  how: WatchEnd
  /** Who ended it, when a person did (a supervisor's username). */
  by: string | null
}

export interface WatchView {
  at: number
  path: string
}

/**
 * A staff login that the limits slowed down (login-limits): who was tried,
 * from where, and until when the next try waits; for supervisors.
 */
export interface LoginLimitedRecord {
  type: 'login-limited'
  at: number
  staffUsername: string
  /** The client address, when known (TRUST_PROXY_HOPS). */
  address: string | null
  /** Which limit: the (username, address) pair's, or the slower one of the username alone. */
  scope: 'username-address' | 'username'
  retryAfterSeconds: number
}

/** One watch as the record tells it. */
export interface WatchRecord extends Omit<WatchStartRecord, 'type' | 'at'> {
  startedAt: number
  endedAt: number | null
  how: WatchEnd | null
  endedBy: string | null
}

const DAY_MS = 24 * 60 * 60_000
const KEEP_MS = 400 * DAY_MS
export const MAX_AUDIT_EVENTS = 10_000
export const MAX_VIEWS_PER_WATCH = 500
const AUDIT_KEY = 'all'

type AuditEvent = WatchStartRecord | WatchEndRecord | LoginLimitedRecord

const events = createSharedList<AuditEvent>('watch-audit', {
  maxItems: MAX_AUDIT_EVENTS,
  ttlMs: KEEP_MS,
})
const views = createSharedList<WatchView>('watch-views', {
  maxItems: MAX_VIEWS_PER_WATCH,
  ttlMs: KEEP_MS,
})
const ended: TtlStore<WatchEnd> = createSharedStore<WatchEnd>('watch-ended')

export async function recordWatchStart(start: Omit<WatchStartRecord, 'type'>): Promise<void> {
  await events.push(AUDIT_KEY, { type: 'start', ...start })
}

/** Puts a slowed-down staff login on the record. Never throws. */
export async function recordLoginLimited(
  event: Omit<LoginLimitedRecord, 'type' | 'at'>,
  at = Date.now(),
): Promise<void> {
  await events.push(AUDIT_KEY, { type: 'login-limited', at, ...event }).catch(() => undefined)
}

export async function recordWatchView(watchId: string, path: string, at = Date.now()) {
  await views.push(watchId, { at, path })
}

/** How the watch ended, if it has (recorded by whoever learnt it first). */
export function watchEnded(watchId: string): Promise<WatchEnd | undefined> {
  return ended.get(watchId)
}

/** Records the end once: a later word on the same watch (a second tab, the limit) is no new end. */
export async function recordWatchEnd(
  watchId: string,
  how: WatchEnd,
  by: string | null = null,
  at = Date.now(),
): Promise<boolean> {
  if ((await ended.get(watchId)) !== undefined) return false
  await ended.set(watchId, how, KEEP_MS)
  await events.push(AUDIT_KEY, { type: 'end', at, watchId, how, by })
  return true
}

export interface AuditFilter {
  /** A staff username (exact, any case). */
  staff?: string
  /** A member username (exact, any case) or id. */
  member?: string
  /** Watches started from this moment (ms) ... */
  from?: number
  /** ... and before this one. */
  to?: number
}

function matches(record: WatchRecord, filter: AuditFilter): boolean {
  const same = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase()
  if (filter.staff && !same(record.staffUsername, filter.staff)) return false
  if (filter.member && !same(record.memberUsername, filter.member)) {
    if (record.memberId !== filter.member) return false
  }
  if (filter.from !== undefined && record.startedAt < filter.from) return false
  if (filter.to !== undefined && record.startedAt >= filter.to) return false
  return true
}

/** The watches of the record, newest first, as `filter` narrows them. */
export async function watchRecords(
  filter: AuditFilter = {},
  now = Date.now(),
): Promise<WatchRecord[]> {
  const all = await events.newest(AUDIT_KEY, MAX_AUDIT_EVENTS)
  const ends = new Map<string, WatchEndRecord>()
  for (const event of all) if (event.type === 'end') ends.set(event.watchId, event)
  const records: WatchRecord[] = []
  for (const event of all) {
    if (event.type !== 'start') continue
    const { type: _type, at, ...start } = event
    const end = ends.get(event.watchId)
    // Nobody saw its end: it ended at its limit.
    const lapsed = !end && start.expiresAt !== null && start.expiresAt <= now
    const record: WatchRecord = {
      ...start,
      startedAt: at,
      endedAt: end?.at ?? (lapsed ? start.expiresAt : null),
      how: end?.how ?? (lapsed ? 'limit' : null),
      endedBy: end?.by ?? null,
    }
    if (matches(record, filter)) records.push(record)
  }
  return records
}

/** One watch of the record. */
export async function watchRecord(watchId: string): Promise<WatchRecord | undefined> {
  return (await watchRecords()).find((record) => record.watchId === watchId)
}

/** The pages seen during a watch, oldest first. */
export async function watchViews(watchId: string): Promise<WatchView[]> {
  return (await views.newest(watchId, MAX_VIEWS_PER_WATCH)).reverse()
}
