/**
 * The demo backend's bet slips (docs/backend-api.md, "Lotto" → "Stakes"):
 * the slip's rules per lotto type (rates, amounts, เลขอั้น), placing a slip
 * (checked line by line, idempotent, debiting the member), the member's
 * slips, and settlement (credits winnings). The /__mock/lotto/* controls
 * settle or close draws for tests.
 */
import { z } from 'zod'
import { envelope } from '../../app/backend/schemas'
import {
  drawIdSchema,
  drawResultSchema,
  lottoIdSchema,
  betKindSchema,
  placeStakeRequestSchema,
  placeStakeResponseSchema,
  stakeRulesResponseSchema,
  stakesResponseSchema,
  type BetRule,
  type LimitedNumber,
  type PlaceStakeAnswer,
  type Stake,
  type StakeLine,
  type StakeRules,
} from '../../app/backend/lotto.schemas'
import {
  BET_KINDS,
  BET_KIND_DIGITS,
  isLottoNumber,
  isWinning,
  type BetKind,
} from '../../app/lib/lotto-numbers'
import { ApiError, dataReply } from './http'
import {
  bangkokIso,
  drawTimesById,
  lottoSeed,
  toDraw,
  type LottoCalendar,
  type LottoSeed,
} from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import type { Ledger } from './ledger'
import type { DemoMember } from './state'
import { settleYeekee } from './yeekee'

/** Most lines one slip may hold (the app keeps its slip in a cookie: docs/decisions/0055). */
export const MAX_LINES = 100

type RateTable = Readonly<Record<BetKind, number>>

const RATES: Readonly<Record<LottoSeed['group'], RateTable>> = {
  government: {
    threeTop: 900,
    threeTote: 150,
    twoTop: 90,
    twoBottom: 90,
    runTop: 3.2,
    runBottom: 4.2,
  },
  foreign: {
    threeTop: 850,
    threeTote: 120,
    twoTop: 92,
    twoBottom: 92,
    runTop: 3.2,
    runBottom: 4.2,
  },
  stock: { threeTop: 800, threeTote: 125, twoTop: 90, twoBottom: 90, runTop: 3, runBottom: 4 },
  yeekee: { threeTop: 850, threeTote: 125, twoTop: 92, twoBottom: 92, runTop: 3.2, runBottom: 4.2 },
}

/** Whole baht per line. */
const AMOUNTS: Readonly<Record<BetKind, { minAmount: number; maxAmount: number }>> = {
  threeTop: { minAmount: 1, maxAmount: 2_000 },
  threeTote: { minAmount: 1, maxAmount: 5_000 },
  twoTop: { minAmount: 1, maxAmount: 5_000 },
  twoBottom: { minAmount: 1, maxAmount: 5_000 },
  runTop: { minAmount: 1, maxAmount: 10_000 },
  runBottom: { minAmount: 1, maxAmount: 10_000 },
}

/** เลขอั้น of every type: closed ones (rate null) and ones paid at half the rate. */
const LIMITED: readonly { kind: BetKind; number: string; half: boolean }[] = [
  { kind: 'threeTop', number: '123', half: false },
  { kind: 'threeTote', number: '123', half: false },
  { kind: 'twoTop', number: '99', half: false },
  { kind: 'twoBottom', number: '99', half: false },
  { kind: 'threeTop', number: '321', half: true },
  { kind: 'threeTop', number: '847', half: true },
  { kind: 'twoTop', number: '15', half: true },
  { kind: 'twoBottom', number: '09', half: true },
]

export function betRules(seed: LottoSeed): BetRule[] {
  return BET_KINDS.map((kind) => ({ kind, rate: RATES[seed.group][kind], ...AMOUNTS[kind] }))
}

