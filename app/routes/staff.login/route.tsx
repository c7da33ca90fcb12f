import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import {
  FormAlert,
  PasswordField,
  TextField,
  firstInvalid,
  useSecretsCleared,
} from '~/forms/fields'
import { STAFF_LOGIN_LABELS as LABELS } from '~/forms/staff-forms'
import { useSchemaForm } from '~/forms/use-schema-form'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { submit } from './page.server'
import { keepRetryAfter } from '~/lib/retry-after'

// docs/decisions/0139: its own session and cookie; a member session in the browser is not touched.
const page = PAGES.staffLogin

// A logged-in staff person is sent to the console by `auth`; the page needs no data.
export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, () => null)

export const action = (args: ActionFunctionArgs) => guard(args, { access: page.access }, submit)

export const meta = pageMeta(page.title)

export const headers = keepRetryAfter

export default function StaffLogin() {
  const lastResult = useActionData<typeof action>()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const { form, fields } = useSchemaForm({
    id: 'staff-login',
    fields: ['username', 'password', 'otp'],
    schema: (s) => s.staffLoginSchema,
    lastResult,
  })
  // A refused login keeps the username only.
  useSecretsCleared(lastResult, [fields.password, fields.otp])
  const busy = navigation.state === 'submitting'
  const focus = firstInvalid(['username', 'password', 'otp'], lastResult?.error)
  return (
    <div className="mx-auto max-w-sm space-y-5">
      <h1 className="text-center text-xl font-bold">{page.title}</h1>
      <Form method="post" className="space-y-4" {...form.props}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
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
        <TextField
          field={fields.otp}
          label={LABELS.otp}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          focusOnError={focus === 'otp'}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'กำลังเข้าสู่ระบบ…' : 'เข้าสู่ระบบเจ้าหน้าที่'}
        </button>
      </Form>
    </div>
  )
}
