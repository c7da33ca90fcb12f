/**
 * Yeekee shooting in the demo backend (docs/backend-api.md, "Yeekee shooting").
 *
 * While a round is open members shoot 5-digit numbers: at most SHOT_LIMIT
 * per member per round, PAUSE_SECONDS apart. Demo "members" (bots) shoot
 * too, so a round is busy. When the round closes, shots by the system
 * ("ระบบ") fill it up to 16 if it has fewer, and at its drawing time the
 * result is worked out by the rule (app/lotto/yeekee.ts) and its stakes are
 * settled. A round that passed while nobody watched (before the server
 * started) gets the same system shots, derived from its id, so its result
 * is the same every time it is asked.
 *
 * Every shot, the close and the result go to the round's open
 * `GET /lotto/yeekee/rounds/:drawId/events` streams (ids grow within the
 * round; `Last-Event-ID` replays what a stream missed).
 *
 * Controls: POST /__mock/yeekee/bots `{ enabled }`, POST /__mock/yeekee/shots
 * `{ drawId, shots: [{ username?, number }] }` (shots as members or bots, no
 * limits), POST /__mock/yeekee/tick (the clock's work now: close, draw),
 * GET /__mock/yeekee/streams?drawId= (how many event streams follow a round).
 */
import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { z } from 'zod'
import { envelope } from '../../app/backend/schemas'
import {
  shootRequestSchema,
  shootResponseSchema,
  YEEKEE_EVENT,
  yeekeeRoundResponseSchema,
  type YeekeeEvent,
  type YeekeeRound,
  type YeekeeShot,
} from '../../app/backend/yeekee.schemas'
import type { DrawResult } from '../../app/backend/lotto.schemas'
import { maskName } from '../../app/lib/mask'
import { yeekeeWorking, YEEKEE_SUBTRACTED_SHOT, type YeekeeWorking } from '../../app/lotto/yeekee'
import { ApiError, dataReply, type Reply } from './http'
import {
  bangkokIso,
  drawTimesById,
  lottoSeed,
  nextDrawTimes,
  type DrawTimes,
} from './lotto-catalog'
import { sseEvent, startSse } from './events'
import { jsonBody, type RequestContext, type Route } from './router'
import type { MockState } from './state'

export const SHOT_LIMIT = 20
export const PAUSE_SECONDS = 3
const SHOWN_SHOTS = 100
const SYSTEM_NAME = 'ระบบ'
const BOT_NAMES = [
  'วิชัย สุขใจ',
  'มาลี ทองดี',
  'ประยุทธ์ แสงทอง',
  'สุดา ศรีสุข',
  'อนันต์ บุญมา',
  'กนกพร ใจงาม',
  'ธนากร รุ่งเรือง',
  'พิมพ์ชนก วงศ์ใหญ่',
]

interface StoredShot extends YeekeeShot {
  memberId: number | null
}

type Listener = (id: number, event: YeekeeEvent) => void

interface Round {
  shots: StoredShot[]
  /** Round events in order (shots, close, result), for streams that reconnect. */
  log: { id: number; event: YeekeeEvent }[]
  closed: boolean
  working: YeekeeWorking | null
}

const YEEKEE = 'yeekee'

/** Digits derived from a round id: the system's shots of a round nobody watched. */
function systemNumber(drawId: string, i: number): string {
  const hash = createHash('sha256').update(`${drawId}:shot:${i}`).digest()
  return String(hash.readUInt32BE(0) % 100_000).padStart(5, '0')
}

export class YeekeeBook {
  readonly #rounds = new Map<string, Round>()
  readonly #listeners = new Map<string, Set<Listener>>()
  /** Member id -> drawId -> when they last shot (ms). */
  readonly #lastShot = new Map<string, number>()
  bots = true

  reset(): void {
    this.#rounds.clear()
    this.#lastShot.clear()
    this.bots = true
  }

