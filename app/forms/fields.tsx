/**
 * Form controls for conform fields: a visible label, the first error under
 * the field (linked by aria-describedby, with aria-invalid on the control), an
 * optional hint, and `focusOnError` for the first invalid field of a server
 * answer (the `autofocus` attribute, so it works before JavaScript loads too;
 * with JavaScript the form's hook moves the focus itself).
 *
 * Fields come from ~/forms/use-field-checks, with conform's ids and attributes
 * but no conform code in the browser (decisions 0111, 0123).
 */
import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { SupportLink, asksForSupport } from '~/ui/support-link'

/** What the controls read of a field (a subset of conform's `FieldMetadata`). */
export interface FieldMeta {
  id: string
  name: string
  formId: string
  errorId: string
  descriptionId: string
  errors: string[] | undefined
  initialValue?: unknown
}

export type Meta = FieldMeta

/**
 * An input's id, name, form, type, aria-invalid / aria-describedby and
 * initial value: what conform's `getInputProps` gives for a field without
 * constraints (the rule set, not the browser, checks the fields).
 */
function inputProps(field: Meta, type: string, ariaDescribedBy: string | undefined) {
  const invalid = field.errors !== undefined
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    type,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid
      ? `${field.errorId} ${ariaDescribedBy ?? ''}`.trim()
      : ariaDescribedBy,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
  }
}

export const INPUT_CLASS =
  'w-full min-w-0 rounded-xl border border-night-600 bg-night-800 px-3 py-3 text-base aria-[invalid=true]:border-danger'

export interface ControlProps {
  field: Meta
  label: string
  hint?: ReactNode
  /** Announce the field as required (the rules, not the browser, check it). */
  required?: boolean
  /** This field is the first invalid one of a server answer: focus it on load. */
  focusOnError?: boolean
}

type TextProps = ControlProps &
  Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'autoComplete' | 'autoCapitalize' | 'inputMode' | 'placeholder' | 'maxLength' | 'enterKeyHint'
  > & { type?: 'text' | 'tel' | 'email' | 'password' }

export function FieldError({ field }: { field: Meta }) {
  const message = field.errors?.[0]
  return message ? (
    <p id={field.errorId} className="text-sm text-danger">
      {message}
    </p>
  ) : null
}

export function Hint({ field, hint }: { field: Meta; hint: ReactNode }) {
  return hint ? (
    <p id={field.descriptionId} className="text-xs text-slate-400">
      {hint}
    </p>
  ) : null
}

export function Label({ field, label }: { field: Meta; label: string }) {
  return (
    <label htmlFor={field.id} className="block text-sm font-bold">
      {label}
    </label>
  )
}

export function TextField({
  field,
  label,
  hint,
  required,
  focusOnError = false,
  type = 'text',
  ...rest
}: TextProps) {
  const props = inputProps(field, type, hint ? field.descriptionId : undefined)
  return (
    <div className="space-y-1">
      <Label field={field} label={label} />
      <input
        {...props}
        {...rest}
        aria-required={required || undefined}
        // Focus moves to the first invalid field after a submit (WCAG 3.3.1).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnError && field.errors !== undefined}
        className={INPUT_CLASS}
      />
      <Hint field={field} hint={hint} />
      <FieldError field={field} />
    </div>
  )
}

/** A text of several lines (a reason, a note): as TextField, in a <textarea>. */
export function TextAreaField({
  field,
  label,
  hint,
  required,
  focusOnError = false,
  rows = 3,
  maxLength,
}: ControlProps & { rows?: number; maxLength?: number }) {
  const { type: _type, ...props } = inputProps(
    field,
    'text',
    hint ? field.descriptionId : undefined,
  )
  return (
    <div className="space-y-1">
      <Label field={field} label={label} />
      <textarea
        {...props}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnError && field.errors !== undefined}
        className={INPUT_CLASS}
      />
      <Hint field={field} hint={hint} />
      <FieldError field={field} />
    </div>
  )
}

/** A password input with a show/hide button (shown once JavaScript runs). */
export function PasswordField({
  field,
  label,
  hint,
  required,
  focusOnError = false,
  ...rest
}: Omit<TextProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  const hydrated = useHydrated()
  const props = inputProps(
    field,
    visible ? 'text' : 'password',
    hint ? field.descriptionId : undefined,
  )
  return (
    <div className="space-y-1">
      <Label field={field} label={label} />
      <div className="flex gap-2">
        <input
          {...props}
          {...rest}
          autoCapitalize="none"
          spellCheck={false}
          aria-required={required || undefined}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusOnError && field.errors !== undefined}
          className={INPUT_CLASS}
        />
        {hydrated ? (
          <button
            type="button"
            className="btn-ghost shrink-0 px-3 text-sm"
            aria-pressed={visible}
            aria-controls={field.id}
            aria-label={visible ? `ซ่อน${label}` : `แสดง${label}`}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'ซ่อน' : 'แสดง'}
          </button>
        ) : null}
      </div>
      <Hint field={field} hint={hint} />
      <FieldError field={field} />
    </div>
  )
}

/** The form's own error (a backend refusal): announced when it appears. */
export function FormAlert({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const message = errors?.[0]
  return (
    <>
      <div id={id} role="alert" className={message ? undefined : 'sr-only'}>
        {message ? (
          <p className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm">{message}</p>
        ) : null}
      </div>
      {/* A message that sends the member to support has the way there right after it. */}
      {asksForSupport(message) ? <SupportLink /> : null}
    </>
  )
}

/**
 * Secret fields (a password, a one-time code) emptied after every server
 * answer: the server never sends them back, and the browser's copy goes too.
 */
export function useSecretsCleared(lastResult: unknown, secrets: readonly Meta[]): void {
  const ids = secrets.map((field) => field.id).join(' ')
  useEffect(() => {
    if (!lastResult) return
    for (const id of ids.split(' ')) {
      const input = document.getElementById(id)
      if (input instanceof HTMLInputElement) input.value = ''
    }
  }, [lastResult, ids])
}

/** The name of the first field with an error in a server answer, to focus it. */
export function firstInvalid(
  names: readonly string[],
  error: Readonly<Record<string, unknown>> | null | undefined,
): string | undefined {
  return error ? names.find((name) => error[name] !== undefined && error[name] !== null) : undefined
}
