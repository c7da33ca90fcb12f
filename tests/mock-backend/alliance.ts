/**
 * The demo backend's teams (docs/backend-api.md, "Alliance"): a seeded team
 * with somsri and a few others (invite code SAIFA7), a second team demo may
 * join (LUCKY9), none for demo so the create form is reachable. Members
 * rank by this month's points; names are unique whatever their letter case.
 */
import {
  allianceResponseSchema,
  createTeamRequestSchema,
  joinTeamRequestSchema,
  leaveTeamResponseSchema,
  teamResponseSchema,
  type Team,
} from '../../app/backend/member.schemas'
import { ApiError, dataReply } from './http'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import type { MockState } from './state'

export const TEAM_MAX_MEMBERS = 10

interface StoredMember {
  /** A demo login's id; null for a seeded name only. */
  memberId: number | null
  name: string
  points: number
}

interface StoredTeam {
  id: number
  name: string
  inviteCode: string
  createdAt: string
  /** The first is the leader. */
  members: StoredMember[]
}

const SEED_TEAMS: readonly Omit<StoredTeam, 'id'>[] = [
  {
    name: 'ทีมสายฟ้า',
    inviteCode: 'SAIFA7',
    createdAt: '2025-10-05',
    members: [
      { memberId: 1002, name: 'สมศรี มีสุข', points: 1_240 },
      { memberId: null, name: 'กิตติพงษ์ ทองดี', points: 2_310 },
      { memberId: null, name: 'นภา แก้วใส', points: 860 },
      { memberId: null, name: 'ศักดิ์ชัย พูลผล', points: 415 },
    ],
  },
  {
    name: 'Lucky Star',
    inviteCode: 'LUCKY9',
    createdAt: '2026-01-18',
    members: [
      { memberId: null, name: 'จิราพร สายสุข', points: 980 },
      { memberId: null, name: 'ณัฐวุฒิ ศรีวงศ์', points: 350 },
    ],
  },
]

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export class TeamBook {
  teams = new Map<number, StoredTeam>()
  nextId = 1

  reset(): void {
    this.teams.clear()
    this.nextId = 1
    for (const seed of SEED_TEAMS) {
      const id = this.nextId++
      this.teams.set(id, { ...seed, id, members: seed.members.map((m) => ({ ...m })) })
    }
  }

  teamOf(memberId: number): StoredTeam | undefined {
    for (const team of this.teams.values()) {
      if (team.members.some((m) => m.memberId === memberId)) return team
    }
    return undefined
  }

  nameTaken(name: string): boolean {
    const wanted = name.toLowerCase()
    return [...this.teams.values()].some((team) => team.name.toLowerCase() === wanted)
  }

  byInviteCode(code: string): StoredTeam | undefined {
    const wanted = code.toUpperCase()
    return [...this.teams.values()].find((team) => team.inviteCode === wanted)
  }

  /** A fresh invite code (deterministic from the id, unique among the teams). */
  newInviteCode(id: number): string {
    let n = id * 7919 + 104_729
    let code = ''
    while (code.length < 6) {
      code += CODE_LETTERS[n % CODE_LETTERS.length]
      n = Math.floor(n / CODE_LETTERS.length) + code.length * 31
    }
    return this.byInviteCode(code) ? `${code}${id}` : code
  }
}

export function publicTeam(team: StoredTeam, memberId: number): Team {
  const leader = team.members[0]
  const ranked = [...team.members].sort((a, b) => b.points - a.points)
  return {
    id: team.id,
    name: team.name,
    inviteCode: team.inviteCode,
    createdAt: team.createdAt,
    maxMembers: TEAM_MAX_MEMBERS,
    members: ranked.map((m, i) => ({
      rank: i + 1,
      name: m.name,
      points: m.points,
      leader: m === leader,
      you: m.memberId === memberId,
    })),
  }
}

function refuseIfInTeam(state: MockState, memberId: number): void {
  if (state.alliance.teamOf(memberId)) {
    throw new ApiError(409, 'ALREADY_IN_TEAM', 'The member is already in a team')
  }
}

async function getTeam(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const team = ctx.state.alliance.teamOf(member.id)
  return dataReply(allianceResponseSchema, { data: team ? publicTeam(team, member.id) : null })
}

async function createTeam(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { name } = jsonBody(ctx, createTeamRequestSchema)
  refuseIfInTeam(ctx.state, member.id)
  if (ctx.state.alliance.nameTaken(name)) {
    throw new ApiError(409, 'TEAM_NAME_TAKEN', 'This team name is taken')
  }
  const book = ctx.state.alliance
  const id = book.nextId++
  const team: StoredTeam = {
    id,
    name,
    inviteCode: book.newInviteCode(id),
    createdAt: bangkokIso(Date.now()).slice(0, 10),
    members: [{ memberId: member.id, name: member.displayName, points: 0 }],
  }
  book.teams.set(id, team)
  return dataReply(teamResponseSchema, { data: publicTeam(team, member.id) }, 201)
}

async function joinTeam(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { inviteCode } = jsonBody(ctx, joinTeamRequestSchema)
  refuseIfInTeam(ctx.state, member.id)
  const team = ctx.state.alliance.byInviteCode(inviteCode)
  if (!team) throw new ApiError(404, 'INVITE_CODE_INVALID', 'No team has this invite code')
  if (team.members.length >= TEAM_MAX_MEMBERS) {
    throw new ApiError(409, 'TEAM_FULL', 'The team is full')
  }
  team.members.push({ memberId: member.id, name: member.displayName, points: 0 })
  return dataReply(teamResponseSchema, { data: publicTeam(team, member.id) })
}

async function leaveTeam(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const team = ctx.state.alliance.teamOf(member.id)
  if (!team) throw new ApiError(409, 'NOT_IN_TEAM', 'The member is in no team')
  team.members = team.members.filter((m) => m.memberId !== member.id)
  // The last member out closes the team (its name is free again).
  if (team.members.length === 0) ctx.state.alliance.teams.delete(team.id)
  return dataReply(leaveTeamResponseSchema, { data: { ok: true } })
}

export const allianceRoutes: readonly Route[] = [
  { method: 'GET', path: '/alliance', handler: getTeam },
  { method: 'POST', path: '/alliance', handler: createTeam },
  { method: 'POST', path: '/alliance/join', handler: joinTeam },
  { method: 'POST', path: '/alliance/leave', handler: leaveTeam },
]
