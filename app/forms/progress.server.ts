/**
 * Where the multi-step forms keep the member's progress between steps: in
 * encrypted, short-lived, httpOnly cookies (see
 * docs/decisions/0020-step-progress-in-encrypted-cookies.md). Never in the
 * URL, never readable by the page's JavaScript.
 *
 * Their path is `/`: Remix fetches a page's data from `/register.data`, which
 * a cookie bound to `/register` would not be sent to.
 */
import { z } from 'zod'
import { PASSWORD_RECOVERY_STEPS, REGISTRATION_STEPS } from '~/forms/account-forms'
import { STEP_PROGRESS_COOKIES } from '~/lib/constants'
import { sealedCookie } from '~/server/sealed-cookie.server'

const registrationSchema = z.object({
  step: z.enum(REGISTRATION_STEPS),
  /** Step 1, checked (the password too: it is only ever sealed). */
  account: z
    .object({
      username: z.string(),
      password: z.string(),
      phone: z.string(),
      referralCode: z.string().optional(),
    })
    .optional(),
  /** Step 2: checked once the step is `finish`; before that, what was typed before going back. */
  bank: z
    .object({
      bankCode: z.string().max(10),
      accountNumber: z.string().max(40),
      accountName: z.string().max(200),
    })
    .optional(),
})
export type RegistrationProgress = z.infer<typeof registrationSchema>

/** Registration: account -> bank -> finish. 30 minutes from the last step. */
export const registrationProgress = sealedCookie({
  name: STEP_PROGRESS_COOKIES.registration,
  maxAgeSeconds: 30 * 60,
  purpose: 'registration progress',
  schema: registrationSchema,
})

const passwordRecoverySchema = z.object({
  step: z.enum(PASSWORD_RECOVERY_STEPS),
  phone: z.string(),
  /** The OTP's reference code, as the SMS shows it. */
  ref: z.string().optional(),
  /** When the OTP expires, and when another may be requested (ms since epoch). */
  otpExpiresAt: z.number().optional(),
  resendAt: z.number().optional(),
  /** From a verified OTP: allows one password change. */
  resetToken: z.string().optional(),
})
export type PasswordRecoveryProgress = z.infer<typeof passwordRecoverySchema>

/** Password recovery: mobile number -> OTP -> new password. 15 minutes from the last step. */
export const passwordRecoveryProgress = sealedCookie({
  name: STEP_PROGRESS_COOKIES.passwordRecovery,
  maxAgeSeconds: 15 * 60,
  purpose: 'password recovery progress',
  schema: passwordRecoverySchema,
})
