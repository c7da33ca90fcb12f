import { METHOD_NOT_ALLOWED_MESSAGE, isAppErrorBody, type AppErrorBody } from '~/lib/errors'
import { errorTitle } from '~/lib/error-text'
import { plainPage, plainPageHeaders } from '~/server/plain-page.server'

/** A real Response (not `data()`), so resource routes send the same JSON body a page's boundary reads. */
export function httpError(status: number, message: string, detail?: string): Response {
  const body: AppErrorBody = detail ? { message, detail } : { message }
  return Response.json(body, { status })
}

/** Remix's own is 405 `{"message":"Unexpected Server Error"}`. */
export function methodNotAllowed(allow: string): Response {
  return Response.json(
    { message: METHOD_NOT_ALLOWED_MESSAGE },
    { status: 405, headers: { Allow: allow, 'Cache-Control': 'no-store' } },
  )
}

/** A resource route a browser opens (a file to save) fails as a Thai page, not the boundary's JSON. */
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
