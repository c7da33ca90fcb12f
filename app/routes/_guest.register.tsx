/**
 * Registration in three steps on one URL: account -> bank -> finish. The
 * step and the entries so far live in an encrypted cookie (progress.server);
 * each step posts here, is checked on the server (and in the browser once
 * JavaScript runs), and redirects back to /register for the next step.
 * "ย้อนกลับ" keeps what was entered. The last step registers, logs the new
 * member in and lands on the home page.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { Bank } from '~/backend/schemas'
import {
  LABELS,
  REGISTRATION_STEPS,
  accountFields,
  bankFields,
  finishFields,
  type RegistrationStep,
} from '~/forms/account-forms'
import { CheckboxField, SelectField } from '~/forms/choice-fields'
import { FormAlert, TextField, firstInvalid } from '~/forms/fields'
import { NewPasswordFields, PASSWORD_FIELDS, PhoneField, useSubmitting } from '~/forms/step-form'
import { useValidatedForm } from '~/forms/use-validated-form'
import { formSchema } from '~/forms/zod'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { StepList } from '~/ui/step-list'

import {
  BackendError,
  checkAvailability,
  listBanks,
  registrationFieldError,
  registrationProgress,
  toastCookie,
  readFormData,
  guard,
  LoginError,
  registerLocal,
  type RegistrationProgress,
} from '~/session/guest-pages.server'
const page = PAGES.register
const rules = { access: page.access } as const

const STEP_TITLES: Record<RegistrationStep, string> = {
  account: 'ข้อมูลบัญชี',
  bank: 'บัญชีธนาคาร',
  finish: 'ยืนยันการสมัคร',
}

export const meta = pageMeta(page.title)

function text(form: FormData, name: string, max: number): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.slice(0, max) : ''
}

/** What a step shows: entries so far (never the password) and the bank list. */
interface RegisterView {
  step: RegistrationStep
  account: { username: string; phone: string; referralCode: string }
  /** A password is held from an earlier visit of step 1: it may be left blank. */
  passwordKept: boolean
  bank: { bankCode: string; accountNumber: string; accountName: string }
  banks: Bank[]
}

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, rules, async ({ request, url }): Promise<RegisterView> => {
    const progress = registrationProgress.read(request)
    const step = progress?.step ?? 'account'
    const banks = step === 'account' ? [] : await listBanks()
    return {
      step,
      account: {
        username: progress?.account?.username ?? '',
        phone: progress?.account?.phone ?? '',
        referralCode:
          progress?.account?.referralCode ?? url.searchParams.get('ref')?.slice(0, 20) ?? '',
      },
      passwordKept: progress?.account !== undefined,
      bank: progress?.bank ?? { bankCode: '', accountNumber: '', accountName: '' },
      banks,
    }
  })

type StepReply = { step: RegistrationStep; result: SubmissionResult<string[]> }

function reply(step: RegistrationStep, result: SubmissionResult<string[]>, status: number) {
  return data<StepReply>({ step, result }, { status })
}

function restart(message: string): Response {
  return redirect(page.path, {
    headers: { 'Set-Cookie': toastCookie({ type: 'info', message }) },
  })
}

/** Saves the progress and shows /register again (now at `progress.step`). */
function goTo(progress: RegistrationProgress): never {
  throw redirect(page.path, {
    headers: { 'Set-Cookie': registrationProgress.serialize(progress) },
  })
}

