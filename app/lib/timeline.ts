// ui/ may not import server/, so the entry's shape lives here (docs/decisions/0138).

export type Device = 'phone' | 'tablet' | 'desktop' | 'bot' | 'other'

export interface TimelineEntry {
  at: number
  method: string
  path: string
  /** The query without `?`, as lib/redact.ts keeps it ('' for none). */
  query: string
  status: number
  requestId: string
  durationMs: number
  instance: string
  errorCode: string | null
  device: Device
}

/** An entry as the staff console shows it: `when`, its moment in Thai, written on the server. */
export interface ShownTimelineEntry extends TimelineEntry {
  when: string
}

export function isFailure(entry: Pick<TimelineEntry, 'status' | 'errorCode'>): boolean {
  return entry.status >= 400 || entry.errorCode !== null
}
