import type { LoaderFunctionArgs } from '@remix-run/node'
import { pageMeta } from '~/lib/meta'
import { isNumericId, PAGES } from '~/lib/pages'
import { guard } from '~/session/guard.server'
import { SectionPage } from '~/ui/section-page'

const page = PAGES.lottoStakeSet

export const loader = (args: LoaderFunctionArgs) =>
  guard(
    args,
    { access: page.access, validate: ({ params }) => isNumericId(params.id) },
    ({ params }) => ({ id: params.id ?? null }),
  )

export const meta = pageMeta(page.title)

export default function LottoStakeSet() {
  return <SectionPage title={page.title} />
}
