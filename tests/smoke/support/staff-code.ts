/**
 * The six-digit code a staff person's authenticator app shows (TOTP, RFC
 * 6238: SHA-1, 30 s steps, as the backend contract fixes it; the kept
 * `otpauth` library), and when the next one comes. A backend takes each
 * step's code once: a second run within the same 30 s (two pipelines at
 * once) is refused, and the smoke suite then waits for the next step, once.
 */
import { Secret, TOTP } from 'otpauth'

export const STEP_MS = 30_000

/** The code of `secret` at `now`. */
export function staffCode(secret: string, now = Date.now()): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: STEP_MS / 1000,
    secret: Secret.fromBase32(secret),
  }).generate({
    timestamp: now,
  })
}

/** The step `now` is in (a new code with each). */
export function stepAt(now = Date.now()): number {
  return Math.floor(now / STEP_MS)
}
