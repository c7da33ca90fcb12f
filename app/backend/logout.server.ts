/**
 * `POST /auth/logout` (docs/backend-api.md): the backend ends the token
 * family of the session's refresh token, so a copy of the logged-out cookie
 * (or of its tokens) is refused at its next backend call, whatever the
 * shared store remembers: Redis down, frozen or restarted empty
 * (docs/decisions/0133).
 *
 * Best effort, and never waited for: the browser's logout is done without
 * it (the ended session id already refuses the copies while the store
 * answers). A backend that is down or slow is given LOGOUT_CALL_TIMEOUT_MS;
 * one without the call (404, 405, 501) is fine.
 */
import type { z } from 'zod'
import { BackendError, callBackend } from '~/backend/client.server'
import { okResponseSchema } from '~/backend/member.schemas'
import type { logoutRequestSchema } from '~/backend/schemas'
import { finishBeforeExit } from '~/server/shutdown.server'

/** How long a logout's backend call may take before it is given up. */
export const LOGOUT_CALL_TIMEOUT_MS = 2000

/** Statuses of a backend that does not offer the call: nothing to say about them. */
const NOT_OFFERED = new Set([404, 405, 501])

/** Starts the end of this refresh token's family at the backend and returns at once. */
export function endTokenFamily(refreshToken: string): void {
  const call = callBackend({
    method: 'POST',
    path: '/auth/logout',
    body: { refreshToken } satisfies z.input<typeof logoutRequestSchema>,
    schema: okResponseSchema,
    signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS),
  }).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof BackendError) {
        if (NOT_OFFERED.has(error.status)) return
        // A 401 means the family had already ended (or expired): nothing left to end.
        if (error.status === 401) return
      }
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      console.warn(`[logout] the backend did not end the token family (${why})`)
    },
  )
  // A shutdown right after a logout still lets the call finish (at most its timeout).
  finishBeforeExit(call)
}
