/**
 * Pieces shared by the step-by-step forms (/register, /forget).
 */
import { useNavigation } from '@remix-run/react'
import { PasswordField, TextField, type Meta } from '~/forms/fields'

/** The two password fields of a step form: never sent back by the server. */
export const PASSWORD_FIELDS = ['password', 'passwordConfirm']

/** A step's form is being sent (its buttons wait). */
export function useSubmitting(): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod !== undefined
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
