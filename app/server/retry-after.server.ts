// Every 429 says when to try again (docs/decisions/0160).
export const RETRY_AFTER_FALLBACK_SECONDS = 60

export function ensureRetryAfter(status: number, headers: Headers): void {
  if (status === 429 && !headers.has('Retry-After')) {
    headers.set('Retry-After', String(RETRY_AFTER_FALLBACK_SECONDS))
  }
}
