/**
 * The demo reward games (/czipz, docs/backend-api.md "Reward games"): a
 * wheel of eight believable Thai prizes and six angpao envelopes, with
 * tickets per member per Bangkok day (3 spins and 1 pick by default). The
 * backend decides the prize: a spin or a pick takes one ticket and draws the
 * prize in the same synchronous step (no other request can take the same
 * ticket), credits it through the wallet's ledger (kind `reward`), and
 * remembers the answer under the member's idempotency key: the same key
 * again gets the same result and takes no second ticket.
 *
 * Test controls: `POST /__mock/czipz/next` `{ prize, game? }` forces the
 * next result (an index into the wheel's slices), `POST /__mock/czipz/tickets`
 * `{ username, wheel?, angpao? }` sets a member's tickets left today.
 */
import { z } from 'zod'
import {
  ANGPAO_ENVELOPES,
  pickRequestSchema,
  rewardGamesResponseSchema,
  rewardResultResponseSchema,
  spinRequestSchema,
  type RewardGame,
  type RewardGames,
  type RewardPlay,
  type RewardPrize,
  type RewardResult,
} from '../../app/backend/czipz.schemas'
import { envelope } from '../../app/backend/schemas'
import { bangkokDay } from './content'
import { ApiError, dataReply } from './http'
import { IdempotentReplies } from './idempotency'
import type { Ledger } from './ledger'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import type { DemoMember } from './state'

/** The wheel's slices clockwise from the top, with how often each comes up (weights). */
export const DEMO_PRIZES: readonly Readonly<RewardPrize & { weight: number }>[] = [
  { id: 'cash-5', label: '฿5', amount: 5, weight: 30 },
  { id: 'cash-10', label: '฿10', amount: 10, weight: 20 },
  { id: 'try-again', label: 'ลองใหม่อีกครั้ง', amount: 0, weight: 25 },
  { id: 'cash-50', label: '฿50', amount: 50, weight: 6 },
  { id: 'free-credit', label: 'เครดิตฟรี ฿20', amount: 20, weight: 10 },
  { id: 'cash-100', label: '฿100', amount: 100, weight: 2 },
  { id: 'cash-1', label: '฿1', amount: 1, weight: 6 },
  { id: 'cash-500', label: 'แจ็กพอต ฿500', amount: 500, weight: 1 },
]

/** Tickets a member gets each Bangkok day. */
export const DAILY_TICKETS: Readonly<Record<RewardGame, number>> = { wheel: 3, angpao: 1 }

const GAME_NOTES: Record<RewardGame, string> = {
  wheel: 'รางวัลจากวงล้อลุ้นโชค',
  angpao: 'รางวัลจากอั่งเปาลุ้นโชค',
}

const HISTORY_LIMIT = 10

/** The Bangkok calendar day of `ms` ("2026-11-24"). */
export function bangkokDate(ms: number): string {
  return bangkokDay(ms, 0).slice(0, 10)
}

interface StoredPlay extends RewardPlay {
  memberId: number
}

export class RewardGameBook {
  readonly #ledger: Ledger
  /** Tickets used, by `${memberId}:${day}:${game}`. */
  used = new Map<string, number>()
  /** Tickets set by a test for a member's day, by the same key (replaces the daily count). */
  granted = new Map<string, number>()
  plays: StoredPlay[] = []
  /** A test's forced next prize (index into DEMO_PRIZES), per game. */
  forced = new Map<RewardGame, number>()
  readonly replies = new IdempotentReplies<RewardResult>()
  #nextId = 1
  /** Random in [0, 1): replaceable in unit tests. */
  random: () => number = Math.random

  /** Extra wheel tickets by member (a coupon's: coupons.ts), used after the day's. */
  readonly #extraWheel: Map<number, number>

  constructor(ledger: Ledger, extraWheelTickets: Map<number, number> = new Map()) {
    this.#ledger = ledger
    this.#extraWheel = extraWheelTickets
  }

  reset(): void {
    this.used.clear()
    this.granted.clear()
    this.plays = []
    this.forced.clear()
    this.replies.reset()
    this.#nextId = 1
    this.random = Math.random
  }

