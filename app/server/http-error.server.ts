import { METHOD_NOT_ALLOWED_MESSAGE, isAppErrorBody, type AppErrorBody } from '~/lib/errors'
import { errorTitle } from '~/lib/error-text'
import { plainPage, plainPageHeaders } from '~/server/plain-page.server'

/**
 * An error Response for the error boundary: status plus the message it shows.
 * A real Response (not `data()`), so resource routes such as /logout send
 * the same JSON body the error boundary of a page reads.
 */
export function httpError(status: number, message: string, detail?: string): Response {
  const body: AppErrorBody = detail ? { message, detail } : { message }
  return Response.json(body, { status })
}

/**
 * A resource route's answer to a method it does not take: a Thai 405 with
 * Allow (Remix's own is 405 `{"message":"Unexpected Server Error"}`).
 */
export function methodNotAllowed(allow: string): Response {
  return Response.json(
    { message: METHOD_NOT_ALLOWED_MESSAGE },
    { status: 405, headers: { Allow: allow, 'Cache-Control': 'no-store' } },
  )
}

/**
 * What a resource route a browser opens (a file to save) throws, as a Thai
 * page instead of the JSON body an error Response carries for the error
 * boundary: the same status and headers (the session's cookies), its Thai
 * title (errorTitle: the message when Thai, else its status's Thai title) and
 * the request id, with the plain page's headers (plainPageHeaders) but its
 * own Cache-Control, if it has one. Anything else (a redirect, an answer that is no error) goes
 * on as it is.
 */
export async function asErrorPage(thrown: unknown, requestId: string): Promise<unknown> {
  if (!(thrown instanceof Response) || thrown.status < 400) return thrown
  const body: unknown = await thrown
    .clone()
    .json()
    .catch(() => null)
  const message = isAppErrorBody(body) ? body.message : ''
  const page = plainPage(thrown.status, errorTitle({ status: thrown.status, message }), requestId)
  const headers = new Headers(thrown.headers)
  // A member's answer: its own Cache-Control, else never stored, by anyone.
  const cacheControl = headers.get('Cache-Control') ?? 'private, no-store'
  headers.delete('Content-Length')
  for (const [name, value] of Object.entries(plainPageHeaders(requestId))) headers.set(name, value)
  headers.set('Cache-Control', cacheControl)
  return new Response(page, { status: thrown.status, headers })
}
