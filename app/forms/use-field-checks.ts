/**
 * The one browser hook of the member forms' validation: /login, /register's
 * and /forget's steps. No conform code in the browser (about 10.8 KB gzip:
 * docs/decisions/0111, 0123); it keeps conform's model and ids, so the forms
 * behave as they did on conform's `useForm`:
 *
 * - on input and on blur, each field VALIDATION_DEBOUNCE_MS (16 ms) after its
 *   last event, with the rule set's chains (one Thai message per field). A
 *   check runs the whole form's rules and shows the errors of every field
 *   checked so far (touched, or submitted): conform's "validated" fields; it
 *   drops the server's form error, as conform's field check does;
 * - on submit, every field: a submit with errors is stopped and the first
 *   invalid field (in the form's order) focused; a submit button with
 *   `formNoValidate` submits without validating;
 * - the server's answer (conform's `submission.reply()`, read as plain data)
 *   replaces the errors and focuses the first invalid field;
 * - a submit cancels the field checks still waiting, so none can run after it
 *   and wipe the server's answer to that submit off the field;
 * - values to start with (`defaultValue`; a server answer's values win). A
 *   field's live value (the bank step's hint) is `useFieldValue` of
 *   ~/forms/choice-fields, apart so that /login does not carry it.
 *
 * Fields come as `FieldMeta` (the same ids as conform's: `<form>-<name>`,
 * `<form>-<name>-error`, `<form>-error`), for the controls of ~/forms/fields
 * and ~/forms/choice-fields.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { FieldMeta } from '~/forms/fields'
import { resolveForm, type Fields, type FormErrors } from '~/forms/rules'
import { VALIDATION_DEBOUNCE_MS } from '~/lib/constants'

/** What this hook reads of conform's `SubmissionResult`. */
export interface ReplyData {
  status?: string
  initialValue?: Record<string, unknown> | null
  /** Field errors by name; the form's own under ''. `null`: keep what is shown. */
  error?: Record<string, string[] | null> | null
  /** The names the server saw. */
  fields?: string[]
}

interface State {
  /** conform's "validated" fields: their errors are shown. */
  validated: ReadonlySet<string>
  errors: FormErrors
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function controlOf(target: EventTarget | null): Control | null {
  return (target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement) &&
    target.name !== ''
    ? target
    : null
}

function check(form: HTMLFormElement, fields: Fields): FormErrors {
  const data = new FormData(form)
  const payload = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      field.kind === 'texts' ? data.getAll(name) : (data.get(name) ?? undefined),
    ]),
  )
  const result = resolveForm(fields, payload)
  return 'error' in result ? result.error : {}
}

const shown = (errors: FormErrors, validated: ReadonlySet<string>): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => validated.has(name)))

/** The state an answer of the server leaves (conform's `report`). */
function answered(prev: State | null, reply: ReplyData | null | undefined): State {
  const errors: FormErrors = {}
  for (const [name, messages] of Object.entries(reply?.error ?? {})) {
    const kept = messages ?? prev?.errors[name]
    if (kept) errors[name] = kept
  }
  const validated = new Set([
    ...(prev?.validated ?? []),
    ...(reply?.fields ?? []),
    ...Object.keys(errors),
  ])
  return { validated, errors: shown(errors, validated) }
}

function focusFirst(form: HTMLFormElement, errors: FormErrors): void {
  for (const element of form.elements) {
    const control = controlOf(element)
    if (control && errors[control.name]) return control.focus()
  }
}

export interface FieldChecksOptions<F extends Fields> {
  /** The form's id: also the prefix of its fields' ids. */
  id: string
  fields: F
  /** The action's `submission.reply()`, when there is one. */
  lastResult?: ReplyData | null
  /** Values to start with (e.g. entries kept from an earlier visit); a reply's values win. */
  defaultValue?: Partial<Record<keyof F & string, string>>
}

export function useFieldChecks<F extends Fields>({
  id,
  fields,
  lastResult,
  defaultValue,
}: FieldChecksOptions<F>) {
  const [state, setState] = useState<State>(() => answered(null, lastResult))
  // Values to start with: those of the answer the page was rendered with, else the
  // given ones (as conform).
  const [initial] = useState<Record<string, unknown>>(
    () => lastResult?.initialValue ?? defaultValue ?? {},
  )
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  const seen = useRef(lastResult)

  // A new answer from the server (the first one came with the page).
  useEffect(() => {
    if (!lastResult || lastResult === seen.current) return
    seen.current = lastResult
    const next = answered(state, lastResult)
    setState(next)
    const form = document.forms.namedItem(id)
    if (form && lastResult.status === 'error') focusFirst(form, next.errors)
    // Only a new answer counts, not a state change.
  }, [lastResult, id])

  /** Checks the whole form; shows the errors of `names` and of the fields checked before. */
  const run = (form: HTMLFormElement, names: readonly string[]): FormErrors => {
    const found = check(form, fields)
    setState((prev) => {
      const validated = new Set([...prev.validated, ...names])
      return { validated, errors: shown(found, validated) }
    })
    return found
  }

  const schedule = (event: FormEvent<HTMLFormElement>) => {
    const control = controlOf(event.target)
    if (!control || control.form !== event.currentTarget) return
    const { name } = control
    clearTimeout(timers.current.get(name))
    timers.current.set(
      name,
      setTimeout(() => {
        timers.current.delete(name)
        // A check still waiting when its form left the page (the next step) does nothing.
        if (control.form?.isConnected) run(control.form, [name])
      }, VALIDATION_DEBOUNCE_MS),
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    for (const timer of timers.current.values()) clearTimeout(timer)
    timers.current.clear()
    const form = event.currentTarget
    // The submitter is a button or an input: both have `formNoValidate`.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (submitter?.formNoValidate) {
      setState((prev) => ({ ...prev, errors: {} }))
      return
    }
    const found = run(form, Object.keys(fields))
    if (Object.keys(found).length > 0) {
      event.preventDefault()
      focusFirst(form, found)
    }
  }

  const formErrors = state.errors['']
  const errorId = `${id}-error`
  const metas = Object.fromEntries(
    Object.keys(fields).map((name) => {
      const fieldId = `${id}-${name}`
      const meta: FieldMeta = {
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        errors: state.errors[name],
        initialValue: initial[name],
      }
      return [name, meta]
    }),
  ) as Record<keyof F & string, FieldMeta>

  return {
    form: {
      errorId,
      errors: formErrors,
      /** Spread on the `<Form>`. */
      props: {
        id,
        noValidate: true,
        onSubmit,
        onInput: schedule,
        onBlur: schedule,
        'aria-describedby': formErrors ? errorId : undefined,
      },
    },
    fields: metas,
  }
}
