/**
 * The browser's way to the forms' schemas: ~/forms/schemas (zod with every
 * form's checks) comes with `import()` on a form's first focus or input, so
 * it is never part of a page's first load (decision 0162). Until it has come,
 * or if it cannot come, the post goes to the action, which answers the same
 * Thai messages.
 */
import type * as SchemasModule from '~/forms/schemas'
import type { FormErrors, FormSchema } from '~/forms/schemas'

export type { FormErrors }
export type Schemas = typeof SchemasModule
/** Picks a form's schema from the module (`(s) => s.loginSchema`). */
export type SchemaOf = (schemas: Schemas) => FormSchema

let loaded: Schemas | undefined
let loading: Promise<Schemas | undefined> | undefined

/** Starts the load (once); resolves with the module, or undefined if it failed (tried again later). */
export function loadSchemas(): Promise<Schemas | undefined> {
  loading ??= import('~/forms/schemas').then(
    (module) => (loaded = module),
    () => {
      loading = undefined
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
  const schemas = await loadSchemas()
  return schemas ? schemas.formErrors(schemaOf(schemas), new FormData(form)) : null
}
