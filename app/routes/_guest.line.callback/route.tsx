import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { SupportLink, asksForSupport } from '~/ui/support-link'
import { loadPage } from './page.server'

const page = PAGES.lineCallback

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const meta = pageMeta(page.title)

export default function LineCallback() {
  const { message } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-xl font-bold">{page.title}</h1>
      <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm">
        {message}
      </p>
      {asksForSupport(message) ? <SupportLink /> : null}
      <Link to={PAGES.login.path} className="btn-primary w-full">
        กลับไปหน้าเข้าสู่ระบบ
      </Link>
    </div>
  )
}
