/**
 * The member's live events (docs/backend-api.md, "Live events").
 *
 * Every change a member's pages show (the balance, an order or a withdrawal
 * ending, a slip judged, cashback, promotion progress) is recorded here with
 * an id that only grows, and sent at once to the member's open
 * `GET /member/events` streams. A stream opened with `Last-Event-ID` (or
 * `?after=`) first gets what it missed; when that is no longer kept, a
 * `reset` event instead. A stream sends a comment every `heartbeatMs`, and
 * ends when its access token expires or its login is revoked: the caller
 * opens it again with a fresh token and its last id, and loses nothing.
 *
 * Controls: POST /__mock/events raises any event for a member,
 * GET /__mock/events/streams counts the open streams per member (the app
 * should hold one per member per instance), POST /__mock/events/drop ends a
 * member's streams (a backend restart), POST /__mock/events/settings sets
 * the heartbeat.
 */
import type { ServerResponse } from 'node:http'
import { z } from 'zod'
import { envelope } from '../../app/backend/schemas'
import {
  MEMBER_EVENT,
  memberEventSchema,
  notificationsResponseSchema,
  RESET_EVENT,
  type MemberEvent,
} from '../../app/backend/events.schemas'
import { ApiError, dataReply, type Reply } from './http'
import { bangkokIso } from './lotto-catalog'
import { memberNamed } from './control'
import { jsonBody, type RequestContext, type Route } from './router'
import type { Family } from './state'

/** What a member's log keeps for streams that reconnect (the newest this many). */
export const KEPT_PER_MEMBER = 500
export const DEFAULT_HEARTBEAT_MS = 15_000

export interface StoredEvent {
  id: number
  memberId: number
  event: MemberEvent
}

/** An event as the caller gives it: the time is added when it is recorded. */
export type NewEvent = MemberEvent extends infer E
  ? E extends MemberEvent
    ? Omit<E, 'at'>
    : never
  : never

type Listener = (stored: StoredEvent) => void

interface OpenStream {
  memberId: number
  end: () => void
}

export class EventBook {
  #lastId = 0
  readonly #log = new Map<number, StoredEvent[]>()
  /** Per member: notifications read up to this id. */
  readonly #readUpTo = new Map<number, number>()
  /** Per member: the newest id no longer kept. */
  readonly #dropped = new Map<number, number>()
  readonly #listeners = new Map<number, Set<Listener>>()
  readonly #streams = new Set<OpenStream>()
  /** Told of every event recorded, whoever it is for (the push desk, push.ts). */
  readonly #recorders = new Set<Listener>()
  heartbeatMs = DEFAULT_HEARTBEAT_MS

  /** The newest id given to any event (0: none yet). */
  get lastId(): number {
    return this.#lastId
  }

  constructor(private readonly clock: () => number = Date.now) {}

  reset(): void {
    // Ids keep growing across resets: a stream that reconnects never mistakes a new event for one it had.
    this.#log.clear()
    this.#dropped.clear()
    this.#readUpTo.clear()
    this.heartbeatMs = DEFAULT_HEARTBEAT_MS
  }

