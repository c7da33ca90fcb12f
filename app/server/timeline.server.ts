// The member's request timeline (docs/decisions/0138-request-timeline.md). Never a token,
// cookie, form body or header value: path and query redacted as the access log's (lib/redact.ts),
// `device` a word, not the User-Agent. The write is not awaited: a slow Redis never slows the member.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hostname } from 'node:os'
import type { AppLoadContext } from '@remix-run/node'
import { redactUrl } from '~/lib/redact'
import { isValidRequestId } from '~/lib/request-id'
import { bangkokClock, bangkokDate, formatThaiShortDate } from '~/lib/thai-date-format'
import type { Device, ShownTimelineEntry, TimelineEntry } from '~/lib/timeline'
import { env } from '~/server/env.server'
import {
  createMemoryStore,
  createQueuedSharedStore,
  createSharedList,
  type SharedList,
  type TtlStore,
} from '~/server/store.server'

export interface TimelineNote {
  memberId: string | null
  errorCode: string | null
  readonly followed: Followed
}

interface Followed {
  req: IncomingMessage
  res: ServerResponse
  requestId: string
  started: number
}

export const TIMELINE_MAX_ENTRIES = 500
export const TIMELINE_TTL_MS = 14 * 24 * 60 * 60 * 1000
const TIMELINE_QUERY_MARK = '…'
/** Request ids whose member this instance's memory keeps: those Redis did not take (the oldest go first). */
const INDEX_MEMORY_ENTRIES = 100_000

const INSTANCE = `${hostname()}:${process.pid}`

export interface TimelineStores {
  list: SharedList<TimelineEntry>
  index: TtlStore<string>
}

let stores: TimelineStores | undefined
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

export function setTimelineStoresForTests(next: TimelineStores | undefined): void {
  stores = next
  writeFailed = false
}

const BOT =
  /bot|crawl|spider|slurp|headless|lighthouse|curl|wget|python|node-fetch|undici|axios|go-http|java\/|facebookexternalhit|preview/i
const TABLET = /ipad|tablet|kindle|silk\/|playbook|android(?!.*mobi)/i
const PHONE = /mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i
const DESKTOP = /windows nt|macintosh|mac os x|x11|linux|cros/i

/** An iPad that says it is a Mac counts as a desktop. */
export function deviceOf(userAgent: string | undefined): Device {
  if (!userAgent) return 'other'
  if (BOT.test(userAgent)) return 'bot'
  if (TABLET.test(userAgent)) return 'tablet'
  if (PHONE.test(userAgent)) return 'phone'
  if (DESKTOP.test(userAgent)) return 'desktop'
  return 'other'
}

export function timelineUrl(url: string): { path: string; query: string } {
  const redacted = redactUrl(url, TIMELINE_QUERY_MARK)
  const q = redacted.indexOf('?')
  return q === -1
    ? { path: redacted, query: '' }
    : { path: redacted.slice(0, q), query: redacted.slice(q + 1) }
}

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

/** A visitor's response is not listened to: only once the guard names a member. */
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

/** The first one named wins: a login's new member when there was none. */
export function noteTimelineMember(context: AppLoadContext, memberId: string | undefined): void {
  const note = context.timeline
  if (!note || !memberId || note.memberId !== null) return
  note.memberId = memberId
  recordAtEnd(note, memberId)
}

export function noteTimelineError(context: AppLoadContext, code: string): void {
  const note = context.timeline
  if (note && note.errorCode === null) note.errorCode = code
}

export async function timelineOf(
  memberId: string,
  limit = TIMELINE_MAX_ENTRIES,
): Promise<TimelineEntry[]> {
  const entries = await timelineStores().list.newest(memberId, limit)
  // Written when each response ended: a long one (a live stream) goes where it began.
  return entries.sort((a, b) => b.at - a.at)
}

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

/** The entry with its moment written out (22 พ.ย. 69 20:55:05): no date library in the browser. */
export function shownEntry(entry: TimelineEntry): ShownTimelineEntry {
  return {
    ...entry,
    when: `${formatThaiShortDate(bangkokDate(entry.at))} ${bangkokClock(entry.at)}`,
  }
}