export const action = (args: ActionFunctionArgs) =>
  guard(args, rules, async ({ request }) => {
    const form = await readFormData(request)
    const progress = registrationProgress.read(request)
    const step = progress?.step ?? 'account'
    if (form.get('step') !== step) {
      // The progress ran out (30 minutes): say so, and start again.
      if (!progress) throw restart('หมดเวลาการสมัครสมาชิก กรุณากรอกข้อมูลใหม่อีกครั้ง')
      // A form of another step (an old tab, the browser's back button): show the current step.
      throw redirect(page.path)
    }
    const back = form.get('intent') === 'back'

    if (step === 'account') {
      const passwordKept = progress?.account !== undefined
      const submission = parseWithZod(form, { schema: formSchema(accountFields({ passwordKept })) })
      if (submission.status !== 'success') {
        return reply(step, submission.reply({ hideFields: PASSWORD_FIELDS }), 400)
      }
      const { username, phone, referralCode } = submission.value
      const password = submission.value.password ?? progress?.account?.password
      if (password === undefined) throw redirect(page.path)
      try {
        await checkAvailability({ username, phone }, request.signal)
      } catch (error) {
        const taken = registrationFieldError(error)
        if (!taken && !(error instanceof BackendError)) throw error
        const errors = taken
          ? { fieldErrors: { [taken.field]: [taken.message] } }
          : { formErrors: [(error as BackendError).message] }
        const status = taken ? 409 : (error as BackendError).status
        return reply(step, submission.reply({ ...errors, hideFields: PASSWORD_FIELDS }), status)
      }
      goTo({ ...progress, step: 'bank', account: { username, password, phone, referralCode } })
    }

    if (!progress?.account) throw redirect(page.path)

    if (step === 'bank') {
      if (back) {
        // Keep what was typed, checked or not: it is shown again on the way forward.
        const bank = {
          bankCode: text(form, 'bankCode', 10),
          accountNumber: text(form, 'accountNumber', 40),
          accountName: text(form, 'accountName', 200),
        }
        goTo({ ...progress, step: 'account', bank })
      }
      const submission = parseWithZod(form, { schema: formSchema(bankFields(await listBanks())) })
      if (submission.status !== 'success') return reply(step, submission.reply(), 400)
      goTo({ ...progress, step: 'finish', bank: submission.value })
    }

    // step === 'finish'
    if (back) goTo({ ...progress, step: 'bank' })
    const { bank, account } = progress
    if (!bank) goTo({ ...progress, step: 'bank' })
    const submission = parseWithZod(form, { schema: formSchema(finishFields) })
    if (submission.status !== 'success') return reply(step, submission.reply(), 400)
    try {
      const member = await registerLocal(request, { ...account, ...bank })
      const headers = new Headers()
      headers.append('Set-Cookie', registrationProgress.clear())
      headers.append(
        'Set-Cookie',
        toastCookie({
          type: 'success',
          message: `สมัครสมาชิกสำเร็จ ยินดีต้อนรับ ${member.displayName}`,
        }),
      )
      throw redirect(PAGES.home.path, { headers })
    } catch (error) {
      if (error instanceof LoginError) {
        // The member exists, but the first login did not go through: log in by hand.
        const headers = new Headers()
        headers.append('Set-Cookie', registrationProgress.clear())
        headers.append(
          'Set-Cookie',
          toastCookie({ type: 'info', message: 'สมัครสมาชิกสำเร็จแล้ว กรุณาเข้าสู่ระบบ' }),
        )
        throw redirect(PAGES.login.path, { headers })
      }
      if (!(error instanceof BackendError)) throw error
      const taken = registrationFieldError(error)
      const message = taken ? `${taken.message} (กด "ย้อนกลับ" เพื่อแก้ไขข้อมูลบัญชี)` : error.message
      return reply(step, submission.reply({ formErrors: [message] }), error.status)
    }
  })

export default function Register() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { step } = loaderData
  const lastResult = actionData?.step === step ? actionData.result : undefined

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

type StepProps = RegisterView & {
  lastResult: SubmissionResult<string[]> | undefined
}

function StepButtons({ back, next = 'ถัดไป' }: { back: boolean; next?: string }) {
  const busy = useSubmitting()
  return (
    <div className="flex gap-3">
      {back ? (
        <button
          type="submit"
          name="intent"
          value="back"
          formNoValidate
          className="btn-ghost flex-1"
          disabled={busy}
        >
          ย้อนกลับ
        </button>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="next"
        className="btn-primary flex-1"
        disabled={busy}
      >
        {busy ? 'กำลังดำเนินการ…' : next}
      </button>
    </div>
  )
}

function AccountStep({ account, passwordKept, lastResult }: StepProps) {
  const fields = accountFields({ passwordKept })
  const [form, inputs] = useValidatedForm({
    id: 'register-account',
    fields,
    lastResult,
    defaultValue: account,
  })
  const focus = firstInvalid(Object.keys(fields), lastResult?.error)
  const passwordHint = passwordKept ? 'เว้นว่างไว้ได้ หากต้องการใช้รหัสผ่านที่กรอกไว้แล้ว' : 'อย่างน้อย 8 ตัวอักษร'
  return (
    <Form method="post" replace className="space-y-4" {...getFormProps(form)}>
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

function BankStep({ bank, banks, lastResult }: StepProps) {
  const fields = bankFields(banks)
  const [form, inputs] = useValidatedForm({
    id: 'register-bank',
    fields,
    lastResult,
    defaultValue: bank,
  })
  const focus = firstInvalid(Object.keys(fields), lastResult?.error)
  const chosen = banks.find((candidate) => candidate.code === inputs.bankCode.value)
  return (
    <Form method="post" replace className="space-y-4" {...getFormProps(form)}>
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

function FinishStep({ account, bank, banks, lastResult }: StepProps) {
  const [form, inputs] = useValidatedForm({
    id: 'register-finish',
    fields: finishFields,
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
    <Form method="post" replace className="space-y-4" {...getFormProps(form)}>
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
