// docs/backend-api.md, "Staff". Calls go out with the staff person's own token via `StaffCaller`
// (the staff session); a watch's token is the member's kind and goes through the watch session.
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

export interface StaffCaller {
  call<S extends z.ZodTypeAny>(req: MemberRequest<S>): Promise<z.output<S>['data']>
}

export interface StaffContext {
  readonly staff: StaffCaller
}

/** A wrong name, password or used code is one 401 INVALID_CREDENTIALS. */
export function staffLogin(body: StaffLoginRequest, signal?: AbortSignal): Promise<StaffLogin> {
  return callBackend({
    method: 'POST',
    path: '/staff/auth/login',
    schema: staffLoginResponseSchema,
    body: { username: body.username, password: body.password, otp: body.otp },
    signal,
  })
}

export function staffRefresh(refreshToken: string): Promise<StaffTokens> {
  return callBackend({
    method: 'POST',
    path: '/staff/auth/refresh',
    schema: staffRefreshResponseSchema,
    body: { refreshToken },
  })
}

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

/** An empty `q` is the backend's 400: ask only with something typed. */
export async function searchMembers(ctx: StaffContext, q: string): Promise<MemberSummary[]> {
  const { members } = await ctx.staff.call({
    method: 'GET',
    path: `/staff/members?${new URLSearchParams({ q })}`,
    schema: memberSearchResponseSchema,
  })
  return members
}

export function memberDetail(ctx: StaffContext, id: number): Promise<StaffMemberDetail> {
  return ctx.staff.call({
    method: 'GET',
    path: `/staff/members/${encodeURIComponent(String(id))}`,
    schema: staffMemberDetailResponseSchema,
  })
}

export function startWatch(ctx: StaffContext, body: WatchStartRequest): Promise<WatchStart> {
  return ctx.staff.call({
    method: 'POST',
    path: '/staff/watches',
    schema: watchStartResponseSchema,
    body: { memberId: body.memberId, reason: body.reason, ticket: body.ticket },
  })
}

export function endWatch(ctx: StaffContext, watchId: string, how: WatchEndHow): Promise<Watch> {
  return ctx.staff.call({
    method: 'POST',
    path: `/staff/watches/${encodeURIComponent(watchId)}/end`,
    schema: watchResponseSchema,
    body: { how },
  })
}

export async function activeWatches(ctx: StaffContext): Promise<Watch[]> {
  const { watches } = await ctx.staff.call({
    method: 'GET',
    path: '/staff/watches?active=true',
    schema: watchesResponseSchema,
  })
  return watches
}
