import type { LoaderFunctionArgs } from '@remix-run/node'
import type { AuditEvent } from '~/backend/audit.schemas'
import { AUDIT_EVENT_TEXT } from '~/staff/audit-text'
import { PAGES } from '~/lib/pages'
import { WATCH_END_TEXT } from '~/lib/watch-text'
import { guard } from '~/security/guard'
import { auditEventPages } from '~/staff/watch-audit.server'
import { AUDIT_UNAVAILABLE, auditQuery, recordUnavailable } from './staff.audit/page.server'

// Read page by page while the file goes out, so any record costs a page of memory (decision 0152).
// A BOM so spreadsheets read the Thai; a failure midway breaks the download rather than end as complete.
const HEADER = [
  'เวลา (UTC)',
  'เหตุการณ์',
  'รหัสการดู',
  'ประเภท',
  'เจ้าหน้าที่',
  'รหัสสมาชิก',
  'สมาชิก',
  'เหตุผล',
  'เลขที่เรื่อง',
  'การจบ',
  'หน้า',
  'รายละเอียด',
]

/** Full-width forms too. */
const FORMULA_START = /^[\s\u3000]*[=+\-@|\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFF5C]/

/** A cell that could run as a formula is made text. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

const KIND_TEXT = { staff: 'คอนโซลเจ้าหน้าที่', token: 'โทเค็น' } as const

interface WatchOf {
  kind: string
  staff: string | null
  memberId: string
  member: string
}

function row(event: AuditEvent, watches: Map<string, WatchOf>): (string | number | null)[] {
  const time = new Date(event.at).toISOString()
  const what = AUDIT_EVENT_TEXT[event.type]
  if (event.type === 'login-limited') {
    const scope = event.scope === 'username' ? 'ทุกที่อยู่' : 'ชื่อผู้ใช้และที่อยู่นี้'
    const detail = `${event.address ?? 'ไม่ทราบที่อยู่'} · ${scope} · รอ ${event.retryAfterSeconds} วินาที`
    return [time, what, null, null, event.staffUsername, null, null, null, null, null, null, detail]
  }
  if (event.type === 'watch-start-limited') {
    const detail = `เกิน ${event.limit} ครั้งใน ${Math.round(event.windowSeconds / 60)} นาที`
    return [
      time,
      what,
      null,
      null,
      event.staffUsername,
      event.memberId,
      null,
      null,
      null,
      null,
      null,
      detail,
    ]
  }
  if (event.type === 'watch-start') {
    watches.set(event.watchId, {
      kind: KIND_TEXT[event.kind],
      staff: event.staffUsername,
      memberId: event.memberId,
      member: event.memberUsername,
    })
  }
  const watch = watches.get(event.watchId)
  const base = [event.watchId, watch?.kind ?? null, watch?.staff ?? null]
  const member = [watch?.memberId ?? null, watch?.member ?? null]
  if (event.type === 'watch-start') {
    return [time, what, ...base, ...member, event.reason, event.ticket, null, null, null]
  }
  if (event.type === 'watch-view') {
    return [time, what, ...base, ...member, null, null, null, event.path, null]
  }
  const how = `${WATCH_END_TEXT[event.how]}${event.by ? ` (${event.by})` : ''}`
  return [time, what, ...base, ...member, null, null, how, null, null]
}

const line = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: PAGES.staffAudit.access }, async (ctx) => {
    const { filter } = auditQuery(ctx.url)
    const pages = auditEventPages(ctx, filter)
    // The first page before any byte: a record that cannot be read is a 503, not an empty file.
    let first: IteratorResult<AuditEvent[]>
    try {
      first = await pages.next()
    } catch (error) {
      if (!recordUnavailable(error)) throw error
      return new Response(`${AUDIT_UNAVAILABLE}\n`, {
        status: 503,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          'Retry-After': '30',
        },
      })
    }
    const watches = new Map<string, WatchOf>()
    const encoder = new TextEncoder()
    let next: IteratorResult<AuditEvent[]> | null = first
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${line(HEADER)}`))
      },
      async pull(controller) {
        try {
          next ??= await pages.next()
        } catch (error) {
          // Midway: the file must not look complete.
          controller.error(error)
          return
        }
        if (next.done) {
          controller.close()
          return
        }
        controller.enqueue(encoder.encode(next.value.map((e) => line(row(e, watches))).join('')))
        next = null
      },
      async cancel() {
        await pages.return(undefined)
      },
    })
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="watch-audit.csv"',
        'Cache-Control': 'no-store',
      },
    })
  })
