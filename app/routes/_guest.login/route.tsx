import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from '@remix-run/react'
import { LOGIN_LABELS as LABELS } from '~/forms/login-form'
import {
  FormAlert,
  PasswordField,
  TextField,
  firstInvalid,
  useSecretsCleared,
} from '~/forms/fields'
import { useSchemaForm } from '~/forms/use-schema-form'
import { pageMeta } from '~/lib/meta'
import { GUEST_PAGES as PAGES } from '~/lib/guest-pages'
import { guard } from '~/security/guard'
import { Notice } from '~/ui/states'
import { loadPage, submit } from './page.server'
import { keepRetryAfter } from '~/lib/retry-after'

const page = PAGES.login
export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const meta = pageMeta(page.title)

/** A login replaces whatever session the browser had, a watcher's too (docs/decisions/0094). */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: page.access, watcherMayPost: true }, submit)

export const headers = keepRetryAfter

export default function Login() {
  const lastResult = useActionData<typeof action>()
  const { reason, purpose, back } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  // No conform in the browser, zod on use: the page's first-load budget (decisions 0111, 0162).
  const { form, fields } = useSchemaForm({
    id: 'login',
    fields: ['username', 'password'],
    schema: (s) => s.loginSchema,
    lastResult,
  })
  // A refused login keeps the username but not the password.
  useSecretsCleared(lastResult, [fields.password])
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'line'
  const redirectTo = params.get('redirectTo') ?? ''
  const focus = firstInvalid(['username', 'password'], lastResult?.error)

  return (
    <div className="space-y-5">
      {back ? (
        <Link to={back} className="link inline-block text-sm">
          ‹ ย้อนกลับ
        </Link>
      ) : null}
      <h1 className="text-center text-xl font-bold">{page.title}</h1>
      {purpose ? (
        <p className="text-center text-slate-300" data-testid="login-purpose">
          {purpose}
        </p>
      ) : null}
      {reason ? (
        <div data-testid="login-reason">
          <Notice tone="warning">{reason}</Notice>
        </div>
      ) : null}
      <Form method="post" className="space-y-4" {...form.props}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          field={fields.username}
          label={LABELS.username}
          autoComplete="username"
          autoCapitalize="none"
          required
          focusOnError={focus === 'username'}
        />
        <PasswordField
          field={fields.password}
          label={LABELS.password}
          autoComplete="current-password"
          required
          focusOnError={focus === 'password'}
        />
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
