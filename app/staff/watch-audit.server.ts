// The staff audit (decisions 0139, 0152): the record is the backend's (docs/backend-api.md "Staff
// audit"), written through the outbox; a read that fails is a Thai 503, never an empty list.
// `watch-ended` is no record: it lets an end be written once whoever learns of it first.
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

export type { AuditFilter, AuditWatch, WatchEnd }

type Fields<T extends AuditEvent['type']> = Omit<
  Extract<AuditEvent, { type: T }>,
  'id' | 'type' | 'at'
>
export type WatchStartRecord = Fields<'watch-start'> & { at: number }
export type LoginLimitedRecord = Omit<Extract<AuditEvent, { type: 'login-limited' }>, 'id'>

const READ_FLUSH_MS = 1500
/** A watch lasts 30 minutes at most. */
const ENDED_NOTE_MS = 24 * 60 * 60_000

let outbox: Outbox | undefined

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

export function useAuditOutbox(replacement: Outbox): void {
  outbox?.stop()
  outbox = replacement
}

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

/** A watch does not start off the record. */
export function recordWatchStart({ at, ...start }: WatchStartRecord): void {
  add('watch-start', start, at)
}

/** The page is already the member's: a journal failure is only logged. */
export function recordWatchView(watchId: string, path: string, at = Date.now()): void {
  try {
    add('watch-view', { watchId, path }, at)
  } catch (error) {
    console.error(
      `[audit] a page seen by watch ${watchId} could not be journaled: ${String(error)}`,
    )
  }
}

export async function watchEnded(watchId: string): Promise<EndedNote | undefined> {
  const note = await ended.get(watchId)
  // Before who was noted, the note was the end alone.
  return typeof note === 'string' ? { how: note, by: null } : note
}

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

export function recordWatchStartLimited(event: Fields<'watch-start-limited'>, at = Date.now()) {
  try {
    add('watch-start-limited', event, at)
  } catch (error) {
    console.error(`[audit] a refused watch start could not be journaled: ${String(error)}`)
  }
}

/** So a supervisor reads what was just done. */
export async function deliverOwnEvents(): Promise<void> {
  await auditOutbox().flush(READ_FLUSH_MS)
}

export async function watchRecord(
  ctx: StaffContext,
  watchId: string,
): Promise<AuditWatch | undefined> {
  await deliverOwnEvents()
  return (await auditWatches(ctx, { watchId }, null, 1)).items[0]
}

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