interface StoredStake extends Stake {
  memberId: number
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** Everything the demo remembers of slips: placed stakes, idempotency keys, extra เลขอั้น. */
export class StakeBook {
  readonly #ledger: Ledger
  stakes: StoredStake[] = []
  nextId = 1
  /** `${memberId}:${key}` -> the accepted answer. */
  answers = new Map<string, PlaceStakeAnswer>()
  /** เลขอั้น added by tests, by lotto id. */
  extraLimited = new Map<string, LimitedNumber[]>()

  /** Stakes and winnings move the balance through the wallet's ledger. */
  constructor(ledger: Ledger) {
    this.#ledger = ledger
  }

  reset(): void {
    this.stakes = []
    this.nextId = 1
    this.answers.clear()
    this.extraLimited.clear()
  }

  limited(seed: LottoSeed): LimitedNumber[] {
    const base = LIMITED.map(({ kind, number, half }) => ({
      kind,
      number,
      rate: half ? RATES[seed.group][kind] / 2 : null,
    }))
    return [...base, ...(this.extraLimited.get(seed.id) ?? [])]
  }

  rules(calendar: LottoCalendar, seed: LottoSeed, now: number): StakeRules {
    const lotto = calendar.lottoTypes(now).find((type) => type.id === seed.id)
    if (!lotto) throw new ApiError(404, 'NOT_FOUND', 'No such lotto type')
    const open = calendar.openDraw(seed, now)
    const draw = open && calendar.isTakingStakes(open, now) ? toDraw(open) : null
    return { lotto, draw, rules: betRules(seed), limited: this.limited(seed), maxLines: MAX_LINES }
  }

  place(
    calendar: LottoCalendar,
    member: DemoMember,
    request: z.output<typeof placeStakeRequestSchema>,
    now: number,
  ): PlaceStakeAnswer {
    const key = `${member.id}:${request.idempotencyKey}`
    const earlier = this.answers.get(key)
    if (earlier) return earlier
    const times = drawTimesById(request.drawId)
    const seed = times && lottoSeed(times.lottoId)
    if (!times || !seed) throw new ApiError(404, 'NOT_FOUND', 'No such draw')
    if (!calendar.isTakingStakes(times, now)) {
      throw new ApiError(409, 'DRAW_CLOSED', 'The draw takes no more stakes')
    }
    const rules = new Map(betRules(seed).map((rule) => [rule.kind, rule]))
    const limited = this.limited(seed)
    const errors: Extract<PlaceStakeAnswer, { outcome: 'refused' }>['errors'] = []
    const seen = new Set<string>()
    const lines = request.lines.map((line: StakeLine, index) => {
      const rule = rules.get(line.kind)
      let rate = rule?.rate ?? 0
      if (!rule || !isLottoNumber(line.number, BET_KIND_DIGITS[line.kind])) {
        errors.push({ line: index, code: 'BAD_NUMBER' })
      } else if (seen.has(`${line.kind}:${line.number}`)) {
        errors.push({ line: index, code: 'DUPLICATE_LINE' })
      } else {
        const limit = limited.find((l) => l.kind === line.kind && l.number === line.number)
        if (limit && limit.rate === null) errors.push({ line: index, code: 'NUMBER_CLOSED' })
        else if (!Number.isInteger(line.amount)) errors.push({ line: index, code: 'BAD_AMOUNT' })
        else if (line.amount < rule.minAmount) errors.push({ line: index, code: 'AMOUNT_TOO_LOW' })
        else if (line.amount > rule.maxAmount) errors.push({ line: index, code: 'AMOUNT_TOO_HIGH' })
        if (limit?.rate) rate = limit.rate
      }
      seen.add(`${line.kind}:${line.number}`)
      return { ...line, rate, status: 'pending' as const, winnings: 0 }
    })
    if (request.lines.length > MAX_LINES) errors.push({ line: null, code: 'TOO_MANY_LINES' })
    const total = round2(lines.reduce((sum, line) => sum + line.amount, 0))
    if (errors.length === 0 && total > member.balance) {
      errors.push({ line: null, code: 'BALANCE_LOW' })
    }
    if (errors.length > 0) return { outcome: 'refused', errors }
    const id = this.nextId++
    this.#ledger.post(member, {
      kind: 'stake',
      amount: -total,
      note: `แทง${seed.name}`,
      ref: `stake:${id}`,
      at: now,
    })
    const stake: StoredStake = {
      id,
      memberId: member.id,
      lottoId: seed.id,
      lottoName: seed.name,
      draw: toDraw(calendar.times(times)),
      placedAt: bangkokIso(now),
      lines,
      total,
      status: 'pending',
      winnings: 0,
      result: null,
    }
    this.stakes.push(stake)
    const answer: PlaceStakeAnswer = {
      outcome: 'accepted',
      stake: publicStake(stake),
      balance: member.balance,
    }
    this.answers.set(key, answer)
    return answer
  }

  ofMember(memberId: number, limit: number): Stake[] {
    return this.stakes
      .filter((stake) => stake.memberId === memberId)
      .reverse()
      .slice(0, limit)
      .map(publicStake)
  }

  /** How many stakes of the draw wait for its result. */
  pendingOf(drawId: string): number {
    return this.stakes.filter((s) => s.draw.id === drawId && s.status === 'pending').length
  }

  /** Judges every pending stake of the draw and credits the winners; returns how many. */
  settle(
    drawId: string,
    result: { threeTop: string; twoTop: string; twoBottom: string },
    members: Map<number, DemoMember>,
  ): number {
    let count = 0
    for (const stake of this.stakes) {
      if (stake.draw.id !== drawId || stake.status !== 'pending') continue
      for (const line of stake.lines) {
        const won = isWinning(line.kind, line.number, result)
        line.status = won ? 'won' : 'lost'
        line.winnings = won ? round2(line.amount * line.rate) : 0
      }
      stake.winnings = round2(stake.lines.reduce((sum, line) => sum + line.winnings, 0))
      stake.status = stake.winnings > 0 ? 'won' : 'lost'
      stake.result = { ...result }
      const member = members.get(stake.memberId)
      if (member && stake.winnings > 0) {
        this.#ledger.post(member, {
          kind: 'winnings',
          amount: stake.winnings,
          note: `ถูกรางวัล${stake.lottoName}`,
          ref: `stake:${stake.id}`,
        })
      }
      this.#ledger.events.emit(stake.memberId, {
        type: 'stake',
        stakeId: stake.id,
        lottoName: stake.lottoName,
        status: stake.winnings > 0 ? 'won' : 'lost',
        winnings: stake.winnings,
      })
      count++
    }
    return count
  }
}

