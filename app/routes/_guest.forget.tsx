import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { route } from '~/session/guard.server'

const page = PAGES.forget

export const loader = route({ access: page.access, layout: 'guest' }, () => null)

export const meta = pageMeta(page.title)

export default function Forget() {
  return <h1 className="text-xl font-bold">{page.title}</h1>
}
