/**
 * The promotions members take part in, in the demo backend
 * (docs/backend-api.md, "Promotions"). The list itself is content.ts's; here
 * a member accepts one and its turnover is followed: the turnover done is
 * what the entry started with (the seed) plus the member's stakes in the
 * ledger since accepting. Rules: an acceptable promotion only; welcome-100
 * is for members who registered here (not the seed members:
 * PROMOTION_NOT_ELIGIBLE); the same one twice is ALREADY_ACCEPTED; another
 * while one is active is ONE_ACTIVE_ONLY.
 */
import {
  memberPromotionsResponseSchema,
  promotionAcceptRequestSchema,
  promotionAcceptResponseSchema,
  type MemberPromotion,
} from '../../app/backend/rewards.schemas'
import { demoPromotions } from './content'
import { ApiError, dataReply } from './http'
import { IdempotentReplies } from './idempotency'
import { round2, type Ledger } from './ledger'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import { SEED_MEMBERS, type DemoMember } from './state'

/** Baht of play each acceptable promotion asks for. */
export const TURNOVER_REQUIRED: Readonly<Record<string, number>> = {
  'welcome-100': 5000,
  'daily-deposit': 3000,
  'lotto-weekly': 1000,
}

/** Only for members who registered (the seed members are old members). */
const NEW_MEMBERS_ONLY = new Set(['welcome-100'])

interface Entry {
  memberId: number
  promotionId: string
  title: string
  acceptedAt: number
  /** Turnover counted before the ledger (the seed's). */
  baseDone: number
}

export class PromotionEntries {
  entries: Entry[] = []
  readonly replies = new IdempotentReplies<MemberPromotion>()

  constructor(private readonly ledger: Ledger) {}

  reset(now = Date.now()): void {
    this.entries = []
    this.replies.reset()
    // สมศรี took the daily deposit bonus two days ago and has played part of it.
    this.entries.push({
      memberId: 1002,
      promotionId: 'daily-deposit',
      title: 'ฝากทุกวัน รับโบนัส 10%',
      acceptedAt: now - 2 * 86_400_000,
      baseDone: 1250,
    })
  }

  #view(entry: Entry): MemberPromotion {
    const required = TURNOVER_REQUIRED[entry.promotionId] ?? 0
    let staked = 0
    for (const line of this.ledger.lines) {
      if (line.memberId !== entry.memberId || line.kind !== 'stake') continue
      if (line.status !== 'success' || Date.parse(line.at) < entry.acceptedAt) continue
      staked -= line.amount
    }
    const done = round2(Math.min(required, entry.baseDone + staked))
    return {
      promotionId: entry.promotionId,
      title: entry.title,
      acceptedAt: bangkokIso(entry.acceptedAt),
      status: done >= required ? 'completed' : 'active',
      turnoverRequired: required,
      turnoverDone: done,
    }
  }

  of(memberId: number): MemberPromotion[] {
    return this.entries
      .filter((entry) => entry.memberId === memberId)
      .reverse()
      .map((entry) => this.#view(entry))
  }

  accept(member: DemoMember, promotionId: string, now: number): MemberPromotion {
    const promotion = demoPromotions(now).find((p) => p.id === promotionId)
    if (!promotion) throw new ApiError(404, 'NOT_FOUND', 'No such promotion')
    const isSeed = SEED_MEMBERS.some((seed) => seed.id === member.id)
    if (!promotion.acceptable || (NEW_MEMBERS_ONLY.has(promotion.id) && isSeed)) {
      throw new ApiError(403, 'PROMOTION_NOT_ELIGIBLE', 'This promotion is not for this member')
    }
    const mine = this.of(member.id)
    if (mine.some((entry) => entry.promotionId === promotion.id)) {
      throw new ApiError(409, 'ALREADY_ACCEPTED', 'This promotion was accepted already')
    }
    if (mine.some((entry) => entry.status === 'active')) {
      throw new ApiError(409, 'ONE_ACTIVE_ONLY', 'Another promotion is still active')
    }
    const entry: Entry = {
      memberId: member.id,
      promotionId: promotion.id,
      title: promotion.title,
      acceptedAt: now,
      baseDone: 0,
    }
    this.entries.push(entry)
    return this.#view(entry)
  }
}

async function mine(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(memberPromotionsResponseSchema, {
    data: ctx.state.promotionEntries.of(member.id),
  })
}

async function accept(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const body = jsonBody(ctx, promotionAcceptRequestSchema)
  const promotionId = ctx.params.id ?? ''
  const book = ctx.state.promotionEntries
  const answer = book.replies.once(member.id, body.idempotencyKey, { promotionId }, () =>
    book.accept(member, promotionId, ctx.state.now()),
  )
  return dataReply(promotionAcceptResponseSchema, { data: answer })
}

export const promotionRoutes: readonly Route[] = [
  { method: 'GET', path: '/promotions/mine', handler: mine },
  { method: 'POST', path: '/promotions/:id/accept', handler: accept },
]
