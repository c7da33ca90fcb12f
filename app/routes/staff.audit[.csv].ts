import type { LoaderFunctionArgs } from '@remix-run/node'
import { WATCH_END_TEXT } from '~/lib/watch-text'
import { PAGES } from '~/lib/pages'
import { guard } from '~/session/guard'
import { watchRecords, watchViews } from '~/session/watch-audit.server'
import { auditQuery } from './staff.audit/page.server'

/**
 * /staff/audit.csv: the record of watches under the page's filter, for
 * supervisors only, one row per start, page seen and end (UTF-8 with a BOM
 * so spreadsheet programs read the Thai; cells that a spreadsheet would run
 * as a formula are quoted as text).
 */
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
]

/** One CSV cell: quoted, quotes doubled, a leading = + - @ tab or CR made text. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: PAGES.staffAudit.access }, async ({ url }) => {
    const { filter } = auditQuery(url)
    const records = await watchRecords(filter)
    const views = await Promise.all(records.map((r) => watchViews(r.watchId)))
    const rows: (string | number | null)[][] = []
    for (const [i, r] of records.entries()) {
      const base = [r.watchId, r.kind, r.staffUsername, r.memberId, r.memberUsername]
      rows.push([
        new Date(r.startedAt).toISOString(),
        'start',
        ...base,
        r.reason,
        r.ticket,
        null,
        null,
      ])
      for (const view of views[i] ?? []) {
        rows.push([new Date(view.at).toISOString(), 'view', ...base, null, null, null, view.path])
      }
      if (r.endedAt !== null && r.how !== null) {
        const how = `${r.how} (${WATCH_END_TEXT[r.how]})${r.endedBy ? ` ${r.endedBy}` : ''}`
        rows.push([new Date(r.endedAt).toISOString(), 'end', ...base, null, null, how, null])
      }
    }
    const body = [HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')
    return new Response(`\uFEFF${body}\r\n`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="watch-audit.csv"',
        'Cache-Control': 'no-store',
      },
    })
  })
