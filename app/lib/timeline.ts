/**
 * What one entry of a member's request timeline is (docs/decisions/0138),
 * for the server that writes and reads it (server/timeline.server.ts) and the
 * staff console that shows it (ui/ may not import server/).
 */

/** What answered, in a word: never the User-Agent itself. */
export type Device = 'phone' | 'tablet' | 'desktop' | 'bot' | 'other'

export interface TimelineEntry {
  /** When the request reached the server (ms since epoch). */
  at: number
  method: string
  /** The path, anything token-shaped in it replaced. */
  path: string
  /** The query without `?`, as lib/redact.ts keeps it ('' for none). */
  query: string
  status: number
  requestId: string
  /** From arrival to the response's end (finished, or its client gone), ms. */
  durationMs: number
  /** `host:pid` of the instance that answered. */
  instance: string
  /** The backend's error code the error page showed, or null. */
  errorCode: string | null
  device: Device
}

/** The request failed as the member saw it: an error status, or an error code shown. */
export function isFailure(entry: Pick<TimelineEntry, 'status' | 'errorCode'>): boolean {
  return entry.status >= 400 || entry.errorCode !== null
}
