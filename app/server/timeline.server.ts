/**
 * The member's request timeline: what went wrong, seen as support sees it
 * (issue 26). Every HTTP request Remix answers for a logged-in member
 * (documents, `.data` requests, actions, the live events stream, the
 * PromptPay QR image; not the build's files nor public/) leaves one entry
 * in the shared store when its response ends:
 *
 *   { at, method, path, query, status, requestId, durationMs, instance, errorCode, device }
 *
 * - `path` and `query` as the access log keeps them (lib/redact.ts, one
 *   allow-list for both): listed parameters' values of their shape, every
 *   other value replaced by `…`, anything token-shaped replaced in the path
 *   too. Never a token, cookie, password, form body, OTP or header value:
 *   `device` is a word made from the User-Agent (`deviceOf`), not the string.
 * - `errorCode`: what the error page showed besides the request id, the
 *   backend's error code (`UNREACHABLE`, `TIMEOUT`, ...) when a backend error
 *   became the page; null otherwise.
 * - `instance`: the host name and process id that answered.
 *
 * How a request gets there: `getLoadContext` (request-context.server.ts)
 * gives each HTTP request a small note (`context.timeline`,
 * `followTimeline`); the guard fills the note in (the session's member id,
 * the error code: `noteTimelineMember`, `noteTimelineError`), however many
 * loaders ran. Once a member is named, the response is followed: when it
 * ends (`finish`, or `close` for a client gone or a stream left), the note
 * becomes one entry. A visitor's request has no member: its response is not
 * listened to and nothing is written. The write is not awaited: a Redis that is away or slow never
 * slows or fails the member's answer (store.server.ts `createSharedList`).
 *
 * Kept: the newest 500 entries per member, 14 days after the member's last
 * request, and each request id's member as long (`findRequest`). Read by
 * the staff console: `timelineOf`, `findRequest`; the entry's type and
 * `isFailure` are lib/timeline.ts's, for the console's UI too.
 * docs/decisions/0138-request-timeline.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hostname } from 'node:os'
import type { AppLoadContext } from '@remix-run/node'
import { redactUrl } from '~/lib/redact'
import { isValidRequestId } from '~/lib/request-id'
import type { Device, TimelineEntry } from '~/lib/timeline'
import { env } from '~/server/env.server'
import {
  createMemoryStore,
  createQueuedSharedStore,
  createSharedList,
  type SharedList,
  type TtlStore,
} from '~/server/store.server'

/** What the guard notes of one HTTP request (one note, however many loaders ran). */
export interface TimelineNote {
  /** The session's member id (session.payload.mid); null for a visitor: nothing is written. */
  memberId: string | null
  errorCode: string | null
  /** The request followed (followTimeline): its response is listened to once a member is named. */
  readonly followed: Followed
}

/** What the response's end needs. */
interface Followed {
  req: IncomingMessage
  res: ServerResponse
  requestId: string
  /** The request's arrival (performance.now()). */
  started: number
}

export const TIMELINE_MAX_ENTRIES = 500
export const TIMELINE_TTL_MS = 14 * 24 * 60 * 60 * 1000
/** What replaces a query value not on the allow-list. */
const TIMELINE_QUERY_MARK = '…'
/** Request ids whose member this instance's memory keeps: those Redis did not take (the oldest go first). */
const INDEX_MEMORY_ENTRIES = 100_000

const INSTANCE = `${hostname()}:${process.pid}`

export interface TimelineStores {
  /** Member id -> their entries, newest first. */
  list: SharedList<TimelineEntry>
  /** Request id -> member id. */
  index: TtlStore<string>
}

let stores: TimelineStores | undefined
/** A failed write was said once. */
let writeFailed = false

function timelineStores(): TimelineStores {
  stores ??= {
    list: createSharedList<TimelineEntry>('timeline', {
      maxItems: TIMELINE_MAX_ENTRIES,
      ttlMs: TIMELINE_TTL_MS,
    }),
    index: createQueuedSharedStore<string>(
      'timeline-request',
      createMemoryStore<string>({ maxEntries: INDEX_MEMORY_ENTRIES }),
    ),
  }
  return stores
}

/** For tests and the bench: these stores (or new ones from the environment, for undefined). */
export function setTimelineStoresForTests(next: TimelineStores | undefined): void {
  stores = next
  writeFailed = false
}

const BOT =
  /bot|crawl|spider|slurp|headless|lighthouse|curl|wget|python|node-fetch|undici|axios|go-http|java\/|facebookexternalhit|preview/i
