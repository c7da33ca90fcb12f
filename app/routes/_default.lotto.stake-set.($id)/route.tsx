/**
 * Saved number sets (โพยที่บันทึกไว้): `/lotto/stake-set` lists the member's
 * sets and creates one; `/lotto/stake-set/:id` renames it, adds lines (with
 * กลับเลข and 19 ประตู), changes amounts, removes lines, deletes it after a
 * confirm step (`?confirm=delete`, the same with and without JavaScript) and
 * plays it: "ใช้ชุดนี้" is a GET form to `/lotto/stake?lotto=<id>&set=<id>`.
 * Every form posts an `intent` and works without JavaScript; the server side
 * is ./page.server.ts, the page's parts are beside it. A watcher sees the
 * forms disabled.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Suspense } from 'react'
import { pageMeta } from '~/lib/meta'
import { isNumericId, PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { deferredParts } from '~/ui/deferred'
import { submit, loadPage } from './page.server'
import * as viewsOnServer from './views.server'

// A page shows one of the two views: only its code loads.
const SetList = deferredParts(viewsOnServer, () => import('./set-list')).part('SetList')
const SetPage = deferredParts(viewsOnServer, () => import('./set-page')).part('SetPage')

const page = PAGES.lottoStakeSet
const rules = {
  access: page.access,
  feature: 'lotto',
  validate: ({ params }: { params: { id?: string } }) => isNumericId(params.id),
} as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

export default function LottoStakeSet() {
  const view = useLoaderData<typeof loader>()
  return (
    <Suspense fallback={null}>
      {view.kind === 'list' ? (
        <SetList sets={view.sets} updated={view.updated} />
      ) : (
        <SetPage view={view} />
      )}
    </Suspense>
  )
}
