// As /games/launch (decision 0040).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { loadPage } from './page.server'

const page = PAGES.lottoLaunch

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'lotto' }, loadPage)

export const meta = pageMeta(page.title)

/** Never shown: the loader always redirects. */
export default function LottoLaunch() {
  return <h1 className="text-2xl font-bold">{page.title}</h1>
}
