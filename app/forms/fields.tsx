/**
 * Form controls for conform fields: a visible label, the first error under
 * the field (linked by aria-describedby, with aria-invalid on the control), an
 * optional hint, and `focusOnError` for the first invalid field of a server
 * answer (the `autofocus` attribute, so it works before JavaScript loads too;
 * with JavaScript the form's hook moves the focus itself).
 *
 * Fields come from ~/forms/use-schema-form, with conform's ids and attributes
 * but no conform code in the browser (decisions 0111, 0123).
 */
import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { INPUT_CLASS } from '~/forms/input-class'
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
 * A control's id, name, form, aria-invalid / aria-describedby (its error,
 * then its hint), aria-required and initial value: what conform's
 * `getInputProps` gives for a field without constraints (the rule set, not
 * the browser, checks the fields); and `autoFocus` when it is the first
 * invalid field of a server answer (WCAG 3.3.1).
 */
export function controlProps({
  field,
  hint,
  required,
  focusOnError = false,
}: Omit<ControlProps, 'label'>) {
  const invalid = field.errors !== undefined
  const described = hint ? field.descriptionId : undefined
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${field.errorId} ${described ?? ''}`.trim() : described,
    'aria-required': required || undefined,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
    autoFocus: focusOnError && invalid,
  }
}

export { INPUT_CLASS }

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

/** A field's label above its control, its hint and first error below. */
export function FieldFrame({
  field,
  label,
  hint,
  children,
}: Pick<ControlProps, 'field' | 'label' | 'hint'> & { children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label field={field} label={label} />
      {children}
      <Hint field={field} hint={hint} />
      <FieldError field={field} />
    </div>
  )
}

export function TextField({
  field,
  label,
  hint,
  required,
  focusOnError,
  type = 'text',
  ...rest
}: TextProps) {
  const control = controlProps({ field, hint, required, focusOnError })
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <input {...control} {...rest} type={type} className={INPUT_CLASS} />
    </FieldFrame>
  )
}

/** A text of several lines (a reason, a note): as TextField, in a <textarea>. */
export function TextAreaField({
  rows = 3,
  maxLength,
  ...props
}: ControlProps & { rows?: number; maxLength?: number }) {
  return (
    <FieldFrame field={props.field} label={props.label} hint={props.hint}>
      <textarea
        {...controlProps(props)}
        rows={rows}
        maxLength={maxLength}
        className={INPUT_CLASS}
      />
    </FieldFrame>
  )
}

/** A password input with a show/hide button (shown once JavaScript runs). */
export function PasswordField({
  field,
  label,
  hint,
  required,
  focusOnError,
  ...rest
}: Omit<TextProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  const hydrated = useHydrated()
  const control = controlProps({ field, hint, required, focusOnError })
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <div className="flex gap-2">
        <input
          {...control}
          {...rest}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          spellCheck={false}
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
    </FieldFrame>
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
