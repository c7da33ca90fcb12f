/**
 * The browser's way to the forms' schemas: ~/forms/schemas (zod with every
 * form's checks) comes with `import()` on a form's first focus or input, so
 * it is never part of a page's first load (decision 0162). Until it has come,
 * or if it cannot come, the post goes to the action, which answers the same
 * Thai messages.
 */
import type { FormEvent } from 'react'
import type * as SchemasModule from '~/forms/schemas'
import type { FormErrors, FormSchema } from '~/forms/schemas'

export type { FormErrors }
export type Schemas = typeof SchemasModule
/** Picks a form's schema from the module (`(s) => s.loginSchema`). */
export type SchemaOf = (schemas: Schemas) => FormSchema

let loaded: Schemas | undefined
let loading: Promise<Schemas | undefined> | undefined
// The last load failed (the next focus or input tries again).
let failed = false

/** Starts the load (once); resolves with the module, or undefined if it failed (tried again later). */
export function loadSchemas(): Promise<Schemas | undefined> {
  loading ??= import('~/forms/schemas').then(
    (module) => (loaded = module),
    () => {
      loading = undefined
      failed = true
      return undefined
    },
  )
  return loading
}

/** The errors of `form` now, or null while the schemas are not loaded. */
export function checkNow(form: HTMLFormElement, schemaOf: SchemaOf): FormErrors | null {
  return loaded ? loaded.formErrors(schemaOf(loaded), new FormData(form)) : null
}

/** The errors of `form` once the schemas are there (null if they cannot load). */
export async function check(form: HTMLFormElement, schemaOf: SchemaOf): Promise<FormErrors | null> {
  await loadSchemas()
  return checkNow(form, schemaOf)
}

/**
 * A submit checked with the form's schema, for both browser hooks: `judge`
 * shows what was found and says whether the post may go (else the submit is
 * stopped). A submit before the schemas came waits for them and is made
 * again if valid; while they cannot come, posts go to the action unchecked.
 */
export function checkSubmit(
  event: FormEvent<HTMLFormElement>,
  schemaOf: SchemaOf,
  judge: (found: FormErrors) => boolean,
): void {
  const form = event.currentTarget
  const found = checkNow(form, schemaOf)
  if (found ? !judge(found) : !failed) event.preventDefault()
  if (found || failed) return
  // The submitter is a button or an input: `requestSubmit` posts its name and value again.
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
  // (A form that left the page meanwhile is not sent: a disconnected form cannot submit.)
  void check(form, schemaOf).then((later) => {
    if (!later || judge(later)) form.requestSubmit(submitter)
  })
}
