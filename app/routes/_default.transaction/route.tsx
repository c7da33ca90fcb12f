// Tabs are links (`?tab=…`), so they work without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Suspense } from 'react'
import { MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { useMember } from '~/ui/member'
import { deferredParts } from '~/ui/deferred'
import { TabLinks } from '~/ui/tab-links'
import { depositAction, loadDeposit } from './deposit.server'
import { loadHistory } from './history.server'
import { loadWithdraw, withdrawAction } from './withdraw.server'
import * as tabsOnServer from './tabs.server'
import { useLiveBalance, useLiveRevalidation } from '~/ui/live/live-events'

const page = PAGES.transaction

const TABS = [
  { id: 'deposit', label: 'ฝากเงิน' },
  { id: 'withdraw', label: 'ถอนเงิน' },
  { id: 'history', label: 'ประวัติ' },
] as const
type Tab = (typeof TABS)[number]['id']

// Only the open tab's code is in the first load; another tab's chunk loads on the link's hover,
// focus or touch, or when it opens.
const deposit = deferredParts(tabsOnServer, () => import('./deposit'))
const withdraw = deferredParts(tabsOnServer, () => import('./withdraw'))
const history = deferredParts(tabsOnServer, () => import('./history'))
const DepositTab = deposit.part('DepositTab')
const WithdrawTab = withdraw.part('WithdrawTab')
const HistoryTab = history.part('HistoryTab')
const preload = { deposit: deposit.preload, withdraw: withdraw.preload, history: history.preload }

function tabOf(url: URL): Tab {
  const wanted = url.searchParams.get('tab')
  return TABS.find((tab) => tab.id === wanted)?.id ?? 'deposit'
}

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'transaction' }, async (ctx) => {
    const tab = tabOf(ctx.url)
    if (tab === 'withdraw') return { tab, withdraw: await loadWithdraw(ctx) } as const
    if (tab === 'history') return { tab, history: await loadHistory(ctx) } as const
    return { tab, deposit: await loadDeposit(ctx) } as const
  })

export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: page.access, feature: 'transaction' }, async (ctx) => {
    const form = await readFormData(ctx.request)
    const intent = form.get('intent')
    if (typeof intent === 'string' && intent.startsWith('deposit')) {
      return depositAction(ctx, form)
    }
    if (typeof intent === 'string' && intent.startsWith('withdraw')) {
      return withdrawAction(ctx, form)
    }
    throw httpError(400, MALFORMED_FORM_MESSAGE)
  })

export const meta = pageMeta(page.title)

export default function Transaction() {
  const data = useLoaderData<typeof loader>()
  const member = useMember()
  const balance = useLiveBalance(member.balance)
  // A deposit, a withdrawal or a win lands while the history is open: its lines change in place.
  useLiveRevalidation(['balance', 'order', 'withdrawal'])
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <p className="card flex items-baseline justify-between">
        <span className="text-slate-300">ยอดเงินคงเหลือ</span>
        <span className="text-xl font-bold text-gold-400">{formatBaht(balance)}</span>
      </p>
      <TabLinks
        label={page.title}
        tabs={TABS.map((tab) => ({
          to: `${page.path}?tab=${tab.id}`,
          label: tab.label,
          current: tab.id === data.tab,
          onIntent: preload[tab.id],
        }))}
      />
      <Suspense fallback={null}>
        {data.tab === 'deposit' ? <DepositTab data={data.deposit} /> : null}
        {data.tab === 'withdraw' ? <WithdrawTab data={data.withdraw} /> : null}
        {data.tab === 'history' ? <HistoryTab data={data.history} /> : null}
      </Suspense>
    </section>
  )
}
