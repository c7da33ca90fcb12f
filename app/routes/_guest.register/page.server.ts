// The progress lives in an encrypted cookie (docs/decisions/0020-step-progress-in-encrypted-cookies.md).
import { redirect } from '@remix-run/node'
import { BackendError, retryAfterOf } from '~/backend/client.server'
import { checkAvailability, listBanks, registrationFieldError } from '~/backend/registration.server'
import type { Bank } from '~/backend/schemas'
import type { RegistrationStep } from '~/forms/account-forms'
import { registrationProgress, type RegistrationProgress } from '~/forms/progress.server'
import { PASSWORD_FIELDS } from '~/forms/step-form'
import { otherStep, stepReply } from '~/forms/step-form.server'
import { accountSchema, bankSchema, finishSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { readFormData } from '~/server/form-data.server'
import type { CookieJar } from '~/server/cookies.server'
import { PAGES } from '~/lib/pages'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { LoginError, registerLocal } from '~/session/strategies.server'

const page = PAGES.register

/** Never the password. */
export interface RegisterView {
  step: RegistrationStep
  account: { username: string; phone: string; referralCode: string }
  passwordKept: boolean
  bank: { bankCode: string; accountNumber: string; accountName: string }
  banks: Bank[]
}

export async function loadPage({ request, url }: RouteContext): Promise<RegisterView> {
  const progress = registrationProgress.read(request)
  const step = progress?.step ?? 'account'
  const banks = step === 'account' ? [] : await listBanks(request.signal)
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
}

export async function submit(ctx: RouteContext) {
  const { request, cookies } = ctx
  const form = await readFormData(request)
  const progress = registrationProgress.read(request)
  const step = progress?.step ?? 'account'
  if (form.get('step') !== step) {
    return otherStep(page.path, progress, 'หมดเวลาการสมัครสมาชิก กรุณากรอกข้อมูลใหม่อีกครั้ง')
  }
  if (step === 'account') return accountStep(request, cookies, form, progress)
  const account = progress?.account
  if (!account) return redirect(page.path)
  const back = form.get('intent') === 'back'
  if (step === 'bank') {
    return back ? backFromBank(cookies, form, progress) : bankStep(cookies, form, progress)
  }
  if (back || !progress.bank) return goTo(cookies, { ...progress, step: 'bank' })
  return finishStep(ctx, cookies, form, { account, bank: progress.bank })
}

function goTo(cookies: CookieJar, progress: RegistrationProgress) {
  cookies.add(registrationProgress.serialize(progress))
  return redirect(page.path)
}

async function accountStep(
  request: Request,
  cookies: CookieJar,
  form: FormData,
  progress: RegistrationProgress | null,
) {
  const passwordKept = progress?.account !== undefined
  const submission = parseForm(form, accountSchema({ passwordKept }))
  if (submission.status !== 'success') {
    return stepReply('account', submission.reply({ hideFields: PASSWORD_FIELDS }), 400)
  }
  const { username, phone, referralCode } = submission.value
  const password = submission.value.password ?? progress?.account?.password
  if (password === undefined) return redirect(page.path)
  const refusal = await availabilityRefusal({ username, phone }, request.signal)
  if (refusal) {
    const result = submission.reply({ ...refusal.errors, hideFields: PASSWORD_FIELDS })
    return stepReply('account', result, refusal.status)
  }
  return goTo(cookies, {
    ...progress,
    step: 'bank',
    account: { username, password, phone, referralCode },
  })
}

async function availabilityRefusal(
  details: { username: string; phone: string },
  signal: AbortSignal,
) {
  try {
    await checkAvailability(details, signal)
    return null
  } catch (error) {
    const taken = registrationFieldError(error)
    if (taken) return { errors: { fieldErrors: { [taken.field]: [taken.message] } }, status: 409 }
    if (error instanceof BackendError)
      return { errors: { formErrors: [error.message] }, status: error.status }
    throw error
  }
}

function text(form: FormData, name: string, max: number): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.slice(0, max) : ''
}

/** Checked or not: it is checked on the way forward. */
function backFromBank(cookies: CookieJar, form: FormData, progress: RegistrationProgress) {
  const bank = {
    bankCode: text(form, 'bankCode', 10),
    accountNumber: text(form, 'accountNumber', 40),
    accountName: text(form, 'accountName', 200),
  }
  return goTo(cookies, { ...progress, step: 'account', bank })
}

async function bankStep(cookies: CookieJar, form: FormData, progress: RegistrationProgress) {
  const submission = parseForm(form, bankSchema(await listBanks()))
  if (submission.status !== 'success') return stepReply('bank', submission.reply(), 400)
  return goTo(cookies, { ...progress, step: 'finish', bank: submission.value })
}

type Checked = Required<Pick<RegistrationProgress, 'account' | 'bank'>>

async function finishStep(
  ctx: RouteContext,
  cookies: CookieJar,
  form: FormData,
  { account, bank }: Checked,
) {
  const submission = parseForm(form, finishSchema)
  if (submission.status !== 'success') return stepReply('finish', submission.reply(), 400)
  const ended = () => cookies.add(registrationProgress.clear())
  try {
    const member = await registerLocal(ctx, { ...account, ...bank })
    const message = `สมัครสมาชิกสำเร็จ ยินดีต้อนรับ ${member.displayName}`
    ended()
    return redirectWithToast(PAGES.home.path, { type: 'success', message })
  } catch (error) {
    if (error instanceof LoginError) {
      // The member exists, but the first login did not go through: log in by hand.
      const message = 'สมัครสมาชิกสำเร็จแล้ว กรุณาเข้าสู่ระบบ'
      ended()
      return redirectWithToast(PAGES.login.path, { type: 'info', message })
    }
    if (!(error instanceof BackendError)) throw error
    const taken = registrationFieldError(error)
    const message = taken ? `${taken.message} (กด "ย้อนกลับ" เพื่อแก้ไขข้อมูลบัญชี)` : error.message
    return stepReply(
      'finish',
      submission.reply({ formErrors: [message] }),
      error.status,
      retryAfterOf(error),
    )
  }
}
