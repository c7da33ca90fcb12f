import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { WatchRequestFields } from '~/forms/watch-request-fields'
import { useSchemaForm } from '~/forms/use-schema-form'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { useWatchedMember } from '~/ui/member'
import { guard } from '~/security/guard'
import { loadPage, NO_REFERRER, submit } from './page.server'

// The token reaches the server only by this page's same-site POST; a link carries it in its
// fragment, which no server log or Referer sees. A GET never changes the session (a link from any
// site must not swap a member's account). Decision 0156 for staff accounts.
const page = PAGES.watcher

export const headers: HeadersFunction = () => NO_REFERRER

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: page.access, watcherMayPost: true }, submit)

export const meta = pageMeta(page.title)

/** Taken off the address bar as soon as it is read. */
function useFragmentToken(): string | null {
  const [token, setToken] = useState<string | null>(null)
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get('token')
    if (value === null) return
    window.history.replaceState(window.history.state, '', window.location.pathname)
    setToken(value)
  }, [])
  return token
}

export default function Watcher() {
  const { staffName } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { form, fields } = useSchemaForm({
    id: 'token-watch',
    fields: ['reason', 'ticket'],
    schema: (s) => s.watchSchema,
    lastResult: result?.reply,
  })
  const watching = useWatchedMember()
  const fromLink = useFragmentToken()
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (fromLink && field.current) {
      field.current.value = fromLink
      field.current.focus()
    }
  }, [fromLink])
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
      {staffName ? (
        <p className="text-sm text-slate-300">
          ดูในชื่อ <strong className="text-slate-100">{staffName}</strong> ไม่เกิน 30 นาที
          ทุกหน้าที่เปิดจะถูกบันทึก
        </p>
      ) : null}
      <Form method="post" className="space-y-3" {...(staffName ? form.props : {})}>
        <label htmlFor="token" className="block text-sm font-bold">
          โทเค็นของสมาชิก
        </label>
        <textarea
          ref={field}
          id="token"
          name="token"
          rows={4}
          required
          autoComplete="off"
          spellCheck={false}
          aria-invalid={result?.error ? true : undefined}
          aria-describedby={
            result?.error ? 'token-error' : fromLink ? 'token-from-link' : undefined
          }
          className="w-full rounded-xl border border-night-600 bg-night-800 p-3 font-mono text-xs"
        />
        {fromLink && !result?.error ? (
          <p id="token-from-link" role="status" className="text-sm text-slate-300">
            ได้รับโทเค็นจากลิงก์แล้ว ตรวจสอบแล้วกด “เริ่มดูหน้าจอสมาชิก” เพื่อยืนยัน
          </p>
        ) : null}
        {result?.error ? (
          <p id="token-error" role="alert" className="text-sm text-danger">
            {result.error}
          </p>
        ) : null}
        {staffName ? <WatchRequestFields fields={fields} error={result?.reply?.error} /> : null}
        <button type="submit" className="btn-primary w-full">
          เริ่มดูหน้าจอสมาชิก
        </button>
      </Form>
    </div>
  )
}
