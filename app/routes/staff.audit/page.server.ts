// Decision 0152. While the record cannot be read (503) the watches going on now are still listed,
// so one can be ended.
import { data, redirect } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { activeWatches, type Watch } from '~/backend/staff.server'
import type { AuditEvent } from '~/backend/audit.schemas'
import { bangkokDay, choiceYears, readDateChoice, withIsoDates } from '~/lib/thai-date'
import { formatThaiMoment } from '~/lib/thai-date-format'
import { readFormData } from '~/server/form-data.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { endWatchAsSupervisor } from '~/staff/watch.server'
import { auditEvents, auditWatches, type AuditOrder } from '~/backend/audit.server'
import {
  auditOutbox,
  deliverOwnEvents,
  watchRecord,
  type AuditFilter,
  type AuditWatch,
} from '~/staff/watch-audit.server'

export const AUDIT_PAGE_SIZE = 50
const REFUSALS_SHOWN = 20
const VIEWS_PAGE_SIZE = 500
const DAY_MS = 24 * 60 * 60_000

export const AUDIT_UNAVAILABLE =
  'ขณะนี้ยังอ่านบันทึกการดูหน้าจอจากระบบไม่ได้ บันทึกไม่ได้หายไป กรุณาลองใหม่อีกครั้งในอีกสักครู่'

export interface AuditQuery {
  staff: string
  member: string
  from: string
  to: string
  order: AuditOrder
}

export function auditQuery(url: URL): { query: AuditQuery; filter: AuditFilter } {
  const text = (name: string) => (url.searchParams.get(name) ?? '').trim().slice(0, 100)
  const day = (name: string) => {
    const value = readDateChoice(url.searchParams, name)
    return value === null || value === 'invalid' ? '' : value
  }
  const query: AuditQuery = {
    staff: text('staff'),
    member: text('member'),
    from: day('from'),
    to: day('to'),
    order: url.searchParams.get('order') === 'oldest' ? 'oldest' : 'newest',
  }
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

/** Opaque; anything else starts from the first page. */
function cursorOf(url: URL, name = 'cursor'): string | null {
  const cursor = url.searchParams.get(name)
  return cursor && /^[\w.~-]{1,200}$/.test(cursor) ? cursor : null
}

export function recordUnavailable(error: unknown): boolean {
  return error instanceof BackendError && error.status >= 500
}

/** Never the watch's session id. */
function shownWatch({ sid: _sid, ...shown }: AuditWatch) {
  return {
    ...shown,
    started: formatThaiMoment(shown.startedAt),
    ended: shown.endedAt ? formatThaiMoment(shown.endedAt) : null,
  }
}

type Refusal = Extract<AuditEvent, { type: 'login-limited' | 'watch-start-limited' }>

function shownActive(watches: Watch[]) {
  return watches.map((w) => ({
    watchId: w.id,
    memberUsername: w.memberUsername,
    staffUsername: w.staffUsername,
    ticket: w.ticket,
    startedAt: w.startedAt,
    expiresAt: w.expiresAt,
  }))
}

async function oneWatch(ctx: RouteContext, watchId: string) {
  const [watches, views] = await Promise.all([
    auditWatches(ctx, { watchId }, null, 1),
    auditEvents(ctx, { watchId, types: ['watch-view'] }, null, VIEWS_PAGE_SIZE),
  ])
  const record = watches.items[0]
  if (!record) return null
  const seen = views.items.flatMap((e) =>
    e.type === 'watch-view' ? [{ at: e.at, path: e.path }] : [],
  )
  return { ...shownWatch(record), seen }
}

export async function loadPage(ctx: RouteContext) {
  // The Thai date choices post day, month and year: the address keeps YYYY-MM-DD.
  const canonical = withIsoDates(ctx.url, ['from', 'to'])
  if (canonical) throw redirect(canonical)
  const { query, filter } = auditQuery(ctx.url)
  const cursor = cursorOf(ctx.url)
  const watchId = ctx.url.searchParams.get('watch')
  await deliverOwnEvents()
  const common = {
    query,
    cursor,
    now: Date.now(),
    years: choiceYears(bangkokDay(Date.now()), 3),
    waiting: auditOutbox().pending,
  }
  const refusalFilter = { ...filter, types: ['login-limited', 'watch-start-limited'] as const }
  const [active, record] = await Promise.all([
    activeWatches(ctx).then(shownActive, (error: unknown) => {
      if (recordUnavailable(error)) return null
      throw error
    }),
    Promise.all([
      auditWatches(ctx, filter, cursor, AUDIT_PAGE_SIZE, query.order),
      auditEvents(ctx, refusalFilter, null, REFUSALS_SHOWN, 'newest'),
      watchId && /^[\w-]{1,64}$/.test(watchId) ? oneWatch(ctx, watchId) : null,
    ]).catch((error: unknown) => {
      if (recordUnavailable(error)) return null
      // A cursor the backend does not know (edited, or of another filter): from the first page.
      if (cursor && error instanceof BackendError && error.status === 400) {
        const first = new URL(ctx.url)
        first.searchParams.delete('cursor')
        throw redirect(first.pathname + first.search)
      }
      throw error
    }),
  ])
  if (!record) {
    return data(
      { ...common, unavailable: AUDIT_UNAVAILABLE, active, record: null },
      { status: 503, headers: { 'Retry-After': '30' } },
    )
  }
  const [watches, refusals, watch] = record
  return {
    ...common,
    unavailable: null,
    active,
    record: {
      total: watches.total,
      watches: watches.items.map(shownWatch),
      nextCursor: watches.nextCursor,
      refusals: {
        total: refusals.total,
        items: (refusals.items as Refusal[]).map((e) => ({ ...e, when: formatThaiMoment(e.at) })),
      },
      watch,
    },
  }
}

export async function submit(ctx: RouteContext) {
  const form = await readFormData(ctx.request)
  const watchId = form.get('watchId')
  if (typeof watchId !== 'string' || !/^[\w-]{1,64}$/.test(watchId)) {
    return data({ error: 'ไม่พบการดูหน้าจอที่เลือก' }, { status: 400 })
  }
  // The record tells which session is the watch's; while it cannot be read the backend still ends it.
  const record = await watchRecord(ctx, watchId).catch((error: unknown) => {
    if (recordUnavailable(error)) return undefined
    throw error
  })
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
