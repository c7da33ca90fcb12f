/**
 * The demo backend's profile calls (docs/backend-api.md, "Profile"): the
 * account details, changing the password, and linking or unlinking LINE.
 *
 * A LINE account is a demo member's LINE identity: the consent page's
 * "ใช้บัญชี …" buttons pick whose. somsri and somying (LINE-only) start
 * linked to their own; demo starts unlinked, so linking is reachable, and
 * linking demo to somying's LINE is the 409 LINE_ALREADY_LINKED.
 */
import {
  accountResponseSchema,
  changePasswordRequestSchema,
  lineLinkRequestSchema,
  lineStatusResponseSchema,
  okResponseSchema,
  type Account,
} from '../../app/backend/member.schemas'
import { ApiError, dataReply } from './http'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import { type DemoMember, type MockState, THAI_BANKS } from './state'

/** When the seed members joined (Bangkok dates). */
const SEED_JOINED: ReadonlyMap<number, string> = new Map([
  [1001, '2024-03-15'],
  [1002, '2023-11-02'],
  [1003, '2024-01-10'],
  [1004, '2025-06-20'],
])

/** Seed LINE links: member id -> the LINE identity (a member id). */
const SEED_LINE_LINKS: ReadonlyMap<number, number> = new Map([
  [1002, 1002],
  [1004, 1004],
])

export class ProfileBook {
  joined = new Map<number, string>()
  /** Member id -> the linked LINE identity. */
  lineLinks = new Map<number, number>()

  reset(): void {
    this.joined = new Map(SEED_JOINED)
    this.lineLinks = new Map(SEED_LINE_LINKS)
  }

  /** A member's join date; a member registered since the seed joined on first asking. */
  memberSince(memberId: number, now = Date.now()): string {
    let date = this.joined.get(memberId)
    if (!date) {
      date = bangkokIso(now).slice(0, 10)
      this.joined.set(memberId, date)
    }
    return date
  }

  /** The member linked to this LINE identity, if any. */
  linkedTo(lineId: number): number | undefined {
    for (const [memberId, linked] of this.lineLinks) if (linked === lineId) return memberId
    return undefined
  }
}

/** A LINE display name for an identity: the demo member's first name. */
function lineName(state: MockState, lineId: number): string {
  return state.members.get(lineId)?.displayName.split(' ')[0] ?? 'LINE'
}

function lineStatus(state: MockState, member: DemoMember): Account['line'] {
  const linked = state.profiles.lineLinks.get(member.id)
  return {
    linked: linked !== undefined,
    name: linked === undefined ? null : lineName(state, linked),
    required: member.password === null,
  }
}

export function accountOf(state: MockState, member: DemoMember): Account {
  const account = state.bankAccounts.get(member.id)
  const bank = account && THAI_BANKS.find((b) => b.code === account.bankCode)
  return {
    username: member.username,
    displayName: member.displayName,
    phone: member.phone,
    memberSince: state.profiles.memberSince(member.id),
    bank:
      account && bank
        ? {
            code: bank.code,
            name: bank.name,
            accountNumber: account.accountNumber,
            accountName: account.accountName,
          }
        : null,
    line: lineStatus(state, member),
  }
}

async function getAccount(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(accountResponseSchema, { data: accountOf(ctx.state, member) })
}

async function changePassword(ctx: RequestContext) {
  const { member, family } = await ctx.sessions.caller(ctx.headers.authorization)
  const { currentPassword, newPassword } = jsonBody(ctx, changePasswordRequestSchema)
  if (member.password === null || member.password !== currentPassword) {
    throw new ApiError(400, 'WRONG_PASSWORD', 'The current password is wrong')
  }
  member.password = newPassword
  // Whoever knew the old password (or holds a stolen token) is logged out; the caller is not.
  ctx.sessions.revokeOthers(member, family)
  return dataReply(okResponseSchema, { data: { ok: true } })
}

/** POST /auth/logout-others: every login of the member but the caller's ends. */
async function logoutOthers(ctx: RequestContext) {
  const { member, family } = await ctx.sessions.caller(ctx.headers.authorization)
  ctx.sessions.revokeOthers(member, family)
  return dataReply(okResponseSchema, { data: { ok: true } })
}

async function linkLine(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { code, redirectUri } = jsonBody(ctx, lineLinkRequestSchema)
  const grant = ctx.state.takeLineGrant(code, Date.now())
  if (!grant || grant.redirectUri !== redirectUri) {
    throw new ApiError(400, 'LINE_CODE_INVALID', 'Invalid or used LINE authorization code')
  }
  const owner = ctx.state.profiles.linkedTo(grant.memberId)
  if (owner !== undefined && owner !== member.id) {
    throw new ApiError(409, 'LINE_ALREADY_LINKED', 'This LINE account is linked to another member')
  }
  ctx.state.profiles.lineLinks.set(member.id, grant.memberId)
  return dataReply(lineStatusResponseSchema, { data: lineStatus(ctx.state, member) })
}

async function unlinkLine(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  if (member.password === null) {
    throw new ApiError(409, 'LINE_REQUIRED', 'A member without a password must keep LINE')
  }
  ctx.state.profiles.lineLinks.delete(member.id)
  return dataReply(lineStatusResponseSchema, { data: lineStatus(ctx.state, member) })
}

export const profileRoutes: readonly Route[] = [
  { method: 'GET', path: '/user/account', handler: getAccount },
  { method: 'POST', path: '/user/password', handler: changePassword },
  { method: 'POST', path: '/auth/logout-others', handler: logoutOthers },
  { method: 'POST', path: '/user/line/link', handler: linkLine },
  { method: 'POST', path: '/user/line/unlink', handler: unlinkLine },
]
