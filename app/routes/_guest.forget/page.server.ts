// The progress lives in an encrypted cookie (docs/decisions/0022-password-recovery-by-otp.md).
import { BackendError, retryAfterOf } from '~/backend/client.server'
import {
  PASSWORD_RECOVERY_MESSAGES,
  passwordRecoveryMessage,
  requestOtp,
  resetPassword,
  verifyOtp,
} from '~/backend/password-recovery.server'
import { errorCodes } from '~/backend/schemas'
import type { PasswordRecoveryStep } from '~/forms/account-forms'
import { passwordRecoveryProgress, type PasswordRecoveryProgress } from '~/forms/progress.server'
import { PASSWORD_FIELDS } from '~/forms/step-form'
import { otherStep, stepReply } from '~/forms/step-form.server'
import { newPasswordSchema, noFieldsSchema, otpSchema, recoveryPhoneSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { readFormData } from '~/server/form-data.server'
import type { CookieJar } from '~/server/cookies.server'
import { PAGES } from '~/lib/pages'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { redirect } from '@remix-run/node'

const page = PAGES.forget

function secondsUntil(at: number | undefined, now = Date.now()): number {
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000))
}

export interface PasswordRecoveryView {
  step: PasswordRecoveryStep
  phone: string
  /** Not `ref`: that name is React's. */
  otpRef: string
  resendIn: number
  otpMinutes: number
}

export function loadPage({ request }: RouteContext): PasswordRecoveryView {
  const progress = passwordRecoveryProgress.read(request)
  return {
    step: progress?.step ?? 'phone',
    phone: progress?.phone ?? '',
    otpRef: progress?.ref ?? '',
    resendIn: secondsUntil(progress?.resendAt),
    otpMinutes: Math.ceil(secondsUntil(progress?.otpExpiresAt) / 60),
  }
}

export async function submit({ request, cookies }: RouteContext) {
  const form = await readFormData(request)
  const progress = passwordRecoveryProgress.read(request)
  const step = progress?.step ?? 'phone'
  if (form.get('step') !== step) {
    return otherStep(page.path, progress, 'หมดเวลาการตั้งรหัสผ่านใหม่ กรุณาเริ่มใหม่อีกครั้ง')
  }
  if (step === 'phone' || !progress) return phoneStep(cookies, form)
  if (step === 'otp') {
    const intent = form.get('intent')
    if (intent === 'back') return goTo(cookies, { step: 'phone', phone: progress.phone })
    if (intent === 'resend') return resendOtp(cookies, form, progress)
    return otpStep(cookies, form, progress)
  }
  return passwordStep(cookies, form, progress)
}

function goTo(cookies: CookieJar, progress: PasswordRecoveryProgress, toast?: string) {
  cookies.add(passwordRecoveryProgress.serialize(progress))
  if (!toast) return redirect(page.path)
  return redirectWithToast(page.path, { type: 'success', message: toast })
}

async function sendOtp(phone: string): Promise<PasswordRecoveryProgress | BackendError> {
  const now = Date.now()
  try {
    const { ref, expiresIn, resendIn } = await requestOtp(phone)
    return {
      step: 'otp',
      phone,
      ref,
      otpExpiresAt: now + expiresIn * 1000,
      resendAt: now + resendIn * 1000,
    }
  } catch (error) {
    if (error instanceof BackendError) return error
    throw error
  }
}

async function phoneStep(cookies: CookieJar, form: FormData) {
  const submission = parseForm(form, recoveryPhoneSchema)
  if (submission.status !== 'success') return stepReply('phone', submission.reply(), 400)
  const sent = await sendOtp(submission.value.phone)
  if (!(sent instanceof BackendError)) return goTo(cookies, sent)
  const result = submission.reply({ formErrors: [passwordRecoveryMessage(sent)] })
  return stepReply('phone', result, sent.status, retryAfterOf(sent))
}

async function resendOtp(cookies: CookieJar, form: FormData, progress: PasswordRecoveryProgress) {
  const submission = parseForm(form, noFieldsSchema)
  const wait = secondsUntil(progress.resendAt)
  if (wait > 0) {
    const message = `กรุณารออีก ${wait} วินาทีแล้วจึงขอรหัส OTP ใหม่`
    return stepReply('otp', submission.reply({ formErrors: [message] }), 429, {
      'Retry-After': String(wait),
    })
  }
  const sent = await sendOtp(progress.phone)
  if (!(sent instanceof BackendError)) return goTo(cookies, sent, 'ส่งรหัส OTP ใหม่แล้ว')
  const result = submission.reply({ formErrors: [passwordRecoveryMessage(sent)] })
  return stepReply('otp', result, sent.status, retryAfterOf(sent))
}

async function otpStep(cookies: CookieJar, form: FormData, progress: PasswordRecoveryProgress) {
  const submission = parseForm(form, otpSchema)
  if (submission.status !== 'success') return stepReply('otp', submission.reply(), 400)
  try {
    const resetToken = await verifyOtp(progress.ref ?? '', submission.value.otp)
    return goTo(cookies, { step: 'password', phone: progress.phone, resetToken })
  } catch (error) {
    if (!(error instanceof BackendError)) throw error
    const message = passwordRecoveryMessage(error)
    const result =
      error.code === errorCodes.otpInvalid
        ? submission.reply({ fieldErrors: { otp: [message] } })
        : submission.reply({ formErrors: [message] })
    return stepReply('otp', result, error.status, retryAfterOf(error))
  }
}

async function passwordStep(
  cookies: CookieJar,
  form: FormData,
  progress: PasswordRecoveryProgress,
) {
  const submission = parseForm(form, newPasswordSchema)
  if (submission.status !== 'success') {
    return stepReply('password', submission.reply({ hideFields: PASSWORD_FIELDS }), 400)
  }
  const ended = () => cookies.add(passwordRecoveryProgress.clear())
  try {
    await resetPassword(progress.resetToken ?? '', submission.value.password)
  } catch (error) {
    if (!(error instanceof BackendError)) throw error
    if (error.code === errorCodes.resetTokenInvalid) {
      // The token is gone: start again from the mobile number.
      const toast = {
        type: 'error',
        message: PASSWORD_RECOVERY_MESSAGES.resetTokenInvalid,
      } as const
      ended()
      return redirectWithToast(page.path, toast)
    }
    const result = submission.reply({
      formErrors: [passwordRecoveryMessage(error)],
      hideFields: PASSWORD_FIELDS,
    })
    return stepReply('password', result, error.status, retryAfterOf(error))
  }
  const message = 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่'
  ended()
  return redirectWithToast(PAGES.login.path, { type: 'success', message })
}