function publicStake({ memberId: _, ...stake }: StoredStake): Stake {
  return structuredClone(stake)
}

function seedParam(ctx: RequestContext): LottoSeed {
  const seed = lottoSeed(ctx.params.id ?? '')
  if (!seed) throw new ApiError(404, 'NOT_FOUND', 'No such lotto type')
  return seed
}

async function stakeRules(ctx: RequestContext) {
  await ctx.sessions.authenticate(ctx.headers.authorization)
  const rules = ctx.state.lottoStakes.rules(ctx.state.lotto, seedParam(ctx), Date.now())
  return dataReply(stakeRulesResponseSchema, { data: rules })
}

async function placeStake(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const request = jsonBody(ctx, placeStakeRequestSchema)
  const answer = ctx.state.lottoStakes.place(ctx.state.lotto, member, request, Date.now())
  return dataReply(placeStakeResponseSchema, { data: answer })
}

async function listStakes(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const raw = Number(ctx.url.searchParams.get('limit') ?? 20)
  const limit = Number.isInteger(raw) ? Math.min(50, Math.max(1, raw)) : 20
  return dataReply(stakesResponseSchema, {
    data: ctx.state.lottoStakes.ofMember(member.id, limit),
  })
}

// /__mock/lotto/*: test controls.

const settleSchema = z
  .object({
    drawId: drawIdSchema,
    threeTop: z
      .string()
      .regex(/^\d{3}$/)
      .optional(),
    twoBottom: z
      .string()
      .regex(/^\d{2}$/)
      .optional(),
  })
  .strict()
  .refine((body) => (body.threeTop === undefined) === (body.twoBottom === undefined), {
    message: 'threeTop and twoBottom go together',
  })
