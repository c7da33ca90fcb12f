/**
 * The server side shared by the step forms (/register, /forget): a step's
 * answer to a refused post, and what a post for another step gets.
 */
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'
import type { StepReply } from '~/forms/step-form'
import { redirectWithToast } from '~/server/toast.server'

/** The step's form again, with what was wrong (a 429 with its Retry-After). */
export function stepReply<Step extends string>(
  step: Step,
  result: SubmissionResult<string[]>,
  status: number,
  headers: Record<string, string> = {},
) {
  return data<StepReply<Step>>({ step, result }, { status, headers })
}

/**
 * A post for another step than the progress's. With no progress left (it ran
 * out) the flow starts again with `expiredMessage`; otherwise (an old tab, the
 * browser's back button) the page shows the current step.
 */
export function otherStep(path: string, progress: unknown, expiredMessage: string): Response {
  if (progress) return redirect(path)
  return redirectWithToast(path, { type: 'info', message: expiredMessage })
}
