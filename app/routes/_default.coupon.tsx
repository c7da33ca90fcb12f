import type { LoaderFunctionArgs } from '@remix-run/node'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/session/guard.server'
import { SectionPage } from '~/ui/section-page'

const page = PAGES.coupon

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, () => null)

export const meta = pageMeta(page.title)

export default function Coupon() {
  return <SectionPage title={page.title} />
}
