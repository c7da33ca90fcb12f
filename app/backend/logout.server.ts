// `POST /auth/logout` ends the token family, so a copy of the logged-out cookie is refused at the
// backend even when Redis is down or restarted empty (docs/decisions/0133). Best effort, never
// waited for: the browser's logout is done without it.
import type { z } from 'zod'
import { BackendError, callBackend } from '~/backend/client.server'
import { okResponseSchema } from '~/backend/member.schemas'
import type { logoutRequestSchema } from '~/backend/schemas'
import { finishBeforeExit } from '~/server/shutdown.server'

export const LOGOUT_CALL_TIMEOUT_MS = 2000

const NOT_OFFERED = new Set([404, 405, 501])

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
