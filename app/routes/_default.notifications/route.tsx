// What was unread when the visit began keeps "ใหม่" for the visit though read now; without
// JavaScript the read form's address (`?new=<id>`) carries it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useFetcher, useLoaderData } from '@remix-run/react'
import { Suspense, useEffect, useState } from 'react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { NOTIFYING, useLiveRevalidation } from '~/ui/live/live-events'
import { useWatchedMember } from '~/ui/member'
import { EmptyState } from '~/ui/states'
import { loadPage, NEW_FROM_PARAM, submit, type ShownRow } from './page.server'
import * as pushPanelOnServer from './push-panel.server'
import { deferredParts } from '~/ui/deferred'
import { Words } from '~/ui/words'

const page = PAGES.notifications
const rules = { access: page.access } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

// Decision 0172: under the list, and it acts only after a tap.
const PushPanel = deferredParts(pushPanelOnServer, () => import('./push-panel')).part('PushPanel')

const TONE = { good: 'text-gold-300', bad: 'text-danger', info: 'text-slate-100' } as const

export default function Notifications() {
  const { rows, unread, push } = useLoaderData<typeof loader>()
  const watched = useWatchedMember() !== null
  const newest = rows[0]?.id ?? 0
  // The oldest item new on this visit: the read form (without JavaScript) keeps it in its address.
  const newFrom = rows.reduce<number | null>(
    (oldest, row) => (!row.read && (oldest === null || row.id < oldest) ? row.id : oldest),
    null,
  )
  const fresh = useNewOnThisVisit(rows)
  const fetcher = useFetcher()
  useLiveRevalidation(NOTIFYING)
  // Shown is read: once per newest item (a watcher only looks, and changes nothing).
  useEffect(() => {
    if (watched || unread === 0 || newest === 0) return
    fetcher.submit({ upTo: String(newest) }, { method: 'post' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest, unread, watched])
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {unread > 0 && !watched ? (
        <Form
          method="post"
          action={newFrom === null ? undefined : `${page.path}?${NEW_FROM_PARAM}=${newFrom}`}
          className="flex items-center justify-between gap-3"
        >
          <p className="text-sm text-slate-300">ยังไม่อ่าน {unread} รายการ</p>
          <input type="hidden" name="upTo" value={newest} />
          <button type="submit" className="btn-ghost min-h-9 py-1 text-sm">
            อ่านทั้งหมดแล้ว
          </button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title="ยังไม่มีการแจ้งเตือน">
          เมื่อมีเงินเข้า ถอนเงินสำเร็จ หรือผลหวยออก จะแจ้งให้ทราบที่นี่
        </EmptyState>
      ) : (
        <ul className="card divide-y divide-night-700 p-0" data-testid="notifications">
          {rows.map((row) => (
            <Row key={row.id} row={row} fresh={row.fresh || fresh.has(row.id)} />
          ))}
        </ul>
      )}
      {push ? (
        <Suspense fallback={null}>
          <PushPanel push={push} watched={watched} />
        </Suspense>
      ) : null}
    </section>
  )
}

function useNewOnThisVisit(rows: readonly ShownRow[]): ReadonlySet<number> {
  const [seen, setSeen] = useState<ReadonlySet<number>>(
    () => new Set(rows.filter((row) => row.fresh).map((row) => row.id)),
  )
  const arrived = rows.filter((row) => row.fresh && !seen.has(row.id)).map((row) => row.id)
  useEffect(() => {
    if (arrived.length > 0) setSeen((known) => new Set([...known, ...arrived]))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived.join()])
  return seen
}

function Row({ row, fresh }: { row: ShownRow; fresh: boolean }) {
  return (
    <li data-testid="notification" data-read={row.read}>
      <Link to={row.to} className="flex gap-3 px-4 py-3 hover:bg-night-800">
        <span
          aria-hidden="true"
          className={`mt-2 h-2 w-2 shrink-0 rounded-full ${row.read ? 'bg-transparent' : 'bg-gold-400'}`}
        />
        <span className="min-w-0">
          <span className={`block font-bold ${TONE[row.tone]}`}>
            {row.read ? null : <span className="sr-only">ยังไม่อ่าน: </span>}
            {fresh ? (
              <span className="mr-2 inline-block whitespace-nowrap rounded-full bg-gold-400 px-2 text-xs font-bold text-night-900">
                ใหม่
              </span>
            ) : null}
            <Words text={row.title} />
          </span>
          <span className="block text-sm text-slate-300">{row.text}</span>
          <time dateTime={row.iso} className="block text-xs text-slate-400">
            {row.at}
          </time>
        </span>
      </Link>
    </li>
  )
}