const settleResponseSchema = envelope(
  z.object({ result: drawResultSchema, settledStakes: z.number().int() }),
)

function settle(ctx: RequestContext) {
  const { drawId, threeTop, twoBottom } = jsonBody(ctx, settleSchema)
  const times = drawTimesById(drawId)
  if (!times) throw new ApiError(404, 'NOT_FOUND', `No such draw: ${drawId}`)
  // Stakes are judged once: a second result would contradict the winnings paid.
  if (ctx.state.lotto.settled.has(drawId)) {
    throw new ApiError(409, 'CONFLICT', `Draw already settled: ${drawId}`)
  }
  const numbers = threeTop && twoBottom ? { threeTop, twoBottom } : undefined
  // A yeekee round without numbers given is drawn by its shots, as its clock would.
  if (times.lottoId === 'yeekee' && !numbers) {
    const before = ctx.state.lottoStakes.pendingOf(drawId)
    const result = settleYeekee(ctx.state, ctx.state.lotto.times(times), Date.now())
    return dataReply(settleResponseSchema, { data: { result, settledStakes: before } })
  }
  const result = ctx.state.lotto.settle(times, Date.now(), numbers)
  const settledStakes = ctx.state.lottoStakes.settle(drawId, result, ctx.state.members)
  return dataReply(settleResponseSchema, { data: { result, settledStakes } })
}

const closeSchema = z.union([
  z
    .object({
      drawId: drawIdSchema,
      /** Closes the draw this many ms from now (0 or absent: now). */
      inMs: z.number().int().min(0).max(86_400_000).optional(),
    })
    .strict(),
  z.object({ lottoId: lottoIdSchema, closed: z.boolean().default(true) }).strict(),
])
const okSchema = envelope(z.object({ ok: z.literal(true) }))

function close(ctx: RequestContext) {
  const body = jsonBody(ctx, closeSchema)
  if ('drawId' in body) {
    if (!drawTimesById(body.drawId)) throw new ApiError(404, 'NOT_FOUND', 'No such draw')
    ctx.state.lotto.closesAtOverride.set(body.drawId, Date.now() + (body.inMs ?? 0))
  } else if (body.closed) {
    ctx.state.lotto.closedTypes.add(body.lottoId)
  } else {
    ctx.state.lotto.closedTypes.delete(body.lottoId)
  }
  return dataReply(okSchema, { data: { ok: true } })
}

const limitSchema = z
  .object({
    lottoId: lottoIdSchema,
    kind: betKindSchema,
    number: z.string().regex(/^\d{1,3}$/),
    rate: z.number().positive().nullable(),
  })
  .strict()

/** Adds a เลขอั้น to a type (a closed number when `rate` is null). */
function limit(ctx: RequestContext) {
  const { lottoId, ...limited } = jsonBody(ctx, limitSchema)
  if (!lottoSeed(lottoId)) throw new ApiError(404, 'NOT_FOUND', 'No such lotto type')
  const book = ctx.state.lottoStakes.extraLimited
  book.set(lottoId, [...(book.get(lottoId) ?? []), limited])
  return dataReply(okSchema, { data: { ok: true } })
}

export const lottoStakeRoutes: readonly Route[] = [
  { method: 'GET', path: '/lotto/types/:id/stake-rules', handler: stakeRules },
  { method: 'POST', path: '/lotto/stakes', handler: placeStake },
  { method: 'GET', path: '/lotto/stakes', handler: listStakes },
  { method: 'POST', path: '/__mock/lotto/settle', handler: settle },
  { method: 'POST', path: '/__mock/lotto/close', handler: close },
  { method: 'POST', path: '/__mock/lotto/limit', handler: limit },
]
