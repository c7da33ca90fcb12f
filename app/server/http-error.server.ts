import type { AppErrorBody } from '~/lib/errors'

/**
 * An error Response for the error boundary: status plus the message it shows.
 * A real Response (not `data()`), so resource routes such as /logout send
 * the same JSON body the error boundary of a page reads.
 */
export function httpError(status: number, message: string, detail?: string): Response {
  const body: AppErrorBody = detail ? { message, detail } : { message }
  return Response.json(body, { status })
}
