/**
 * The zod bridge of the rule set, for actions:
 *
 *   const submission = parseForm(formData, fields)
 *
 * It runs exactly `formErrors` of ~/forms/rules (the browser's resolver runs
 * the same), so the server and the browser give the same Thai messages. Only
 * server code imports it: zod stays out of the browser bundle.
 */
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { formErrors, normalize, type Fields, type FormInput, type FormOutput } from '~/forms/rules'

/**
 * The form's zod schema. Each field's chain runs at the object level (so
 * `confirmed` sees the other fields) and its message is attached to that
 * field's path.
 */
export function formSchema<F extends Fields>(
  fields: F,
): z.ZodType<FormOutput<F>, z.ZodTypeDef, FormInput<F>> {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, { kind }]) => [
      name,
      z.unknown().transform((v) => normalize(v, kind)),
    ]),
  )
  return z.object(shape).superRefine((values, ctx) => {
    for (const [name, [message]] of Object.entries(formErrors(fields, values))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message })
    }
  }) as unknown as z.ZodType<FormOutput<F>, z.ZodTypeDef, FormInput<F>>
}

/**
 * The one way an action reads a form of the rule set: conform's Submission
 * (`status`, `value` when valid, `reply()` for the page), with the same Thai
 * messages the browser gives for the same fields.
 */
export function parseForm<F extends Fields>(form: FormData | URLSearchParams, fields: F) {
  return parseWithZod(form, { schema: formSchema(fields) })
}
