import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'

import {
  redirectWithToast,
  guard,
  checkLineState,
  clearLineState,
  lineRedirectUri,
  LoginError,
  loginWithLine,
} from '~/session/guest-pages.server'
const page = PAGES.lineCallback

const MESSAGES = {
  state: 'ไม่สามารถยืนยันการเข้าสู่ระบบด้วย LINE ได้ (ข้อมูลไม่ตรงกัน) กรุณาลองใหม่อีกครั้ง',
  denied: 'คุณยกเลิกการเข้าสู่ระบบด้วย LINE',
} as const

/** LINE sends the member back here with `code` and `state` (or `error`). */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access }, async ({ request, url, session }) => {
    const fail = (message: string) =>
      data({ message }, { headers: { 'Set-Cookie': clearLineState() } })
    const returnTo = checkLineState(request, url.searchParams.get('state'))
    if (returnTo === null) return fail(MESSAGES.state)
    if (url.searchParams.has('error')) return fail(MESSAGES.denied)
    const code = url.searchParams.get('code')
    if (!code) return fail(MESSAGES.state)
    if (session.loggedIn) throw redirect('/', { headers: { 'Set-Cookie': clearLineState() } })
    try {
      const member = await loginWithLine(request, { code, redirectUri: lineRedirectUri(request) })
      throw redirectWithToast(
        returnTo,
        { type: 'success', message: `ยินดีต้อนรับ ${member.displayName}` },
        { headers: { 'Set-Cookie': clearLineState() } },
      )
    } catch (error) {
      if (error instanceof LoginError) return fail(error.message)
      throw error
    }
  })

export const meta = pageMeta(page.title)

export default function LineCallback() {
  const { message } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-xl font-bold">{page.title}</h1>
      <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm">
        {message}
      </p>
      <Link to={PAGES.login.path} className="btn-primary w-full">
        กลับไปหน้าเข้าสู่ระบบ
      </Link>
    </div>
  )
}
