// The backend sends the OTP and limits resends and wrong attempts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import {
  LABELS,
  OTP_LENGTH,
  PASSWORD_RECOVERY_STEPS,
  type PasswordRecoveryStep,
} from '~/forms/account-forms'
import { FormAlert, TextField, firstInvalid } from '~/forms/fields'
import {
  NewPasswordFields,
  PASSWORD_FIELDS,
  PhoneField,
  lastResultOf,
  useSubmitting,
  type StepProps,
} from '~/forms/step-form'
import { useSchemaForm } from '~/forms/use-schema-form'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { StepList } from '~/ui/step-list'
import { submit, loadPage, type PasswordRecoveryView } from './page.server'
import { guard } from '~/security/guard'
import { keepRetryAfter } from '~/lib/retry-after'

const page = PAGES.forget
const rules = { access: page.access } as const

const STEP_TITLES: Record<PasswordRecoveryStep, string> = {
  phone: 'เบอร์โทรศัพท์',
  otp: 'รหัส OTP',
  password: 'รหัสผ่านใหม่',
}

export const meta = pageMeta(page.title)

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

function formatPhone(phone: string): string {
  return /^[0-9]{10}$/.test(phone)
    ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`
    : phone
}

export const headers = keepRetryAfter

export default function PasswordRecovery() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const lastResult = lastResultOf(actionData, view.step)

  return (
    <div className="space-y-5">
      <h1 className="text-center text-xl font-bold">{page.title}</h1>
      <StepList
        label="ขั้นตอนการตั้งรหัสผ่านใหม่"
        steps={PASSWORD_RECOVERY_STEPS.map((id) => STEP_TITLES[id])}
        current={PASSWORD_RECOVERY_STEPS.indexOf(view.step)}
      />
      {view.step === 'phone' ? (
        <PhoneStep {...view} lastResult={lastResult} />
      ) : view.step === 'otp' ? (
        <OtpStep {...view} lastResult={lastResult} />
      ) : (
        <PasswordStep {...view} lastResult={lastResult} />
      )}
      <p className="text-center text-sm">
        นึกรหัสผ่านออกแล้ว?{' '}
        <Link to={PAGES.login.path} className="link underline">
          เข้าสู่ระบบ
        </Link>
      </p>
    </div>
  )
}

function PhoneStep({ phone, lastResult }: StepProps<PasswordRecoveryView>) {
  const busy = useSubmitting()
  const { form, fields: inputs } = useSchemaForm({
    id: 'password-recovery-phone',
    fields: ['phone'],
    schema: (s) => s.recoveryPhoneSchema,
    lastResult,
    defaultValue: { phone },
  })
  return (
    <Form method="post" replace className="space-y-4" {...form.props}>
      <p className="text-sm text-slate-300">
        กรอกเบอร์โทรศัพท์มือถือที่ใช้สมัครสมาชิก เราจะส่งรหัส OTP ทาง SMS เพื่อยืนยันตัวตน
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="step" value="phone" />
      <PhoneField
        field={inputs.phone}
        label={LABELS.phone}
        focusOnError={firstInvalid(['phone'], lastResult?.error) === 'phone'}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'กำลังส่งรหัส…' : 'ขอรหัส OTP'}
      </button>
    </Form>
  )
}

function useCountdown(seconds: number, run: string): number {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    setLeft(seconds)
    if (seconds <= 0) return
    const endsAt = Date.now() + seconds * 1000
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
      setLeft(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [seconds, run])
  return left
}

function OtpStep({
  phone,
  otpRef,
  resendIn,
  otpMinutes,
  lastResult,
}: StepProps<PasswordRecoveryView>) {
  const busy = useSubmitting()
  const left = useCountdown(resendIn, otpRef)
  const { form, fields: inputs } = useSchemaForm({
    id: 'password-recovery-otp',
    fields: ['otp'],
    schema: (s) => s.otpSchema,
    lastResult,
  })
  return (
    <Form method="post" replace className="space-y-4" {...form.props}>
      <p className="text-sm text-slate-300">
        ส่งรหัส OTP {OTP_LENGTH} หลักไปที่เบอร์{' '}
        <strong className="text-slate-100">{formatPhone(phone)}</strong> แล้ว รหัสมีอายุ {otpMinutes}{' '}
        นาที
      </p>
      <p className="rounded-xl border border-night-600 bg-night-800 p-3 text-center">
        รหัสอ้างอิง (Ref):{' '}
        <strong className="text-lg tracking-widest text-gold-300" data-testid="otp-ref">
          {otpRef}
        </strong>
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="step" value="otp" />
      <TextField
        field={inputs.otp}
        label={LABELS.otp}
        hint={`ตัวเลข ${OTP_LENGTH} หลักจาก SMS ที่มีรหัสอ้างอิง ${otpRef}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        required
        focusOnError={firstInvalid(['otp'], lastResult?.error) === 'otp'}
      />
      <button
        type="submit"
        name="intent"
        value="verify"
        className="btn-primary w-full"
        disabled={busy}
      >
        {busy ? 'กำลังตรวจสอบ…' : 'ยืนยันรหัส OTP'}
      </button>
      <div className="flex gap-3">
        <button
          type="submit"
          name="intent"
          value="back"
          formNoValidate
          className="btn-ghost flex-1 text-sm"
          disabled={busy}
        >
          เปลี่ยนเบอร์โทรศัพท์
        </button>
        <button
          type="submit"
          name="intent"
          value="resend"
          formNoValidate
          className="btn-ghost flex-1 text-sm"
          disabled={busy || left > 0}
        >
          {left > 0 ? `ขอรหัสใหม่ได้ใน ${left} วินาที` : 'ขอรหัส OTP ใหม่'}
        </button>
      </div>
      {left > 0 ? (
        <noscript>
          <p className="text-xs text-slate-400">เมื่อครบเวลาแล้ว โหลดหน้านี้ใหม่เพื่อขอรหัส OTP ใหม่</p>
        </noscript>
      ) : null}
    </Form>
  )
}

function PasswordStep({ lastResult }: StepProps<PasswordRecoveryView>) {
  const busy = useSubmitting()
  const { form, fields: inputs } = useSchemaForm({
    id: 'password-recovery-password',
    fields: ['password', 'passwordConfirm'],
    schema: (s) => s.newPasswordSchema,
    lastResult,
  })
  const focus = firstInvalid(PASSWORD_FIELDS, lastResult?.error)
  return (
    <Form method="post" replace className="space-y-4" {...form.props}>
      <p className="text-sm text-slate-300">ยืนยันตัวตนเรียบร้อยแล้ว ตั้งรหัสผ่านใหม่ของคุณ</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="step" value="password" />
      <NewPasswordFields
        password={inputs.password}
        passwordConfirm={inputs.passwordConfirm}
        labels={{ password: LABELS.newPassword, passwordConfirm: LABELS.newPasswordConfirm }}
        hint="อย่างน้อย 8 ตัวอักษร"
        required
        focus={focus}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'กำลังบันทึก…' : 'เปลี่ยนรหัสผ่าน'}
      </button>
    </Form>
  )
}
