/** The member backend's API as the app uses it: login, LINE login, refresh, logout, profile, health. */
import {
  healthResponseSchema,
  lineLoginRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  type Member,
  profileResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '../../app/backend/schemas'
import { okResponseSchema } from '../../app/backend/member.schemas'
import { ApiError, dataReply } from './http'
import { jsonBody, type RequestContext, type Route } from './router'
import type { DemoMember } from './state'

/** What the API shows of a member (never the password or the lock flag). */
export function publicMember(member: DemoMember): Member {
  const { id, username, displayName, phone, balance, scopes } = member
  return { id, username, displayName, phone, balance, scopes: [...scopes] }
}

function invalidCredentials(): ApiError {
  return new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid username or password')
}

function assertNotLocked(member: DemoMember): void {
  if (member.locked) throw new ApiError(403, 'MEMBER_LOCKED', 'Member account is locked')
}

async function login(ctx: RequestContext) {
  const { username, password } = jsonBody(ctx, loginRequestSchema)
  const member = ctx.state.memberByUsername(username)
  if (!member || member.password === null || member.password !== password) {
    throw invalidCredentials()
  }
  assertNotLocked(member)
  return dataReply(loginResponseSchema, { data: await ctx.sessions.start(member) })
}

async function loginWithLine(ctx: RequestContext) {
  const { code, redirectUri } = jsonBody(ctx, lineLoginRequestSchema)
  const grant = ctx.state.takeLineGrant(code, Date.now())
  if (!grant || grant.redirectUri !== redirectUri) {
    throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid or used LINE authorization code')
  }
  const member = ctx.state.members.get(grant.memberId)
  if (!member) throw invalidCredentials()
  assertNotLocked(member)
  return dataReply(loginResponseSchema, { data: await ctx.sessions.start(member) })
}

async function refresh(ctx: RequestContext) {
  const { refreshToken } = jsonBody(ctx, refreshRequestSchema)
  return dataReply(refreshResponseSchema, { data: await ctx.sessions.refresh(refreshToken) })
}

/** POST /auth/logout: the session's token family ends (docs/backend-api.md). */
async function logout(ctx: RequestContext) {
  const { refreshToken } = jsonBody(ctx, logoutRequestSchema)
  await ctx.sessions.logout(refreshToken)
  return dataReply(okResponseSchema, { data: { ok: true } })
}

async function profile(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(profileResponseSchema, {
    data: { ...publicMember(member), unreadNotifications: ctx.state.events.unread(member.id) },
  })
}

export const apiRoutes: readonly Route[] = [
  { method: 'POST', path: '/auth/login', handler: login },
  { method: 'POST', path: '/auth/loginwithline', handler: loginWithLine },
  { method: 'POST', path: '/auth/refresh', handler: refresh },
  { method: 'POST', path: '/auth/logout', handler: logout },
  { method: 'GET', path: '/user/profile', handler: profile },
  {
    method: 'GET',
    path: '/healthz',
    handler: () => dataReply(healthResponseSchema, { data: { status: 'ok' } }),
  },
]