  /** Records an event for the member and sends it to the member's open streams. */
  emit(memberId: number, event: NewEvent): StoredEvent {
    const full = memberEventSchema.parse({ ...event, at: bangkokIso(this.clock()) })
    const stored: StoredEvent = { id: ++this.#lastId, memberId, event: full }
    const log = this.#log.get(memberId) ?? []
    log.push(stored)
    if (log.length > KEPT_PER_MEMBER) {
      const gone = log.splice(0, log.length - KEPT_PER_MEMBER)
      this.#dropped.set(memberId, gone.at(-1)?.id ?? 0)
    }
    this.#log.set(memberId, log)
    for (const listener of this.#listeners.get(memberId) ?? []) listener(stored)
    for (const recorder of this.#recorders) recorder(stored)
    return stored
  }

  /** The member's events after `afterId`, oldest first; null when some of them are no longer kept. */
  since(memberId: number, afterId: number): StoredEvent[] | null {
    if (afterId < (this.#dropped.get(memberId) ?? 0)) return null
    return (this.#log.get(memberId) ?? []).filter((stored) => stored.id > afterId)
  }

  /** The member's notifications (every event but the balance's), newest first, with read state. */
  notifications(memberId: number, limit: number): { stored: StoredEvent; read: boolean }[] {
    const readUpTo = this.#readUpTo.get(memberId) ?? 0
    return (this.#log.get(memberId) ?? [])
      .filter((stored) => stored.event.type !== 'balance')
      .slice(-limit)
      .reverse()
      .map((stored) => ({ stored, read: stored.id <= readUpTo }))
  }

  unread(memberId: number): number {
    const readUpTo = this.#readUpTo.get(memberId) ?? 0
    return (this.#log.get(memberId) ?? []).filter(
      (stored) => stored.event.type !== 'balance' && stored.id > readUpTo,
    ).length
  }

  /** Marks the member's notifications read up to `upTo` (all when absent). */
  markRead(memberId: number, upTo = this.#lastId): void {
    this.#readUpTo.set(memberId, Math.max(this.#readUpTo.get(memberId) ?? 0, upTo))
  }

  subscribe(memberId: number, listener: Listener): () => void {
    const set = this.#listeners.get(memberId) ?? new Set()
    set.add(listener)
    this.#listeners.set(memberId, set)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.#listeners.delete(memberId)
    }
  }

  /** Calls `listener` with every event recorded from now on, for any member. */
  onRecord(listener: Listener): void {
    this.#recorders.add(listener)
  }

  opened(stream: OpenStream): () => void {
    this.#streams.add(stream)
    return () => this.#streams.delete(stream)
  }

  /** Open streams per member id. */
  streamCounts(): Map<number, number> {
    const counts = new Map<number, number>()
    for (const { memberId } of this.#streams) counts.set(memberId, (counts.get(memberId) ?? 0) + 1)
    return counts
  }

  /** Ends every open stream of the member (or of everyone); returns how many. */
  drop(memberId?: number): number {
    const hit = [...this.#streams].filter((s) => memberId === undefined || s.memberId === memberId)
    for (const stream of hit) stream.end()
    return hit.length
  }
}

/** Starts an event stream's answer. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
}

/** One event in the SSE format. */
export function sseEvent(id: number | string, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

function lastEventId(ctx: RequestContext): number {
  const header = ctx.headers['last-event-id']
  const raw = (Array.isArray(header) ? header[0] : header) ?? ctx.url.searchParams.get('after')
  if (raw === null || raw === undefined || raw === '') return -1
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(400, 'BAD_REQUEST', 'Last-Event-ID is a number')
  return Number(raw)
}

/** GET /member/events: the member's events as server-sent events. */
async function memberEvents(ctx: RequestContext): Promise<Reply> {
  const { member, family, expiresAt } = await ctx.sessions.caller(ctx.headers.authorization)
  const after = lastEventId(ctx)
  const { events } = ctx.state
  return {
    kind: 'stream',
    start(res: ServerResponse) {
      startSse(res)
      const send = (stored: StoredEvent) =>
        res.write(sseEvent(stored.id, MEMBER_EVENT, stored.event))
      // A first stream (no Last-Event-ID) starts from now; a reconnect gets what it missed.
      if (after >= 0) {
        const missed = events.since(member.id, after)
        if (missed === null) res.write(sseEvent(after, RESET_EVENT, {}))
        else for (const stored of missed) send(stored)
      }
      // Where the stream is now (an id without data): everything up to it has been sent.
      res.write(`id: ${events.lastId}\n\n`)
      const unsubscribe = events.subscribe(member.id, send)
      const stillValid = (f: Family) => !f.revoked && !f.expired
      const heartbeat = setInterval(() => {
        if (!stillValid(family)) return end()
        res.write(': ping\n\n')
      }, events.heartbeatMs)
      // The stream lives as long as its token: the caller comes back with a fresh one.
      const expiry =
        expiresAt === null ? undefined : setTimeout(end, Math.max(0, expiresAt - ctx.state.now()))
      const closed = events.opened({ memberId: member.id, end })
      let ended = false
      function end() {
        if (ended) return
        ended = true
        unsubscribe()
        closed()
        clearInterval(heartbeat)
        clearTimeout(expiry)
        res.end()
      }
      res.once('close', end)
    },
  }
}

const raiseSchema = z
  .object({
    username: z.string().min(1),
    event: z.record(z.string(), z.unknown()),
  })
  .strict()
const raisedSchema = envelope(z.object({ id: z.number().int(), event: memberEventSchema }))
const streamsSchema = envelope(
  z.object({ total: z.number().int(), byMember: z.record(z.string(), z.number().int()) }),
)
const droppedSchema = envelope(z.object({ count: z.number().int() }))
const settingsSchema = z.object({ heartbeatMs: z.number().int().min(50).max(600_000) }).strict()
const settingsResponseSchema = envelope(settingsSchema)

/** POST /__mock/events: raises `event` (its `at` is added) for the member. */
function raise(ctx: RequestContext) {
  const { username, event } = jsonBody(ctx, raiseSchema)
  const member = memberNamed(ctx, username)
  const parsed = memberEventSchema.safeParse({ ...event, at: bangkokIso(ctx.state.clock()) })
  if (!parsed.success) throw new ApiError(400, 'BAD_REQUEST', 'Not a member event')
  if (parsed.data.type === 'balance') member.balance = parsed.data.balance
  const stored = ctx.state.events.emit(member.id, parsed.data)
  return dataReply(raisedSchema, { data: { id: stored.id, event: stored.event } })
}

function streams(ctx: RequestContext) {
  const counts = ctx.state.events.streamCounts()
  const byMember: Record<string, number> = {}
  let total = 0
  for (const [memberId, count] of counts) {
    byMember[ctx.state.members.get(memberId)?.username ?? String(memberId)] = count
    total += count
  }
  return dataReply(streamsSchema, { data: { total, byMember } })
}

function drop(ctx: RequestContext) {
  const { username } = jsonBody(ctx, z.object({ username: z.string().min(1).optional() }).strict())
  const memberId = username === undefined ? undefined : memberNamed(ctx, username).id
  return dataReply(droppedSchema, { data: { count: ctx.state.events.drop(memberId) } })
}

function settings(ctx: RequestContext) {
  const { heartbeatMs } = jsonBody(ctx, settingsSchema)
  ctx.state.events.heartbeatMs = heartbeatMs
  return dataReply(settingsResponseSchema, { data: { heartbeatMs } })
}

const readSchema = z.object({ upTo: z.number().int().nonnegative().optional() }).strict()

/** GET /member/notifications: the member's recent events but the balance's, newest first. */
async function listNotifications(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const limit = Math.min(100, Math.max(1, Number(ctx.url.searchParams.get('limit') ?? 50) || 50))
  const { events } = ctx.state
  const items = events
    .notifications(member.id, limit)
    .map(({ stored, read }) => ({ id: stored.id, read, event: stored.event }))
  return dataReply(notificationsResponseSchema, {
    data: { unread: events.unread(member.id), items },
  })
}

/** POST /member/notifications/read: read up to `upTo` (every one without it). */
async function readNotifications(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { upTo } = jsonBody(ctx, readSchema)
  ctx.state.events.markRead(member.id, upTo)
  return listNotifications(ctx)
}

export const eventRoutes: readonly Route[] = [
  { method: 'GET', path: '/member/events', handler: memberEvents },
  { method: 'GET', path: '/member/notifications', handler: listNotifications },
  { method: 'POST', path: '/member/notifications/read', handler: readNotifications },
  { method: 'POST', path: '/__mock/events', handler: raise },
  { method: 'GET', path: '/__mock/events/streams', handler: streams },
  { method: 'POST', path: '/__mock/events/drop', handler: drop },
  { method: 'POST', path: '/__mock/events/settings', handler: settings },
]