const TABLET = /ipad|tablet|kindle|silk\/|playbook|android(?!.*mobi)/i
const PHONE = /mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i
const DESKTOP = /windows nt|macintosh|mac os x|x11|linux|cros/i

/**
 * The kind of device a User-Agent names, roughly: crawlers and scripts are
 * `bot`; Android without "Mobile" and iPads are tablets (an iPad that says
 * it is a Mac counts as a desktop).
 */
export function deviceOf(userAgent: string | undefined): Device {
  if (!userAgent) return 'other'
  if (BOT.test(userAgent)) return 'bot'
  if (TABLET.test(userAgent)) return 'tablet'
  if (PHONE.test(userAgent)) return 'phone'
  if (DESKTOP.test(userAgent)) return 'desktop'
  return 'other'
}

/** The path and query of a request URL as the timeline keeps them (lib/redact.ts). */
export function timelineUrl(url: string): { path: string; query: string } {
  const redacted = redactUrl(url, TIMELINE_QUERY_MARK)
  const q = redacted.indexOf('?')
  return q === -1
    ? { path: redacted, query: '' }
    : { path: redacted.slice(0, q), query: redacted.slice(q + 1) }
}

/** Writes one entry of `memberId`'s, not awaited by anyone: it never throws, and says once if it failed. */
export function recordRequest(memberId: string, entry: TimelineEntry): void {
  const { list, index } = timelineStores()
  const failed = (error: unknown) => {
    if (writeFailed) return
    writeFailed = true
    console.warn(`[timeline] an entry was not written: ${String(error)}`)
  }
  list.push(memberId, entry).catch(failed)
  index.set(entry.requestId, memberId, TIMELINE_TTL_MS).catch(failed)
}

/**
 * Follows one HTTP request's response (getLoadContext): the note the guard
 * fills in. Nothing more is done for a visitor: the response is listened to
 * only once the guard names a member (`noteTimelineMember`), and its end
 * then writes one entry. `started`: the request's arrival (performance.now()).
 */
export function followTimeline(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  started: number,
): TimelineNote | undefined {
  // TIMELINE=off: only for the bench's comparison.
  if (env().TIMELINE !== 'on') return undefined
  return { memberId: null, errorCode: null, followed: { req, res, requestId, started } }
}

/** Writes the note's entry for `memberId` when its response ends (`finish`, or `close`: the first one), or now if it has. */
function recordAtEnd(note: TimelineNote, memberId: string): void {
  const { req, res, requestId, started } = note.followed
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    const { path, query } = timelineUrl(
      (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/',
    )
    const now = performance.now()
    recordRequest(memberId, {
      at: Math.round(performance.timeOrigin + started),
      method: req.method ?? 'GET',
      path,
      query,
      status: res.statusCode,
      requestId,
      durationMs: Math.round((now - started) * 10) / 10,
      instance: INSTANCE,
      errorCode: note.errorCode,
      device: deviceOf(req.headers['user-agent']),
    })
  }
  if (res.writableFinished || res.destroyed) return end()
  res.once('finish', end)
  res.once('close', end)
}

/** The guard: the request's member (the first one named wins: a login's new member when there was none). */
export function noteTimelineMember(context: AppLoadContext, memberId: string | undefined): void {
  const note = context.timeline
  if (!note || !memberId || note.memberId !== null) return
  note.memberId = memberId
  recordAtEnd(note, memberId)
}

/** The guard: the backend's error code the error page shows (the first one, of several loaders). */
export function noteTimelineError(context: AppLoadContext, code: string): void {
  const note = context.timeline
  if (note && note.errorCode === null) note.errorCode = code
}

/** The member's entries, newest first (at most `limit`; the store keeps 500). */
export async function timelineOf(
  memberId: string,
  limit = TIMELINE_MAX_ENTRIES,
): Promise<TimelineEntry[]> {
  const entries = await timelineStores().list.newest(memberId, limit)
  // Written when each response ended: a long one (a live stream) goes where it began.
  return entries.sort((a, b) => b.at - a.at)
}

/** The entry of a request id a member quoted, and whose it is; null when unknown or gone. */
export async function findRequest(
  requestId: string,
): Promise<{ memberId: string; entry: TimelineEntry } | null> {
  const id = requestId.trim().toLowerCase()
  if (!isValidRequestId(id)) return null
  const { list, index } = timelineStores()
  const memberId = await index.get(id)
  if (memberId === undefined) return null
  const entry = (await list.newest(memberId)).find((e) => e.requestId === id)
  return entry ? { memberId, entry } : null
}
