/**
 * Pieces shared by the step-by-step forms (/register, /forget); their server
 * side is app/forms/step-form.server.ts.
 */
import type { SubmissionResult } from '@conform-to/react'
import { useNavigation } from '@remix-run/react'
import { PasswordField, TextField, type Meta } from '~/forms/fields'

/** What a step's post answers when the form is refused: the step, and conform's result. */
export interface StepReply<Step extends string = string> {
  step: Step
  result: SubmissionResult<string[]>
}

/** A step's component gets the page's view and the last refusal of its own form. */
export type StepProps<View> = View & { lastResult: SubmissionResult<string[]> | undefined }

/** The last refusal, if it was for the step now shown (not for one the member has left). */
export function lastResultOf(
  reply: StepReply | null | undefined,
  step: string,
): SubmissionResult<string[]> | undefined {
  return reply?.step === step ? reply.result : undefined
}

/** The two password fields of a step form: never sent back by the server. */
export const PASSWORD_FIELDS = ['password', 'passwordConfirm']

/** A step's form is being sent (its buttons wait). */
export function useSubmitting(): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod !== undefined
}

/** "ย้อนกลับ" (when there is a step before) and the button to the next step. */
export function StepButtons({ back, next = 'ถัดไป' }: { back: boolean; next?: string }) {
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

/** A new password and its confirmation. */
export function NewPasswordFields({
  password,
  passwordConfirm,
  labels,
  hint,
  required,
  focus,
}: {
  password: Meta
  passwordConfirm: Meta
  labels: { password: string; passwordConfirm: string }
  hint: string
  required: boolean
  /** The name of the field that gets focus for its error, if any. */
  focus: string | undefined
}) {
  return (
    <>
      <PasswordField
        field={password}
        label={labels.password}
        hint={hint}
        autoComplete="new-password"
        required={required}
        focusOnError={focus === 'password'}
      />
      <PasswordField
        field={passwordConfirm}
        label={labels.passwordConfirm}
        autoComplete="new-password"
        required={required}
        focusOnError={focus === 'passwordConfirm'}
      />
    </>
  )
}

/** A Thai mobile number: 10 digits starting 06, 08 or 09 (the rule is in account-forms.ts). */
export function PhoneField({
  field,
  label,
  focusOnError,
}: {
  field: Meta
  label: string
  focusOnError: boolean
}) {
  return (
    <TextField
      field={field}
      label={label}
      hint="10 หลัก ขึ้นต้นด้วย 06, 08 หรือ 09"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      required
      focusOnError={focusOnError}
    />
  )
}
