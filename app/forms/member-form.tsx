/**
 * The browser side of the member forms (saved sets, profile, team, coupon,
 * yeekee shot): checked with the form's schema (~/forms/schemas, loaded on
 * the form's first focus or input by ~/forms/load-checks) on submit, and
 * again on every input once a submit failed, without conform's browser code
 * (docs/decisions/0062, 0162). The server's answer is conform's
 * `submission.reply()`, read as plain data.
 */
import { Form } from '@remix-run/react'
import {
  useEffect,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react'
import { INPUT_CLASS } from '~/forms/input-class'
import {
  check,
  checkSubmit,
  loadSchemas,
  type FormErrors,
  type SchemaOf,
} from '~/forms/load-checks'

/** What this page reads of conform's `SubmissionResult`. */
export interface ReplyData {
  initialValue?: Record<string, unknown> | null
  /** Field errors by name; the form's own under ''. */
  error?: Record<string, string[] | null> | null
}

export interface MemberForm {
  id: string
  /** The first message of each invalid field. */
  errors: Readonly<Record<string, string | undefined>>
  /** The server's refusal of the whole form. */
  formError: string | undefined
  /** A field's value as last posted (to keep it after a refusal without JavaScript). */
  posted(name: string): unknown
  /** The first invalid field of the server's answer (autofocus works before JavaScript too). */
  focus: string | undefined
  onSubmit(event: FormEvent<HTMLFormElement>): void
  onInput(event: FormEvent<HTMLFormElement>): void
}

export function useMemberForm(
  id: string,
  fields: readonly string[],
  schema: SchemaOf,
  reply: ReplyData | undefined,
): MemberForm {
  const [checked, setChecked] = useState<FormErrors | null>(null)
  // A new answer from the server replaces the browser's own findings.
  useEffect(() => setChecked(null), [reply])
  const server = reply?.error ?? {}
  const source: Record<string, string[] | null | undefined> = checked ?? server
  const errors = Object.fromEntries(fields.map((name) => [name, source[name]?.[0] ?? undefined]))
  return {
    id,
    errors,
    formError: checked ? undefined : (server['']?.[0] ?? undefined),
    posted: (name) => reply?.initialValue?.[name],
    focus: checked ? undefined : fields.find((name) => server[name]?.length),
    onSubmit(event) {
      const form = event.currentTarget
      checkSubmit(event, schema, (found) => {
        setChecked(found)
        const first = fields.find((name) => found[name])
        if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
        return first === undefined
      })
    },
    onInput(event) {
      void loadSchemas()
      if (checked === null && Object.keys(server).length === 0) return
      const form = event.currentTarget
      void check(form, schema).then((found) => {
        if (found && form.isConnected) setChecked(found)
      })
    },
  }
}

/** A text input with its label, hint and first error (aria-invalid / aria-describedby). */
export function MemberField({
  form,
  name,
  label,
  hint,
  required,
  ...rest
}: {
  form: MemberForm
  name: string
  label: string
  hint?: string
  required?: boolean
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'defaultValue' | 'inputMode' | 'maxLength' | 'autoComplete' | 'type'
>) {
  const id = `${form.id}-${name}`
  const error = form.errors[name]
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-bold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        {...rest}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={form.focus === name}
        className={INPUT_CLASS}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The form's own error (a backend refusal): announced when it appears. */
export function FormError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <div id={id} role="alert" className={message ? undefined : 'sr-only'}>
      {message ? (
        <p className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm">{message}</p>
      ) : null}
    </div>
  )
}

/**
 * A member form as a card: a post that its schema checks in the browser
 * first, its heading (`<id>-title`, naming the form), the backend's refusal
 * of the whole form (`<id>-error`), and the fields in a fieldset that a
 * watcher, or a rule of the page, turns off. `after` comes below the fields.
 */
export function MemberFormCard({
  form,
  title,
  disabled,
  onChange,
  after,
  children,
}: {
  form: MemberForm
  /** Left out where the page's h1 already names the one form. */
  title?: string
  disabled: boolean
  onChange?: (event: FormEvent<HTMLFormElement>) => void
  after?: ReactNode
  children: ReactNode
}) {
  return (
    <Form
      method="post"
      replace
      noValidate
      className="card space-y-3"
      onSubmit={form.onSubmit}
      onFocus={() => void loadSchemas()}
      onInput={form.onInput}
      onChange={onChange}
      aria-labelledby={title ? `${form.id}-title` : undefined}
    >
      {title ? (
        <h2 id={`${form.id}-title`} className="font-bold">
          {title}
        </h2>
      ) : null}
      <FormError id={`${form.id}-error`} message={form.formError} />
      <fieldset disabled={disabled} className="min-w-0 space-y-3">
        {children}
      </fieldset>
      {after}
    </Form>
  )
}
