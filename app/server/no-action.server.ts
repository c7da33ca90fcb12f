// Remix answers a write to a route without an action with an English 405 naming the route and
// no Allow; entry.server's handleError is the one hook that sees it before it is encoded.
import type { AppLoadContext } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'
import { METHOD_NOT_ALLOWED_MESSAGE } from '~/lib/errors'

export const PAGE_ALLOW = 'GET, HEAD'

/** The requests whose answer is that 405 (by their load context, one per request). */
const refused = new WeakSet<object>()

export function answerNoActionInThai(error: unknown, context: AppLoadContext | undefined): boolean {
  if (!isRouteErrorResponse(error) || error.status !== 405) return false
  const remix = error as { data: unknown; error?: unknown; internal?: boolean }
  if (!remix.internal) return false
  remix.data = { message: METHOD_NOT_ALLOWED_MESSAGE }
  delete remix.error
  if (context && typeof context === 'object') refused.add(context)
  return true
}

export function noActionAllow(context: AppLoadContext | undefined): string | null {
  return context && typeof context === 'object' && refused.has(context) ? PAGE_ALLOW : null
}