  #key(memberId: number, game: RewardGame, now: number): string {
    return `${memberId}:${bangkokDate(now)}:${game}`
  }

  /** Today's tickets left, not counting a coupon's. */
  #dailyLeft(memberId: number, game: RewardGame, now: number): number {
    const key = this.#key(memberId, game, now)
    const total = this.granted.get(key) ?? DAILY_TICKETS[game]
    return Math.max(0, total - (this.used.get(key) ?? 0))
  }

  ticketsLeft(memberId: number, game: RewardGame, now: number): number {
    const extra = game === 'wheel' ? (this.#extraWheel.get(memberId) ?? 0) : 0
    return this.#dailyLeft(memberId, game, now) + extra
  }

  /** Sets the tickets left today (a test control). */
  setTickets(memberId: number, game: RewardGame, left: number, now: number): void {
    const key = this.#key(memberId, game, now)
    this.granted.set(key, left)
    this.used.delete(key)
  }

  games(memberId: number, now: number): RewardGames {
    return {
      wheel: {
        tickets: this.ticketsLeft(memberId, 'wheel', now),
        slices: DEMO_PRIZES.map(publicPrize),
      },
      angpao: { tickets: this.ticketsLeft(memberId, 'angpao', now), envelopes: ANGPAO_ENVELOPES },
      ticketsResetAt: bangkokDay(now, 1),
      history: this.plays
        .filter((play) => play.memberId === memberId)
        .slice(-HISTORY_LIMIT)
        .reverse()
        .map(publicPlay),
    }
  }

  #draw(game: RewardGame): number {
    const forced = this.forced.get(game)
    if (forced !== undefined) {
      this.forced.delete(game)
      return forced
    }
    const total = DEMO_PRIZES.reduce((sum, prize) => sum + prize.weight, 0)
    let roll = this.random() * total
    for (const [index, prize] of DEMO_PRIZES.entries()) {
      roll -= prize.weight
      if (roll < 0) return index
    }
    return 0
  }

  /**
   * One play: takes a ticket and decides the prize in one synchronous step
   * (so two requests can never share a ticket), credits it, remembers the
   * answer under the key. `envelope` is null for the wheel.
   */
  play(
    member: DemoMember,
    game: RewardGame,
    key: string,
    envelopeIndex: number | null,
    now: number,
  ): RewardResult {
    return this.replies.once(member.id, `${game}:${key}`, { game, envelopeIndex }, () => {
      const left = this.ticketsLeft(member.id, game, now)
      if (left <= 0) throw new ApiError(409, 'NO_TICKETS', `No ${game} ticket left today`)
      if (this.#dailyLeft(member.id, game, now) > 0) {
        const ticketKey = this.#key(member.id, game, now)
        this.used.set(ticketKey, (this.used.get(ticketKey) ?? 0) + 1)
      } else {
        this.#extraWheel.set(member.id, (this.#extraWheel.get(member.id) ?? 0) - 1)
      }
      const prizeIndex = this.#draw(game)
      const prize = publicPrize(DEMO_PRIZES[prizeIndex] ?? DEMO_PRIZES[0]!)
      const play: StoredPlay = {
        id: `R${String(this.#nextId++).padStart(6, '0')}`,
        memberId: member.id,
        game,
        prize,
        at: bangkokIso(now),
      }
      this.plays.push(play)
      if (prize.amount > 0) {
        this.#ledger.post(member, {
          kind: 'reward',
          amount: prize.amount,
          note: `${GAME_NOTES[game]}: ${prize.label}`,
          ref: play.id,
          at: now,
        })
      }
      return {
        play: publicPlay(play),
        index: game === 'wheel' ? prizeIndex : (envelopeIndex ?? 0),
        ticketsLeft: left - 1,
        balance: member.balance,
      }
    })
  }
}

function publicPrize({ id, label, amount }: RewardPrize): RewardPrize {
  return { id, label, amount }
}

function publicPlay({ memberId: _, ...play }: StoredPlay): RewardPlay {
  return { ...play, prize: { ...play.prize } }
}

async function showGames(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(rewardGamesResponseSchema, {
    data: ctx.state.czipz.games(member.id, ctx.state.now()),
  })
}

async function spin(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { idempotencyKey } = jsonBody(ctx, spinRequestSchema)
  const result = ctx.state.czipz.play(member, 'wheel', idempotencyKey, null, ctx.state.now())
  return dataReply(rewardResultResponseSchema, { data: result })
}

async function pick(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { envelope: chosen, idempotencyKey } = jsonBody(ctx, pickRequestSchema)
  if (chosen >= ANGPAO_ENVELOPES) {
    throw new ApiError(400, 'ENVELOPE_INVALID', `Envelopes are 0-${ANGPAO_ENVELOPES - 1}`)
  }
  const result = ctx.state.czipz.play(member, 'angpao', idempotencyKey, chosen, ctx.state.now())
  return dataReply(rewardResultResponseSchema, { data: result })
}

// /__mock/czipz/*: test controls.

const gameSchema = z.enum(['wheel', 'angpao'])
const nextSchema = z
  .object({
    prize: z
      .number()
      .int()
      .min(0)
      .max(DEMO_PRIZES.length - 1),
    /** Without it, the next play of either game. */
    game: gameSchema.optional(),
  })
  .strict()
const ticketsSchema = z
  .object({
    username: z.string().min(1),
    wheel: z.number().int().min(0).max(1000).optional(),
    angpao: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
const okSchema = envelope(z.object({ ok: z.literal(true) }))

function forceNext(ctx: RequestContext) {
  const { prize, game } = jsonBody(ctx, nextSchema)
  for (const g of game ? [game] : gameSchema.options) ctx.state.czipz.forced.set(g, prize)
  return dataReply(okSchema, { data: { ok: true } })
}

function setTickets(ctx: RequestContext) {
  const body = jsonBody(ctx, ticketsSchema)
  const member = ctx.state.memberByUsername(body.username)
  if (!member) throw new ApiError(404, 'NOT_FOUND', `No member ${body.username}`)
  for (const game of gameSchema.options) {
    const left = body[game]
    if (left !== undefined) ctx.state.czipz.setTickets(member.id, game, left, ctx.state.now())
  }
  return dataReply(okSchema, { data: { ok: true } })
}

export const czipzRoutes: readonly Route[] = [
  { method: 'GET', path: '/rewards/games', handler: showGames },
  { method: 'POST', path: '/rewards/wheel/spin', handler: spin },
  { method: 'POST', path: '/rewards/angpao/pick', handler: pick },
  { method: 'POST', path: '/__mock/czipz/next', handler: forceNext },
  { method: 'POST', path: '/__mock/czipz/tickets', handler: setTickets },
]
