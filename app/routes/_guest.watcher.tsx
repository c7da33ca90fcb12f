import {
  data,
  redirect,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type ActionFunctionArgs,
} from '@remix-run/node'
import { Form, useActionData, useRouteLoaderData } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import type { loader as rootLoader } from '~/root'

import {
  toastCookie,
  readFormData,
  guard,
  LoginError,
  loginWithToken,
} from '~/session/guest-pages.server'

const page = PAGES.watcher
const MAX_TOKEN_LENGTH = 16_384

/** The token never travels onwards in a Referer header. */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' })

function tokenFrom(value: FormDataEntryValue | string | null): string | null {
  if (typeof value !== 'string') return null
  const token = value.trim()
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null
}

/** A redirect away from `?token=`: it must not leave the token in a Referer either. */
function leave(location: string, setCookie?: string): Response {
  const headers = new Headers({ 'Referrer-Policy': 'no-referrer' })
  if (setCookie) headers.append('Set-Cookie', setCookie)
  return redirect(location, { headers })
}

/** Starts watching the member whose access token this is: to the home page, as that member. */
async function watch(request: Request, token: string): Promise<Response> {
  const member = await loginWithToken(request, token)
  return leave('/', toastCookie({ type: 'info', message: `กำลังดูในฐานะ ${member.username}` }))
}

/** `?token=` is moved into the session and the address bar is cleared right away. */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access }, async ({ request, url, session }) => {
    if (!url.searchParams.has('token')) return null
    const token = tokenFrom(url.searchParams.get('token'))
    session.clear()
    if (!token) throw leave(page.path)
    try {
      throw await watch(request, token)
    } catch (error) {
      if (!(error instanceof LoginError)) throw error
      throw leave(page.path, toastCookie({ type: 'error', message: error.message }))
    }
  })

export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: page.access, watcherMayPost: true }, async ({ request, session }) => {
    const token = tokenFrom((await readFormData(request)).get('token'))
    if (!token) return data({ error: 'กรุณาวางโทเค็นของสมาชิก' }, { status: 400 })
    session.clear()
    try {
      throw await watch(request, token)
    } catch (error) {
      if (!(error instanceof LoginError)) throw error
      return data({ error: error.message }, { status: error.status })
    }
  })

export const meta = pageMeta(page.title)

export default function Watcher() {
  const result = useActionData<typeof action>()
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const watching = root?.strategy === 'watcher' ? root.member : null
  return (
    <div className="space-y-4">
      <h1 className="text-center text-xl font-bold">{page.title}</h1>
      {watching ? (
        <p className="text-sm text-slate-300">
          กำลังดูในฐานะ <strong className="text-slate-100">{watching.username}</strong>
        </p>
      ) : (
        <p className="text-sm text-slate-300">
          สำหรับเจ้าหน้าที่: วางโทเค็นของสมาชิกเพื่อดูหน้าจอเดียวกับที่สมาชิกเห็น
        </p>
      )}
      <Form method="post" className="space-y-3">
        <label htmlFor="token" className="block text-sm font-bold">
          โทเค็นของสมาชิก
        </label>
        <textarea
          id="token"
          name="token"
          rows={4}
          required
          autoComplete="off"
          spellCheck={false}
          aria-invalid={result?.error ? true : undefined}
          aria-describedby={result?.error ? 'token-error' : undefined}
          className="w-full rounded-xl border border-night-600 bg-night-800 p-3 font-mono text-xs"
        />
        {result?.error ? (
          <p id="token-error" role="alert" className="text-sm text-danger">
            {result.error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full">
          เริ่มดูหน้าจอสมาชิก
        </button>
      </Form>
    </div>
  )
}
