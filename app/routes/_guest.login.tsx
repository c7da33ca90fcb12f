import { data, redirect, type LoaderFunctionArgs, type ActionFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { useState } from 'react'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { toastCookie } from '~/lib/toast.server'
import { readFormData } from '~/lib/form-data.server'
import { guard } from '~/session/guard.server'
import { lineAuthorizeRedirect } from '~/session/line.server'
import { loginAttempt, loginLimitMessage, loginSucceeded } from '~/session/login-limits.server'
import { safeReturnPath } from '~/session/redirects'
import { LoginError, loginLocal } from '~/session/strategies.server'

const page = PAGES.login

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, layout: 'guest' }, () => null)

export const meta = pageMeta(page.title)

type FieldErrors = Partial<Record<'username' | 'password', string>>

function readField(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: page.access, layout: 'guest' }, async ({ request }) => {
    const form = await readFormData(request)
    const returnTo = safeReturnPath(form.get('redirectTo'))

    if (form.get('intent') === 'line') {
      const { location, setCookie } = lineAuthorizeRedirect(request, returnTo)
      throw redirect(location, { headers: { 'Set-Cookie': setCookie } })
    }

    const username = readField(form, 'username').trim()
    const password = readField(form, 'password')
    const fieldErrors: FieldErrors = {}
    if (!username) fieldErrors.username = 'กรุณากรอกชื่อผู้ใช้'
    if (!password) fieldErrors.password = 'กรุณากรอกรหัสผ่าน'
    if (fieldErrors.username || fieldErrors.password) {
      return data({ username, fieldErrors, formError: null }, { status: 400 })
    }

    const waitMs = loginAttempt(request, username)
    if (waitMs > 0) {
      return data({ username, fieldErrors, formError: loginLimitMessage(waitMs) }, { status: 429 })
    }

    try {
      const member = await loginLocal(request, { username, password })
      loginSucceeded(username)
      throw redirect(returnTo, {
        headers: {
          'Set-Cookie': toastCookie({ type: 'success', message: `ยินดีต้อนรับ ${member.displayName}` }),
        },
      })
    } catch (error) {
      if (!(error instanceof LoginError)) throw error
      return data({ username, fieldErrors, formError: error.message }, { status: error.status })
    }
  })

export default function Login() {
  const result = useActionData<typeof action>()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const [showPassword, setShowPassword] = useState(false)
  const busy = navigation.state === 'submitting'
  const redirectTo = params.get('redirectTo') ?? ''
  const errors = result?.fieldErrors ?? {}

  return (
    <div className="space-y-5">
      <h1 className="text-center text-xl font-bold">{page.title}</h1>
      {result?.formError ? (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm">
          {result.formError}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="space-y-1">
          <label htmlFor="username" className="block text-sm font-bold">
            ชื่อผู้ใช้
          </label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            defaultValue={result?.username ?? ''}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? 'username-error' : undefined}
            className="w-full rounded-xl border border-night-600 bg-night-800 px-3 py-3"
          />
          {errors.username ? (
            <p id="username-error" className="text-sm text-danger">
              {errors.username}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <label htmlFor="password" className="block text-sm font-bold">
            รหัสผ่าน
          </label>
          <div className="flex gap-2">
            <input
              id="password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
              className="w-full rounded-xl border border-night-600 bg-night-800 px-3 py-3"
            />
            <button
              type="button"
              className="btn-ghost shrink-0 px-3 text-sm"
              aria-pressed={showPassword}
              aria-controls="password"
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? 'ซ่อน' : 'แสดง'}
            </button>
          </div>
          {errors.password ? (
            <p id="password-error" className="text-sm text-danger">
              {errors.password}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'กำลังเข้าสู่ระบบ…' : 'เข้าสู่ระบบ'}
        </button>
      </Form>
      <Form method="post" replace>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" name="intent" value="line" className="btn-line w-full">
          เข้าสู่ระบบด้วย LINE
        </button>
      </Form>
      <p className="flex justify-between text-sm">
        <Link to={PAGES.register.path} className="link">
          สมัครสมาชิก
        </Link>
        <Link to={PAGES.forget.path} className="link">
          ลืมรหัสผ่าน?
        </Link>
      </p>
    </div>
  )
}
