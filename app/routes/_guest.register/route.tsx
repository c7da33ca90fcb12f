import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { Bank } from '~/backend/schemas'
import { LABELS, REGISTRATION_STEPS, type RegistrationStep } from '~/forms/account-forms'
import { CheckboxField, SelectField, useFieldValue } from '~/forms/choice-fields'
import { FormAlert, TextField, firstInvalid } from '~/forms/fields'
import {
  NewPasswordFields,
  PhoneField,
  StepButtons,
  lastResultOf,
  type StepProps,
} from '~/forms/step-form'
import { useSchemaForm } from '~/forms/use-schema-form'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { StepList } from '~/ui/step-list'
import { guard } from '~/security/guard'
import { submit, loadPage, type RegisterView } from './page.server'
import { keepRetryAfter } from '~/lib/retry-after'

const page = PAGES.register
const rules = { access: page.access } as const

const STEP_TITLES: Record<RegistrationStep, string> = {
  account: 'ข้อมูลบัญชี',
  bank: 'บัญชีธนาคาร',
  finish: 'ยืนยันการสมัคร',
}

export const meta = pageMeta(page.title)

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const headers = keepRetryAfter

export default function Register() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { step } = loaderData
  const lastResult = lastResultOf(actionData, step)

  return (
    <div className="space-y-5">
      <h1 className="text-center text-xl font-bold">{page.title}</h1>
      <StepList
        label="ขั้นตอนการสมัครสมาชิก"
        steps={REGISTRATION_STEPS.map((id) => STEP_TITLES[id])}
        current={REGISTRATION_STEPS.indexOf(step)}
      />
      {step === 'account' ? (
        <AccountStep {...loaderData} lastResult={lastResult} />
      ) : step === 'bank' ? (
        <BankStep {...loaderData} lastResult={lastResult} />
      ) : (
        <FinishStep {...loaderData} lastResult={lastResult} />
      )}
      <p className="text-center text-sm">
        เป็นสมาชิกอยู่แล้ว?{' '}
        <Link to={PAGES.login.path} className="link underline">
          เข้าสู่ระบบ
        </Link>
      </p>
    </div>
  )
}

function AccountStep({ account, passwordKept, lastResult }: StepProps<RegisterView>) {
  const fields = ['username', 'password', 'passwordConfirm', 'phone', 'referralCode'] as const
  const { form, fields: inputs } = useSchemaForm({
    id: 'register-account',
    fields,
    schema: (s) => s.accountSchema({ passwordKept }),
    lastResult,
    defaultValue: account,
  })
  const focus = firstInvalid(fields, lastResult?.error)
  const passwordHint = passwordKept ? 'เว้นว่างไว้ได้ หากต้องการใช้รหัสผ่านที่กรอกไว้แล้ว' : 'อย่างน้อย 8 ตัวอักษร'
  return (
    <Form method="post" replace className="space-y-4" {...form.props}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="step" value="account" />
      <TextField
        field={inputs.username}
        label={LABELS.username}
        hint="ตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว"
        autoComplete="username"
        autoCapitalize="none"
        required
        focusOnError={focus === 'username'}
      />
      <NewPasswordFields
        password={inputs.password}
        passwordConfirm={inputs.passwordConfirm}
        labels={LABELS}
        hint={passwordHint}
        required={!passwordKept}
        focus={focus}
      />
      <PhoneField field={inputs.phone} label={LABELS.phone} focusOnError={focus === 'phone'} />
      <TextField
        field={inputs.referralCode}
        label={`${LABELS.referralCode} (ถ้ามี)`}
        autoCapitalize="characters"
        focusOnError={focus === 'referralCode'}
      />
      <StepButtons back={false} />
    </Form>
  )
}

function bankOptions(banks: readonly Bank[]) {
  return banks.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.shortName})` }))
}

function BankStep({ bank, banks, lastResult }: StepProps<RegisterView>) {
  const fields = ['bankCode', 'accountNumber', 'accountName'] as const
  const { form, fields: inputs } = useSchemaForm({
    id: 'register-bank',
    fields,
    schema: (s) => s.bankSchema(banks),
    lastResult,
    defaultValue: bank,
  })
  const focus = firstInvalid(fields, lastResult?.error)
  const bankCode = useFieldValue(inputs.bankCode)
  const chosen = banks.find((candidate) => candidate.code === bankCode)
  return (
    <Form method="post" replace className="space-y-4" {...form.props}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="step" value="bank" />
      <SelectField
        field={inputs.bankCode}
        label={LABELS.bankCode}
        placeholder="เลือกธนาคาร"
        options={bankOptions(banks)}
        required
        focusOnError={focus === 'bankCode'}
      />
      <TextField
        field={inputs.accountNumber}
        label={LABELS.accountNumber}
        hint={chosen ? `ตัวเลข ${chosen.accountDigits} หลัก ไม่ต้องใส่ขีด` : 'ตัวเลขเท่านั้น ไม่ต้องใส่ขีด'}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        required
        focusOnError={focus === 'accountNumber'}
      />
      <TextField
        field={inputs.accountName}
        label={LABELS.accountName}
        hint="ชื่อ-นามสกุลตามหน้าสมุดบัญชี"
        autoComplete="name"
        required
        focusOnError={focus === 'accountName'}
      />
      <StepButtons back />
    </Form>
  )
}

function FinishStep({ account, bank, banks, lastResult }: StepProps<RegisterView>) {
  const { form, fields: inputs } = useSchemaForm({
    id: 'register-finish',
    fields: ['acceptTerms'],
    schema: (s) => s.finishSchema,
    lastResult,
  })
  const focus = firstInvalid(['acceptTerms'], lastResult?.error)
  const bankName = banks.find((candidate) => candidate.code === bank.bankCode)?.name
  const rows: [string, string][] = [
    [LABELS.username, account.username],
    [LABELS.phone, account.phone],
    [LABELS.referralCode, account.referralCode || '-'],
    [LABELS.bankCode, bankName ?? bank.bankCode],
    [LABELS.accountNumber, bank.accountNumber],
    [LABELS.accountName, bank.accountName],
  ]
  return (
    <Form method="post" replace className="space-y-4" {...form.props}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="step" value="finish" />
      <dl className="divide-y divide-night-700 rounded-xl border border-night-700 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 px-3 py-2">
            <dt className="text-slate-400">{label}</dt>
            <dd className="break-all text-right font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <CheckboxField field={inputs.acceptTerms} required focusOnError={focus === 'acceptTerms'}>
        ข้าพเจ้ายอมรับเงื่อนไขการใช้บริการ และยืนยันว่าข้อมูลข้างต้นถูกต้อง
      </CheckboxField>
      <StepButtons back next="สมัครสมาชิก" />
    </Form>
  )
}
