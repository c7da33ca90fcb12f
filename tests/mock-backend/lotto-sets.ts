/**
 * The members' saved number sets (โพยที่บันทึกไว้) in the demo backend: a
 * few believable ones for the demo member, kept per member.
 */
import {
  createStakeSetSchema,
  deleteStakeSetResponseSchema,
  STAKE_SET_LIMITS,
  stakeSetResponseSchema,
  stakeSetsResponseSchema,
  updateStakeSetSchema,
  type StakeLine,
  type StakeSet,
} from '../../app/backend/lotto.schemas'
import { ApiError, dataReply } from './http'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'

interface StoredSet extends StakeSet {
  memberId: number
}

const SEED_SETS: readonly Omit<StoredSet, 'id' | 'updatedAt'>[] = [
  {
    memberId: 1001,
    name: 'เลขเด็ดงวดนี้',
    lines: [
      { kind: 'threeTop', number: '847', amount: 20 },
      { kind: 'threeTote', number: '847', amount: 10 },
      { kind: 'twoBottom', number: '09', amount: 50 },
    ],
  },
  {
    memberId: 1001,
    name: 'เลขวันเกิดแม่',
    lines: [
      { kind: 'twoTop', number: '15', amount: 20 },
      { kind: 'twoTop', number: '51', amount: 20 },
      { kind: 'runBottom', number: '5', amount: 100 },
    ],
  },
]

/** The sets of every member, by id (ids never reused until reset). */
export class StakeSets {
  sets = new Map<number, StoredSet>()
  nextId = 1

  reset(now = Date.now()): void {
    this.sets.clear()
    this.nextId = 1
    for (const seed of SEED_SETS) this.add(seed.memberId, seed.name, seed.lines, now)
  }

  add(memberId: number, name: string, lines: StakeLine[], now = Date.now()): StoredSet {
    const set: StoredSet = {
      id: this.nextId++,
      memberId,
      name,
      lines: lines.map((line) => ({ ...line })),
      updatedAt: bangkokIso(now),
    }
    this.sets.set(set.id, set)
    return set
  }

  /** The member's sets, the most recently changed first (then the newest). */
  ofMemberAll(memberId: number): StoredSet[] {
    return [...this.sets.values()]
      .filter((set) => set.memberId === memberId)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id)
  }

  /** The member's set with this id (another member's set does not exist for them). */
  ofMember(memberId: number, id: number): StoredSet | undefined {
    const set = this.sets.get(id)
    return set?.memberId === memberId ? set : undefined
  }
}

export function publicSet({ memberId: _, ...set }: StoredSet): StakeSet {
  return { ...set, lines: set.lines.map((line) => ({ ...line })) }
}

/** The `:id` of a stake-set path, as the positive integer it must be. */
export function setIdParam(ctx: RequestContext): number {
  const id = Number(ctx.params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, 'NOT_FOUND', 'No such set')
  return id
}

async function getSet(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const set = ctx.state.stakeSets.ofMember(member.id, setIdParam(ctx))
  if (!set) throw new ApiError(404, 'NOT_FOUND', 'No such set')
  return dataReply(stakeSetResponseSchema, { data: publicSet(set) })
}

async function listSets(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const sets = ctx.state.stakeSets.ofMemberAll(member.id).map(publicSet)
  return dataReply(stakeSetsResponseSchema, { data: sets })
}

async function createSet(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { name, lines } = jsonBody(ctx, createStakeSetSchema)
  if (ctx.state.stakeSets.ofMemberAll(member.id).length >= STAKE_SET_LIMITS.maxSets) {
    throw new ApiError(409, 'CONFLICT', `At most ${STAKE_SET_LIMITS.maxSets} sets`)
  }
  const set = ctx.state.stakeSets.add(member.id, name, lines)
  return dataReply(stakeSetResponseSchema, { data: publicSet(set) }, 201)
}

async function updateSet(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const set = ctx.state.stakeSets.ofMember(member.id, setIdParam(ctx))
  if (!set) throw new ApiError(404, 'NOT_FOUND', 'No such set')
  const { name, lines } = jsonBody(ctx, updateStakeSetSchema)
  if (name !== undefined) set.name = name
  if (lines !== undefined) set.lines = lines.map((line) => ({ ...line }))
  set.updatedAt = bangkokIso(Date.now())
  return dataReply(stakeSetResponseSchema, { data: publicSet(set) })
}

async function deleteSet(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const id = setIdParam(ctx)
  if (!ctx.state.stakeSets.ofMember(member.id, id)) {
    throw new ApiError(404, 'NOT_FOUND', 'No such set')
  }
  ctx.state.stakeSets.sets.delete(id)
  return dataReply(deleteStakeSetResponseSchema, { data: { ok: true } })
}

export const stakeSetRoutes: readonly Route[] = [
  { method: 'GET', path: '/lotto/stake-sets', handler: listSets },
  { method: 'POST', path: '/lotto/stake-sets', handler: createSet },
  { method: 'GET', path: '/lotto/stake-sets/:id', handler: getSet },
  { method: 'PUT', path: '/lotto/stake-sets/:id', handler: updateSet },
  { method: 'DELETE', path: '/lotto/stake-sets/:id', handler: deleteSet },
]
