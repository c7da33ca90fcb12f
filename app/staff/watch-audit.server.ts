/**
 * The staff audit (decisions 0139, 0152): every watch's start and end (who,
 * whom, reason, ticket, when, how it ended), every page seen during a watch,
 * each staff login the limits slowed down and each burst of watch starts
 * refused. The record is the backend's ("Staff audit" in
 * docs/backend-api.md): append-only, never capped. The app writes each event
 * through its outbox (audit-outbox.server.ts), which loses none over a
 * backend or Redis outage or a restart and delivers each once, and reads the
 * record back from the backend: when it cannot, the reader says so (a Thai
 * 503), never an empty list.
 *
 * `watch-ended` (shared store, per watch) is no record: how a watch ended
 * and who ended it, so an end is written once whoever learns of it first
 * (the button, a supervisor, the limit) and the staff person is told why.
 */
import { randomUUID } from 'node:crypto'
import type { AuditEvent } from '~/backend/audit.schemas'
import {
  auditEvents,
  auditWatches,
  writeAuditEvents,
  type AuditFilter,
  type AuditPage,
  type AuditWatch,
} from '~/backend/audit.server'
import type { StaffContext } from '~/backend/staff.server'
import type { WatchEnd } from '~/lib/watch-text'
import { env } from '~/server/env.server'
import { createSharedStore, type TtlStore } from '~/server/store.server'
import { createOutbox, fileJournal, type Outbox } from '~/staff/audit-outbox.server'

export type WatchKind = 'staff' | 'token'
export type { AuditFilter, AuditWatch, WatchEnd }

type Fields<T extends AuditEvent['type']> = Omit<
  Extract<AuditEvent, { type: T }>,
  'id' | 'type' | 'at'
>
export type WatchStartRecord = Fields<'watch-start'> & { at: number }
export type LoginLimitedRecord = Omit<Extract<AuditEvent, { type: 'login-limited' }>, 'id'>

/** A read of the record waits this long for this instance's own events to go first. */
const READ_FLUSH_MS = 1500
/** How long the "how it ended" note of a watch is kept (a watch lasts 30 minutes at most). */
const ENDED_NOTE_MS = 24 * 60 * 60_000

let outbox: Outbox | undefined

/** This instance's outbox (its journal is AUDIT_OUTBOX_FILE). */
export function auditOutbox(): Outbox {
  outbox ??= createOutbox({
    journal: fileJournal(env().AUDIT_OUTBOX_FILE),
    deliver: (events) => {
      if (!env().STAFF_AUDIT_KEY) throw new Error('STAFF_AUDIT_KEY is not set')
      return writeAuditEvents(events)
    },
  })
  return outbox
}

/** Tests: another outbox (a memory journal, a deliver of their own). */
export function useAuditOutbox(replacement: Outbox): void {
  outbox?.stop()
  outbox = replacement
}

/** Whether watches may start: the app can write the record (decision 0152). */
export function auditWritable(): boolean {
  return Boolean(env().STAFF_AUDIT_KEY)
}

function add<T extends AuditEvent['type']>(type: T, fields: Fields<T>, at = Date.now()): void {
  auditOutbox().add({ id: randomUUID(), type, at, ...fields } as unknown as AuditEvent)
}

export interface EndedNote {
  how: WatchEnd
  by: string | null
}

const ended: TtlStore<EndedNote> = createSharedStore<EndedNote>('watch-ended')

/** Throws when the event cannot be journaled: a watch does not start off the record. */
export function recordWatchStart({ at, ...start }: WatchStartRecord): void {
  add('watch-start', start, at)
}

/** A page seen; an event that cannot be journaled is logged (the page is already the member's). */
export function recordWatchView(watchId: string, path: string, at = Date.now()): void {
  try {
    add('watch-view', { watchId, path }, at)
  } catch (error) {
    console.error(
      `[audit] a page seen by watch ${watchId} could not be journaled: ${String(error)}`,
    )
  }
}

/** How the watch ended and who ended it, if it has (noted by whoever learnt it first). */
export async function watchEnded(watchId: string): Promise<EndedNote | undefined> {
  const note = await ended.get(watchId)
  // Before who was noted, the note was the end alone.
  return typeof note === 'string' ? { how: note, by: null } : note
}

/** Records the end once: a later word on the same watch (a second tab, the limit) is no new end. */
export async function recordWatchEnd(
  watchId: string,
  how: WatchEnd,
  by: string | null = null,
  at = Date.now(),
): Promise<boolean> {
  if ((await ended.get(watchId)) !== undefined) return false
  await ended.set(watchId, { how, by }, ENDED_NOTE_MS)
  try {
    add('watch-end', { watchId, how, by }, at)
  } catch (error) {
    console.error(`[audit] the end of watch ${watchId} could not be journaled: ${String(error)}`)
  }
  return true
}

/** Puts a slowed-down staff login on the record. Never throws. */
export async function recordLoginLimited(
  event: Fields<'login-limited'>,
  at = Date.now(),
): Promise<void> {
  try {
    add('login-limited', event, at)
  } catch (error) {
    console.error(`[audit] a slowed-down staff login could not be journaled: ${String(error)}`)
  }
}

/** Puts a refused burst of watch starts on the record. Never throws. */
export function recordWatchStartLimited(event: Fields<'watch-start-limited'>, at = Date.now()) {
  try {
    add('watch-start-limited', event, at)
  } catch (error) {
    console.error(`[audit] a refused watch start could not be journaled: ${String(error)}`)
  }
}

/**
 * This instance's own events go first (at most READ_FLUSH_MS), so a
 * supervisor reads what was just done: every read of the record starts here.
 */
export async function deliverOwnEvents(): Promise<void> {
  await auditOutbox().flush(READ_FLUSH_MS)
}

/** One watch of the record (throws when the record cannot be read). */
export async function watchRecord(
  ctx: StaffContext,
  watchId: string,
): Promise<AuditWatch | undefined> {
  await deliverOwnEvents()
  return (await auditWatches(ctx, { watchId }, null, 1)).items[0]
}

/** Every event under `filter`, oldest first, a page at a time (for the CSV). */
export async function* auditEventPages(
  ctx: StaffContext,
  filter: AuditFilter,
  pageSize = 1000,
): AsyncGenerator<AuditEvent[]> {
  await deliverOwnEvents()
  let cursor: string | null = null
  do {
    const page: AuditPage<AuditEvent> = await auditEvents(ctx, filter, cursor, pageSize)
    yield page.items
    cursor = page.nextCursor
  } while (cursor !== null)
}