  #round(drawId: string): Round {
    let round = this.#rounds.get(drawId)
    if (!round) {
      round = { shots: [], log: [], closed: false, working: null }
      this.#rounds.set(drawId, round)
    }
    return round
  }

  /**
   * The last event id given. Ids grow within a round, and never start over,
   * not even at a reset: an app that followed a round before the reset has
   * seen ids up to where it was, and takes only newer ones.
   */
  #lastEventId = 0

  #emit(drawId: string, round: Round, event: YeekeeEvent) {
    const id = ++this.#lastEventId
    round.log.push({ id, event })
    for (const listener of this.#listeners.get(drawId) ?? []) listener(id, event)
  }

  /** Adds a shot (limits are the caller's business). */
  add(drawId: string, number: string, by: { id: number | null; name: string }, at: number) {
    const round = this.#round(drawId)
    const shot: StoredShot = {
      seq: round.shots.length + 1,
      number,
      by: by.id === null ? by.name : maskName(by.name),
      at: bangkokIso(at),
      memberId: by.id,
    }
    round.shots.push(shot)
    this.#emit(drawId, round, { type: 'shot', drawId, shot: publicShot(shot) })
    return shot
  }

  /** A member's shot, within the limits; throws the contract's refusal. */
  shoot(
    times: DrawTimes,
    member: { id: number; displayName: string },
    number: string,
    now: number,
  ) {
    if (!this.isOpen(times, now)) throw new ApiError(409, 'ROUND_CLOSED', 'Round closed')
    const round = this.#round(times.id)
    const mine = round.shots.filter((s) => s.memberId === member.id).length
    if (mine >= SHOT_LIMIT) throw new ApiError(409, 'SHOT_LIMIT', 'Shot limit reached')
    const key = `${member.id}:${times.id}`
    const last = this.#lastShot.get(key)
    if (last !== undefined && now - last < PAUSE_SECONDS * 1000) {
      const wait = Math.ceil((PAUSE_SECONDS * 1000 - (now - last)) / 1000)
      throw new ApiError(429, 'SHOT_TOO_SOON', 'Too soon', { 'Retry-After': String(wait) })
    }
    this.#lastShot.set(key, now)
    const shot = this.add(times.id, number, { id: member.id, name: member.displayName }, now)
    return { shot: publicShot(shot), myShots: mine + 1, nextShotAt: this.nextShotAt(key, now) }
  }

  nextShotAt(key: string, now: number): string | null {
    const last = this.#lastShot.get(key)
    if (last === undefined || now - last >= PAUSE_SECONDS * 1000) return null
    return bangkokIso(last + PAUSE_SECONDS * 1000)
  }

  isOpen(times: DrawTimes, now: number): boolean {
    return times.opensAt <= now && now < times.closesAt && !this.#rounds.get(times.id)?.closed
  }

  /** The round's shots as numbers, in order, with the system's added up to 16 once it has closed. */
  #numbers(drawId: string): string[] {
    const shots = this.#rounds.get(drawId)?.shots ?? []
    const numbers = shots.map((s) => s.number)
    for (let i = numbers.length; i < YEEKEE_SUBTRACTED_SHOT; i++)
      numbers.push(systemNumber(drawId, i))
    return numbers
  }

  /** Closes a round: the system fills it to 16 shots (a watched round shows them). */
  close(times: DrawTimes, now: number): void {
    const round = this.#round(times.id)
    if (round.closed) return
    for (let i = round.shots.length; i < YEEKEE_SUBTRACTED_SHOT; i++) {
      this.add(times.id, systemNumber(times.id, i), { id: null, name: SYSTEM_NAME }, now)
    }
    round.closed = true
    this.#emit(times.id, round, { type: 'closed', drawId: times.id })
  }

  /** The round's working once it has closed (a round nobody watched: from the system's shots). */
  workingOf(times: DrawTimes, now: number): YeekeeWorking | null {
    const round = this.#rounds.get(times.id)
    if (round?.working) return round.working
    if (now < times.closesAt && !round?.closed) return null
    return yeekeeWorking(this.#numbers(times.id))
  }

  /** Records the round's result (its drawing time): the working, told to the round's streams. */
  draw(times: DrawTimes, now: number): YeekeeWorking {
    this.close(times, now)
    const round = this.#round(times.id)
    if (round.working) return round.working
    const working = yeekeeWorking(this.#numbers(times.id))
    if (!working) throw new Error('a closed round has 16 shots')
    round.working = working
    this.#emit(times.id, round, { type: 'result', drawId: times.id, working })
    return working
  }

  view(times: DrawTimes, memberId: number, now: number, drawn: boolean): YeekeeRound {
    const round = this.#rounds.get(times.id)
    const shots = round?.shots ?? []
    const closed = !this.isOpen(times, now)
    return {
      drawId: times.id,
      round: times.round ?? 1,
      drawDate: times.drawDate,
      opensAt: bangkokIso(times.opensAt),
      closesAt: bangkokIso(times.closesAt),
      drawsAt: bangkokIso(times.drawsAt),
      status: drawn ? 'drawn' : closed ? 'closed' : 'open',
      shotCount: shots.length,
      shots: shots.slice(-SHOWN_SHOTS).reverse().map(publicShot),
      myShots: shots.filter((s) => s.memberId === memberId).length,
      shotLimit: SHOT_LIMIT,
      pauseSeconds: PAUSE_SECONDS,
      nextShotAt: this.nextShotAt(`${memberId}:${times.id}`, now),
      working: drawn ? this.workingOf(times, now) : null,
    }
  }

  /** Round events after `afterId`, for a stream that reconnects. */
  since(drawId: string, afterId: number) {
    return (this.#rounds.get(drawId)?.log ?? []).filter((entry) => entry.id > afterId)
  }

  lastId(drawId: string): number {
    return this.#rounds.get(drawId)?.log.at(-1)?.id ?? 0
  }

  /** How many event streams follow the round now. */
  streams(drawId: string): number {
    return this.#listeners.get(drawId)?.size ?? 0
  }

  subscribe(drawId: string, listener: Listener): () => void {
    const set = this.#listeners.get(drawId) ?? new Set()
    set.add(listener)
    this.#listeners.set(drawId, set)
    return () => set.delete(listener)
  }

  /** Rounds that should have closed or been drawn by `now` and are not yet. */
  due(
    now: number,
    timesOf: (times: DrawTimes) => DrawTimes,
  ): { toClose: DrawTimes[]; toDraw: DrawTimes[] } {
    const toClose: DrawTimes[] = []
    const toDraw: DrawTimes[] = []
    for (const [drawId, round] of this.#rounds) {
      const raw = drawTimesById(drawId)
      if (!raw) continue
      const times = timesOf(raw)
      if (!round.closed && now >= times.closesAt) toClose.push(times)
      if (!round.working && now >= times.drawsAt) toDraw.push(times)
    }
    return { toClose, toDraw }
  }

  /** A bot shoots in the open round now and then (the demo's busy round). */
  botShot(now: number, random = Math.random): void {
    if (!this.bots) return
    const seed = lottoSeed(YEEKEE)
    const times = seed && nextDrawTimes(seed, now)
    if (!times || !this.isOpen(times, now) || random() > 0.35) return
    const name = BOT_NAMES[Math.floor(random() * BOT_NAMES.length)] ?? SYSTEM_NAME
    const number = String(Math.floor(random() * 100_000)).padStart(5, '0')
    this.add(times.id, number, { id: -1, name }, now)
  }
}

function publicShot({ memberId: _m, ...shot }: StoredShot): YeekeeShot {
  return shot
}

/** The clock's work (every second in the server; POST /__mock/yeekee/tick in tests). */
export function yeekeeTick(state: MockState, now = Date.now()): void {
  const { toClose, toDraw } = state.yeekee.due(now, (times) => state.lotto.times(times))
  for (const times of toClose) state.yeekee.close(times, now)
  for (const times of toDraw) settleYeekee(state, times, now)
  state.yeekee.botShot(now)
}

/** The round's result by its shots, recorded, and its stakes settled. */
export function settleYeekee(state: MockState, times: DrawTimes, now: number): DrawResult {
  const working = state.yeekee.draw(times, now)
  const result = state.lotto.settled.get(times.id) ?? {
    ...state.lotto.settle(times, now, { threeTop: working.threeTop, twoBottom: working.twoBottom }),
    yeekee: working,
  }
  state.lotto.settled.set(times.id, result)
  state.lottoStakes.settle(times.id, result, state.members)
  return result
}

function roundTimes(ctx: RequestContext): DrawTimes {
  const times = drawTimesById(ctx.params.drawId ?? '')
  if (!times || times.lottoId !== YEEKEE) throw new ApiError(404, 'NOT_FOUND', 'No such round')
  return ctx.state.lotto.times(times)
}

async function showRound(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const times = roundTimes(ctx)
  const now = Date.now()
  if (times.opensAt > now) throw new ApiError(404, 'NOT_FOUND', 'Round not open yet')
  const drawn = ctx.state.lotto.settled.has(times.id) || now >= times.drawsAt
  return dataReply(yeekeeRoundResponseSchema, {
    data: ctx.state.yeekee.view(times, member.id, now, drawn),
  })
}

async function shoot(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const times = roundTimes(ctx)
  const { number } = jsonBody(ctx, shootRequestSchema)
  if (ctx.state.lotto.settled.has(times.id)) throw new ApiError(409, 'ROUND_CLOSED', 'Round drawn')
  return dataReply(shootResponseSchema, {
    data: ctx.state.yeekee.shoot(times, member, number, Date.now()),
  })
}

/** GET /lotto/yeekee/rounds/:drawId/events: the round's shots, close and result as SSE. */
async function roundEvents(ctx: RequestContext): Promise<Reply> {
  await ctx.sessions.authenticate(ctx.headers.authorization)
  const times = roundTimes(ctx)
  const header = ctx.headers['last-event-id']
  const raw = Array.isArray(header) ? header[0] : header
  const after = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null
  const book = ctx.state.yeekee
  return {
    kind: 'stream',
    start(res: ServerResponse) {
      startSse(res)
      if (after !== null) {
        for (const { id, event } of book.since(times.id, after)) {
          res.write(sseEvent(id, YEEKEE_EVENT, event))
        }
      }
      res.write(`id: ${book.lastId(times.id)}\n\n`)
      const stop = book.subscribe(times.id, (id, event) =>
        res.write(sseEvent(id, YEEKEE_EVENT, event)),
      )
      const heartbeat = setInterval(() => res.write(': ping\n\n'), ctx.state.events.heartbeatMs)
      res.once('close', () => {
        stop()
        clearInterval(heartbeat)
      })
    },
  }
}

const botsSchema = z.object({ enabled: z.boolean() }).strict()
const shotsSchema = z
  .object({
    drawId: z.string(),
    shots: z
      .array(z.object({ username: z.string().optional(), number: z.string().regex(/^\d{5}$/) }))
      .max(5000),
  })
  .strict()
const countSchema = envelope(z.object({ count: z.number().int() }))

function setBots(ctx: RequestContext) {
  ctx.state.yeekee.bots = jsonBody(ctx, botsSchema).enabled
  return dataReply(countSchema, { data: { count: ctx.state.yeekee.bots ? 1 : 0 } })
}

function addShots(ctx: RequestContext) {
  const { drawId, shots } = jsonBody(ctx, shotsSchema)
  const times = drawTimesById(drawId)
  if (!times || times.lottoId !== YEEKEE) throw new ApiError(404, 'NOT_FOUND', 'No such round')
  for (const { username, number } of shots) {
    const member = username === undefined ? undefined : ctx.state.memberByUsername(username)
    const by = member
      ? { id: member.id, name: member.displayName }
      : { id: -1, name: 'สมาชิก ทดลอง' }
    ctx.state.yeekee.add(drawId, number, by, Date.now())
  }
  return dataReply(countSchema, { data: { count: shots.length } })
}

/** GET /__mock/yeekee/streams?drawId=…: how many event streams follow the round now. */
function roundStreams(ctx: RequestContext) {
  const drawId = ctx.url.searchParams.get('drawId') ?? ''
  return dataReply(countSchema, { data: { count: ctx.state.yeekee.streams(drawId) } })
}

function tick(ctx: RequestContext) {
  yeekeeTick(ctx.state)
  return dataReply(countSchema, { data: { count: 1 } })
}

export const yeekeeRoutes: readonly Route[] = [
  { method: 'GET', path: '/lotto/yeekee/rounds/:drawId', handler: showRound },
  { method: 'POST', path: '/lotto/yeekee/rounds/:drawId/shots', handler: shoot },
  { method: 'GET', path: '/lotto/yeekee/rounds/:drawId/events', handler: roundEvents },
  { method: 'POST', path: '/__mock/yeekee/bots', handler: setBots },
  { method: 'POST', path: '/__mock/yeekee/shots', handler: addShots },
  { method: 'POST', path: '/__mock/yeekee/tick', handler: tick },
  { method: 'GET', path: '/__mock/yeekee/streams', handler: roundStreams },
]
