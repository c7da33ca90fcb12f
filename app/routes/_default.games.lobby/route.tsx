// Public: visitors browse the lobbies (decision 0106).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Suspense } from 'react'
import { isProviderId, lobbyHref } from '~/lib/lobby-query'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { HostImage } from '~/ui/host-image'
import { EmptyState, Notice } from '~/ui/states'
import { Lobby } from './lobby-parts'
import { loadPage } from './page.server'

const page = PAGES.gamesLobby

/** Decision 0041. */
const validProvider = ({ url }: { url: URL }) => {
  const provider = url.searchParams.get('provider')
  return provider === null || isProviderId(provider)
}

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'games', validate: validProvider }, loadPage)

export const meta = pageMeta(page.title)

export default function GamesLobby() {
  const data = useLoaderData<typeof loader>()
  if (data.kind === 'picker') {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">{page.title}</h1>
        <p className="text-slate-300">เลือกค่ายเกมที่ต้องการเล่น</p>
        {data.error ? <Notice tone="error">{data.error}</Notice> : null}
        {data.providers.length === 0 && !data.error ? (
          <EmptyState title="ยังไม่มีค่ายเกมให้บริการ" />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {data.providers.map((provider) => (
              <li key={provider.id}>
                <Link
                  to={lobbyHref(page.path, { provider: provider.id })}
                  className="card block p-2 text-center"
                  data-testid="provider-link"
                >
                  <HostImage
                    path={provider.logo}
                    width={160}
                    height={80}
                    sizes="(min-width: 640px) 200px, 45vw"
                    alt=""
                    className="block aspect-[2/1] h-auto w-full rounded-xl"
                  />
                  <span className="mt-2 block font-bold" translate="no">
                    {provider.name}
                  </span>
                  <span className="block text-xs text-slate-300">{provider.nameTh}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    )
  }
  const { provider } = data
  return (
    <section className="space-y-4">
      <div>
        <p className="text-sm text-slate-300">{page.title}</p>
        <h1 className="text-2xl font-bold" translate="no">
          {provider?.name ?? data.query.provider}
        </h1>
        {provider ? <p className="text-sm text-slate-300">{provider.nameTh}</p> : null}
      </div>
      {provider && provider.status !== 'open' ? (
        <Notice tone="warning">
          {provider.status === 'maintenance'
            ? 'ค่ายเกมนี้อยู่ระหว่างปิดปรับปรุงชั่วคราว'
            : 'ค่ายเกมนี้ปิดให้บริการแล้ว'}
        </Notice>
      ) : null}
      <Suspense fallback={null}>
        <Lobby
          path={page.path}
          query={data.query}
          categories={provider && provider.categories.length > 1 ? provider.categories : []}
          keepProvider
          result={data.result}
          error={data.error}
          notice={data.notice}
        />
      </Suspense>
    </section>
  )
}
