/**
 * conform's `useForm`, set up the way every member form validates:
 *
 * - on input and on blur, each field VALIDATION_DEBOUNCE_MS (16 ms) after its
 *   last event, with the rule set's chains (one Thai message per field);
 * - on submit, every field; conform then focuses the first invalid one, and
 *   does the same for errors the server sends back (`lastResult`);
 * - a submit button with `formNoValidate` (a step form's "back") submits
 *   without validating, as it does in plain HTML.
 *
 * conform validates on its own events without a debounce, so its triggers are
 * set to 'onSubmit' and this hook listens to input and focusout itself, then
 * asks conform to validate the field (`form.validate({ name })`).
 *
 * No zod here: the browser resolves with `resolveForm`; actions parse the same
 * fields with `parseForm` (~/forms/zod).
 */
import { parse, useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react'
import { useEffect } from 'react'
import { resolveForm, type Fields, type FormErrors, type FormOutput } from '~/forms/rules'
import { VALIDATION_DEBOUNCE_MS } from '~/lib/constants'

/** The name of the hidden button by which conform submits its intents (validate a field...). */
const CONFORM_INTENT = '__intent__'

export interface ValidatedFormOptions<F extends Fields> {
  /** The form's id: also the prefix of its fields' ids. */
  id: string
  fields: F
  /** The action's `submission.reply()`, when there is one. */
  lastResult?: SubmissionResult<string[]> | null
  /** Values to start with (e.g. entries kept from an earlier visit). */
  defaultValue?: Partial<Record<keyof F, string>>
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function controlOf(target: EventTarget | null, formId: string): Control | null {
  if (!(
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  )) {
    return null
  }
  return target.name !== '' && target.form?.id === formId ? target : null
}

export function useValidatedForm<F extends Fields>({
  id,
  fields,
  lastResult,
  defaultValue,
}: ValidatedFormOptions<F>) {
  const [form, inputs] = useForm<FormOutput<F>, FormOutput<F>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<FormOutput<F>> | undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData, submitter }) =>
      parse<FormOutput<F>, string[]>(formData, {
        // conform's own intents (validate a field...) submit with a formNoValidate
        // button too: only a real submit button may skip validation.
        resolve: (payload, intent): { value: FormOutput<F> } | { error: FormErrors } =>
          !intent && submitter?.formNoValidate
            ? { value: payload as FormOutput<F> }
            : resolveForm(fields, payload),
      }),
  })
  const { validate } = form

  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>()
    const schedule = (event: Event) => {
      const control = controlOf(event.target, id)
      if (!control) return
      const { name } = control
      clearTimeout(timers.get(name))
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name)
          if (control.form?.isConnected) validate({ name })
        }, VALIDATION_DEBOUNCE_MS),
      )
    }
    // A submit checks every field: a field check still waiting (the input
    // just typed, the focus leaving it for the button) must not run after
    // it and wipe the server's answer to that submit off the field.
    const cancel = (event: Event) => {
      if (!(event.target instanceof HTMLFormElement) || event.target.id !== id) return
      // conform's own field check is a submit too, by a hidden `__intent__` button.
      if ((event as SubmitEvent).submitter?.getAttribute('name') === CONFORM_INTENT) return
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    }
    document.addEventListener('input', schedule)
    document.addEventListener('focusout', schedule)
    document.addEventListener('submit', cancel, true)
    return () => {
      document.removeEventListener('input', schedule)
      document.removeEventListener('focusout', schedule)
      document.removeEventListener('submit', cancel, true)
      for (const timer of timers.values()) clearTimeout(timer)
    }
  }, [id, validate])

  return [form, inputs] as const
}
