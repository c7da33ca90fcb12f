/**
 * The server side of /staff/audit (supervisors only): the record of watches
 * filtered by staff, member and Bangkok dates, the pages each watch saw, the
 * watches going on now with a way to end them, and the CSV of the same
 * filter (staff.audit[.csv].ts).
 */
import { data, redirect } from '@remix-run/node'
import { activeWatches } from '~/backend/staff.server'
import { bangkokDay, choiceYears, readDateChoice, withIsoDates } from '~/lib/thai-date'
import { readFormData } from '~/server/form-data.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/session/guard'
import { endWatchAsSupervisor } from '~/session/watch.server'
import {
  watchRecord,
  watchRecords,
  watchViews,
  type AuditFilter,
  type WatchRecord,
} from '~/session/watch-audit.server'

/** The page lists this many watches (the CSV has them all). */
export const AUDIT_SHOWN = 100
const DAY_MS = 24 * 60 * 60_000

export interface AuditQuery {
  staff: string
  member: string
  from: string
  to: string
}

/** The filter of the page's address: what cannot be read is no filter. */
export function auditQuery(url: URL): { query: AuditQuery; filter: AuditFilter } {
  const text = (name: string) => (url.searchParams.get(name) ?? '').trim().slice(0, 100)
  const day = (name: string) => {
    const value = readDateChoice(url.searchParams, name)
    return value === null || value === 'invalid' ? '' : value
  }
  const query = { staff: text('staff'), member: text('member'), from: day('from'), to: day('to') }
  const startOf = (d: string) => Date.parse(`${d}T00:00:00+07:00`)
  return {
    query,
    filter: {
      staff: query.staff || undefined,
      member: query.member || undefined,
      from: query.from ? startOf(query.from) : undefined,
      to: query.to ? startOf(query.to) + DAY_MS : undefined,
    },
  }
}

export async function loadPage(ctx: RouteContext) {
  // The Thai date choices post day, month and year: the address keeps YYYY-MM-DD.
  const canonical = withIsoDates(ctx.url, ['from', 'to'])
  if (canonical) throw redirect(canonical)
  const { query, filter } = auditQuery(ctx.url)
  const [records, active] = await Promise.all([watchRecords(filter), activeWatches(ctx)])
  const shown = records.slice(0, AUDIT_SHOWN)
  const views = await Promise.all(shown.map((r) => watchViews(r.watchId)))
  return {
    query,
    total: records.length,
    records: shown.map((record, i) => ({ ...shownRecord(record), views: views[i] ?? [] })),
    active: active.map((w) => ({
      watchId: w.id,
      memberUsername: w.memberUsername,
      staffUsername: w.staffUsername,
      ticket: w.ticket,
      startedAt: w.startedAt,
      expiresAt: w.expiresAt,
    })),
    now: Date.now(),
    years: choiceYears(bangkokDay(Date.now()), 3),
  }
}

/** What the page shows of a record: never the watch's session id. */
function shownRecord(record: WatchRecord) {
  const { sid: _sid, ...shown } = record
  return shown
}

/** A supervisor ends a watch going on now. */
export async function submit(ctx: RouteContext) {
  const form = await readFormData(ctx.request)
  const watchId = form.get('watchId')
  if (typeof watchId !== 'string' || !/^[\w-]{1,64}$/.test(watchId)) {
    return data({ error: 'ไม่พบการดูหน้าจอที่เลือก' }, { status: 400 })
  }
  const record = await watchRecord(watchId)
  await endWatchAsSupervisor(ctx, {
    watchId,
    sid: record?.sid ?? null,
    expiresAt: record?.expiresAt ?? null,
  })
  throw redirectWithToast(ctx.url.pathname + ctx.url.search, {
    type: 'success',
    message: 'จบการดูหน้าจอสมาชิกแล้ว',
  })
}
