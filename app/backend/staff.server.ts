/**
 * The support console's calls to the backend (docs/backend-api.md, "Staff"):
 * a staff person's login, refresh and logout (no bearer: the body carries
 * what counts), who is logged in, finding a member, one member's account
 * and recent money, and the watches (start one, end one, the supervisors'
 * list of those still open).
 *
 * Staff are not members: these calls go out with the staff person's own
 * token. The staff session implements `StaffCaller` (it adds the token,
 * refreshes it and ends the staff session when the backend refuses it), as
 * the member's session implements `MemberCaller`; an area function takes the
 * route's context and never sees a token. A watch's own token is the
 * member's kind of bearer and goes through the watch session, not here.
 */
import type { z } from 'zod'
import { callBackend, type MemberRequest } from '~/backend/client.server'
import {
  memberSearchResponseSchema,
  staffLoginResponseSchema,
  staffMeResponseSchema,
  staffMemberDetailResponseSchema,
  staffOkResponseSchema,
  staffRefreshResponseSchema,
  watchesResponseSchema,
  watchResponseSchema,
  watchStartResponseSchema,
  type MemberSummary,
  type Staff,
  type StaffLogin,
  type StaffLoginRequest,
  type StaffMemberDetail,
  type StaffTokens,
  type Watch,
  type WatchEndHow,
  type WatchStart,
  type WatchStartRequest,
} from '~/backend/staff.schemas'

export type {
  MemberSummary,
  Staff,
  StaffLogin,
  StaffMemberDetail,
  StaffTokens,
  Watch,
  WatchEndHow,
  WatchStart,
}
export type { StaffRole } from '~/backend/staff.schemas'

/**
 * The staff person's side of a backend call, for one request: a usable
 * staff access token (renewed when needed) and the request's signal. The
 * staff session implements it; the guard hands it to staff pages as
 * `ctx.staff`.
 */
export interface StaffCaller {
  call<S extends z.ZodTypeAny>(req: MemberRequest<S>): Promise<z.output<S>['data']>
}

/** What an area function needs of a staff page's context. */
export interface StaffContext {
  readonly staff: StaffCaller
}

/**
 * `POST /staff/auth/login`: password and the six-digit code of the staff
 * person's authenticator app. A wrong name, password or code (or a code
 * already used) is one BackendError, 401 INVALID_CREDENTIALS.
 */
export function staffLogin(body: StaffLoginRequest, signal?: AbortSignal): Promise<StaffLogin> {
  return callBackend({
    method: 'POST',
    path: '/staff/auth/login',
    schema: staffLoginResponseSchema,
    body: { username: body.username, password: body.password, otp: body.otp },
    signal,
  })
}

/** `POST /staff/auth/refresh`: a new pair (the refresh token rotates, as members' do). */
export function staffRefresh(refreshToken: string): Promise<StaffTokens> {
  return callBackend({
    method: 'POST',
    path: '/staff/auth/refresh',
    schema: staffRefreshResponseSchema,
    body: { refreshToken },
  })
}

/** `POST /staff/auth/logout`: the login ends, and every watch its staff person still had open. */
export async function staffLogout(refreshToken: string): Promise<void> {
  await callBackend({
    method: 'POST',
    path: '/staff/auth/logout',
    schema: staffOkResponseSchema,
    body: { refreshToken },
  })
}

export function staffMe(ctx: StaffContext): Promise<Staff> {
  return ctx.staff.call({ method: 'GET', path: '/staff/me', schema: staffMeResponseSchema })
}

/**
 * Members whose id is `q`, whose username starts with it (any case) or
 * whose phone starts with its digits: at most 20, in id order. An empty
 * `q` is the backend's 400: the caller asks only with something typed.
 */
export async function searchMembers(ctx: StaffContext, q: string): Promise<MemberSummary[]> {
  const { members } = await ctx.staff.call({
    method: 'GET',
    path: `/staff/members?${new URLSearchParams({ q })}`,
    schema: memberSearchResponseSchema,
  })
  return members
}

/** One member's account and newest orders, withdrawals, slips and notifications (404: unknown). */
export function memberDetail(ctx: StaffContext, id: number): Promise<StaffMemberDetail> {
  return ctx.staff.call({
    method: 'GET',
    path: `/staff/members/${encodeURIComponent(String(id))}`,
    schema: staffMemberDetailResponseSchema,
  })
}

/**
 * `POST /staff/watches`: the delegated, read-only token to look at the
 * member's pages, and when it ends (ms of the backend's clock). Refusals:
 * 403 STAFF_ACCOUNT (a staff person's own account), 404, 400.
 */
export function startWatch(ctx: StaffContext, body: WatchStartRequest): Promise<WatchStart> {
  return ctx.staff.call({
    method: 'POST',
    path: '/staff/watches',
    schema: watchStartResponseSchema,
    body: { memberId: body.memberId, reason: body.reason, ticket: body.ticket },
  })
}

/** Ends a watch (its token is refused at once); an ended one answers as it ended. 403 FORBIDDEN: not theirs. */
export function endWatch(ctx: StaffContext, watchId: string, how: WatchEndHow): Promise<Watch> {
  return ctx.staff.call({
    method: 'POST',
    path: `/staff/watches/${encodeURIComponent(watchId)}/end`,
    schema: watchResponseSchema,
    body: { how },
  })
}

/** Supervisors: the watches still open, newest first (403 FORBIDDEN for support). */
export async function activeWatches(ctx: StaffContext): Promise<Watch[]> {
  const { watches } = await ctx.staff.call({
    method: 'GET',
    path: '/staff/watches?active=true',
    schema: watchesResponseSchema,
  })
  return watches
}
