/**
 * A write (POST, PUT, PATCH, DELETE) to a page whose route has no action:
 * Remix answers 405 with an English error that names the route ("You made a
 * POST request to "/news" but did not provide an `action` for route
 * "routes/_default.news.($id)""), inside the page's data and the `.data`
 * answer, and no Allow. entry.server's handleError is the one hook Remix
 * calls with that error before it encodes it (the page's data, the `.data`
 * answer): it becomes the app's own Thai error body there, and the answer
 * gets its Allow (entry.server's handleRequest and handleDataRequest).
 */
import type { AppLoadContext } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'
import { METHOD_NOT_ALLOWED_MESSAGE } from '~/lib/errors'

/** What a page without an action takes. */
export const PAGE_ALLOW = 'GET, HEAD'

/** The requests whose answer is that 405 (by their load context, one per request). */
const refused = new WeakSet<object>()

/**
 * Remix's own 405 for a route without an action: its English text becomes the
 * app's Thai error body (in place, before Remix encodes it) and the request is
 * noted for its Allow. False for any other error.
 */
export function answerNoActionInThai(error: unknown, context: AppLoadContext | undefined): boolean {
  if (!isRouteErrorResponse(error) || error.status !== 405) return false
  const remix = error as { data: unknown; error?: unknown; internal?: boolean }
  if (!remix.internal) return false
  remix.data = { message: METHOD_NOT_ALLOWED_MESSAGE }
  delete remix.error
  if (context && typeof context === 'object') refused.add(context)
  return true
}

/** The Allow of the request's answer when it is that 405, else null. */
export function noActionAllow(context: AppLoadContext | undefined): string | null {
  return context && typeof context === 'object' && refused.has(context) ? PAGE_ALLOW : null
}
