import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { route } from '~/session/guard.server'

const page = PAGES.register

export const loader = route({ access: page.access, layout: 'guest' }, () => null)

export const meta = pageMeta(page.title)

export default function Register() {
  return <h1 className="text-xl font-bold">{page.title}</h1>
}
