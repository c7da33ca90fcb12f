/**
 * A form's answer as a member meets it, both ways: the action's
 * (`parseForm`, conform) and the browser's (`formErrors` on the same
 * entries). They must agree; tests of a form's messages read this.
 */
import { expect } from 'vitest'
import { formErrors, type FormErrors, type FormSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'

export type Entries = Readonly<Record<string, string | File | readonly string[] | undefined>>

export function formData(entries: Entries): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      data.append(name, item as string | File)
    }
  }
  return data
}

export function checkForm(
  schema: FormSchema,
  entries: Entries,
): { value: Record<string, unknown> } | { error: FormErrors } {
  const data = formData(entries)
  const submission = parseForm(data, schema)
  const browser = formErrors(schema, data)
  if (submission.status === 'success') {
    expect(browser).toEqual({})
    return { value: submission.value as Record<string, unknown> }
  }
  const error = submission.reply().error ?? {}
  expect(browser).toEqual(error)
  return { error: browser }
}

/** The one message for `name`, or undefined when it passes. */
export function errorOf(schema: FormSchema, entries: Entries, name: string): string | undefined {
  const result = checkForm(schema, entries)
  return 'error' in result ? result.error[name]?.[0] : undefined
}
