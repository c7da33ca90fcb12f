// A GET form, so a result is shareable; no script of its own.
// docs/decisions/0060-lotto-results-page.md.
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { MetaArgs } from '@remix-run/react'
import { useLoaderData } from '@remix-run/react'
import { Suspense } from 'react'
import { siteMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { deferredParts } from '~/ui/deferred'
import { loadPage } from './page.server'
import * as resultBodyOnServer from './result-body.server'

const page = PAGES.lottoResult

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export function meta({ data: view }: MetaArgs<typeof loader>) {
  const share = view?.share
  if (!share) return siteMeta(page.title)
  return siteMeta(share.title).map((tag) =>
    'name' in tag && tag.name === 'description' ? { ...tag, content: share.description } : tag,
  )
}

// Decision 0172: links and a GET form, plain HTML until their code arrives.
const ResultBody = deferredParts(resultBodyOnServer, () => import('./result-body')).part(
  'ResultBody',
)

export default function LottoResult() {
  const view = useLoaderData<typeof loader>()
  return (
    <section className="space-y-4" aria-labelledby="result-title">
      <h1 id="result-title" className="text-2xl font-bold">
        {page.title}
      </h1>
      <Suspense fallback={null}>
        <ResultBody view={view} />
      </Suspense>
    </section>
  )
}
