import { data } from '@remix-run/node'
import type { AppErrorBody } from '~/lib/errors'

/** An error Response for the error boundary: status plus the message it shows. */
export function httpError(status: number, message: string, detail?: string) {
  const body: AppErrorBody = detail ? { message, detail } : { message }
  return data(body, { status })
}
