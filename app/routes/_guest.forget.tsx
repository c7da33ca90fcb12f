import type { LoaderFunctionArgs } from '@remix-run/node'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/session/guard.server'

const page = PAGES.forget

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, layout: 'guest' }, () => null)

export const meta = pageMeta(page.title)

export default function Forget() {
  return <h1 className="text-xl font-bold">{page.title}</h1>
}
