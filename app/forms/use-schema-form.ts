/**
 * The browser hook of the field forms (/login, /register's and /forget's
 * steps, the staff login and watch forms): conform's model and ids without
 * conform's browser code, checking with the form's schema (~/forms/schemas,
 * loaded on the form's first focus or input by ~/forms/load-checks):
 *
 * - on input and on blur, each field VALIDATION_DEBOUNCE_MS (16 ms) after its
 *   last event (one Thai message per field). A check runs the whole form's
 *   schema and shows the errors of every field checked so far (touched, or
 *   submitted): conform's "validated" fields; it drops the server's form
 *   error, as conform's field check does;
 * - on submit, every field: a submit with errors is stopped and the first
 *   invalid field (in the form's order) focused; a submit button with
 *   `formNoValidate` submits without validating. A submit before the schemas
 *   came waits for them (then submits again if valid); if they cannot come,
 *   the action checks;
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
import {
  check,
  checkSubmit,
  loadSchemas,
  type FormErrors,
  type SchemaOf,
} from '~/forms/load-checks'
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
  return { validated, errors }
}

function focusFirst(form: HTMLFormElement, errors: FormErrors): void {
  for (const element of form.elements) {
    const control = controlOf(element)
    if (control && errors[control.name]) return control.focus()
  }
}

export interface SchemaFormOptions<N extends string> {
  /** The form's id: also the prefix of its fields' ids. */
  id: string
  /** The form's field names, in its order. */
  fields: readonly N[]
  /** The form's schema, once ~/forms/schemas has come (`(s) => s.loginSchema`). */
  schema: SchemaOf
  /** The action's `submission.reply()`, when there is one. */
  lastResult?: ReplyData | null
  /** Values to start with (e.g. entries kept from an earlier visit); a reply's values win. */
  defaultValue?: Partial<Record<N, string>>
}

export function useSchemaForm<N extends string>({
  id,
  fields,
  schema,
  lastResult,
  defaultValue,
}: SchemaFormOptions<N>) {
  const [state, setState] = useState<State>(() => answered(null, lastResult))
  // Values to start with: those of the answer the page was rendered with, else the
  // given ones (as conform).
  const [initial] = useState<Record<string, unknown>>(
    () => lastResult?.initialValue ?? defaultValue ?? {},
  )
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  const seen = useRef(lastResult)
  // Bumped by every submit: a field check that started before it shows nothing.
  const submits = useRef(0)

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

  /** Shows the errors of `names` and of the fields checked before. */
  const show = (found: FormErrors, names: readonly string[]) =>
    setState((prev) => {
      const validated = new Set([...prev.validated, ...names])
      return { validated, errors: shown(found, validated) }
    })

  const schedule = (event: FormEvent<HTMLFormElement>) => {
    void loadSchemas()
    const control = controlOf(event.target)
    if (!control || control.form !== event.currentTarget) return
    const { name, form } = control
    clearTimeout(timers.current.get(name))
    timers.current.set(
      name,
      setTimeout(() => {
        timers.current.delete(name)
        const round = submits.current
        // A check of a form that left the page (the next step) shows nothing.
        void check(form, schema).then((found) => {
          if (found && form.isConnected && round === submits.current) show(found, [name])
        })
      }, VALIDATION_DEBOUNCE_MS),
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    for (const timer of timers.current.values()) clearTimeout(timer)
    timers.current.clear()
    submits.current += 1
    const form = event.currentTarget
    // The submitter is a button or an input: both have `formNoValidate`.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (submitter?.formNoValidate) {
      show({}, [])
      return
    }
    checkSubmit(event, schema, (found) => {
      show(found, fields)
      focusFirst(form, found)
      return Object.keys(found).length === 0
    })
  }

  const formErrors = state.errors['']
  const errorId = `${id}-error`
  const metas = Object.fromEntries(
    fields.map((name) => {
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
  ) as Record<N, FieldMeta>

  return {
    form: {
      errorId,
      errors: formErrors,
      /** Spread on the `<Form>`. */
      props: {
        id,
        noValidate: true,
        onSubmit,
        onFocus: () => void loadSchemas(),
        onInput: schedule,
        onBlur: schedule,
        'aria-describedby': formErrors ? errorId : undefined,
      },
    },
    fields: metas,
  }
}
