/**
 * The one way an action reads a field form: conform's Submission (`status`,
 * `value` when valid, `reply()` for the page) of the form's schema in
 * ~/forms/schemas, whose Thai messages the browser shows for the same
 * values. Server code only.
 *
 *   const submission = parseForm(formData, loginSchema)
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { $ZodType } from 'zod/v4/core'

export function parseForm<Schema extends $ZodType>(
  form: FormData | URLSearchParams,
  schema: Schema,
) {
  return parseWithZod(form, { schema })
}
