/**
 * The support console's backend, as the demo backend does it
 * (docs/backend-api.md, "Staff"; decision 0137).
 *
 * Staff are not members: two seed accounts with their own ids and tokens,
 * each logging in with a password and a six-digit code of its authenticator
 * app (TOTP, RFC 6238: SHA-1, 30 s steps, one step either side allowed; a
 * code that let someone in never does again for that account). Logged in,
 * staff find members, read one member's recent money and notifications, and
 * open a watch: a delegated, read-only token of the member's (`act` names the
 * staff person) that lives 30 minutes at most and never refreshes. The
 * read-only rule itself is in one place, the request path (server.ts).
 *
 * Every watch leaves a record. When one ends (its button, its limit on the
 * backend's clock, the staff session's end, a supervisor), its token is
 * refused from then on and the member is told with a `support-watch` event,
 * unless the configuration's `staff.watchNotice` is off. A watch whose limit
 * passed is settled before any call is answered and every second.
 *
 * Controls: POST /__mock/staff-otp gives an account's code now (no clock
 * maths in tests), POST /__mock/staff-watch-limit shortens the watches
 * started from then on; /__mock/reset forgets watches, logins and used codes.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { envelope } from '../../app/backend/schemas'
import {
  memberSearchResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffMeResponseSchema,
  staffMemberDetailResponseSchema,
  staffOkResponseSchema,
  staffOtpSchema,
  staffRefreshRequestSchema,
  staffRefreshResponseSchema,
  watchEndRequestSchema,
  watchesResponseSchema,
  watchResponseSchema,
  watchStartRequestSchema,
  watchStartResponseSchema,
  type MemberSummary,
  type Staff,
  type StaffMemberDetail,
  type Watch,
  type WatchEndHow,
} from '../../app/backend/staff.schemas'
import { notificationText } from '../../app/live/event-text.server'
import { formatThaiDay } from '../../app/lib/thai-date-format'
import { ApiError, dataReply } from './http'
import { bangkokIso } from './lotto-catalog'
import { jsonBody, type RequestContext, type Route } from './router'
import { SEED_STAFF, type StaffAccount, staffTotp } from './staff-accounts'
import { type DemoMember, type Family, type MockState, THAI_BANKS } from './state'

/** The longest a watch lives (its token's `exp`). */
const WATCH_LIMIT_MS = 30 * 60 * 1000
const TOTP_PERIOD_MS = 30_000
/** Steps either side of now a code may come from. */
const TOTP_WINDOW = 1
const MAX_SEARCH = 20
const DETAIL_ITEMS = 10

interface StoredWatch extends Watch {
  /** Revoked when the watch ends: its token answers TOKEN_REVOKED. */
  family: Family
}

/** The staff's accounts, logins, used codes and watches (state.staff). */
export class StaffDesk {
  /** Token families of staff logins (sessions.ts). */
  families = new Map<string, Family>()
  /** Per staff id: the TOTP steps whose code let someone in. */
  usedSteps = new Map<number, Set<number>>()
  watches = new Map<string, StoredWatch>()
  watchLimitMs = WATCH_LIMIT_MS

  reset(): void {
    this.families.clear()
    this.usedSteps.clear()
    this.watches.clear()
    this.watchLimitMs = WATCH_LIMIT_MS
  }

  account(id: number): StaffAccount | undefined {
    return SEED_STAFF.find((s) => s.id === id)
  }

  accountNamed(username: string): StaffAccount | undefined {
    return SEED_STAFF.find((s) => s.username === username)
  }

  /** The family of a watch's token (revoked once the watch ended). */
  watchFamily(watchId: string): Family | undefined {
    return this.watches.get(watchId)?.family
  }

  /**
   * The step of the window whose code `otp` is, when it has not let anyone
   * into this account yet; else null. Judged on the backend's clock.
   */
  matchingStep(account: StaffAccount, otp: string, now: number): number | null {
    if (!staffOtpSchema.safeParse(otp).success) return null
    const totp = staffTotp(account)
    const step = Math.floor(now / TOTP_PERIOD_MS)
    const used = this.usedSteps.get(account.id)
    for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
      const at = step + delta
      if (used?.has(at)) continue
      if (totp.generate({ timestamp: at * TOTP_PERIOD_MS }) === otp) return at
    }
    return null
  }

  /** The code a login may use now: the current step's, or the nearest one not used yet. */
  codeNow(account: StaffAccount, now: number): string {
    const totp = staffTotp(account)
    const step = Math.floor(now / TOTP_PERIOD_MS)
    const used = this.usedSteps.get(account.id)
    const free = [step, step + 1, step - 1].find((at) => !used?.has(at)) ?? step
    return totp.generate({ timestamp: free * TOTP_PERIOD_MS })
  }

  useStep(account: StaffAccount, step: number): void {
    const used = this.usedSteps.get(account.id) ?? new Set<number>()
    for (const old of used) if (old < step - 2 * TOTP_WINDOW) used.delete(old)
    used.add(step)
    this.usedSteps.set(account.id, used)
  }

  /**
   * Ends a watch (an ended one stays as it ended): its token is revoked at
   * once and the member is told, unless the configuration says not to.
   */
  end(state: MockState, watch: StoredWatch, how: WatchEndHow, at: number): void {
    if (watch.endedAt !== null) return
    watch.endedAt = at
    watch.endedHow = how
    watch.family.revoked = true
    if (!state.appConfig.staff.watchNotice) return
    state.events.emit(watch.memberId, {
      type: 'support-watch',
      ticket: watch.ticket,
      startedAt: bangkokIso(watch.startedAt),
      endedAt: bangkokIso(at),
    })
  }

  /** Ends every watch whose limit passed on the backend's clock (at its limit). */
  settle(state: MockState): void {
    const now = state.now()
    for (const watch of this.watches.values()) {
      if (watch.endedAt === null && watch.expiresAt <= now) {
        this.end(state, watch, 'limit', watch.expiresAt)
      }
    }
  }
}

function invalidCredentials(): ApiError {
  return new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid username, password or code')
}

function forbidden(message: string): ApiError {
  return new ApiError(403, 'FORBIDDEN', message)
}

function publicStaff({ id, username, displayName, role }: StaffAccount): Staff {
  return { id, username, displayName, role }
}

function memberSummary(member: DemoMember): MemberSummary {
  const { id, username, displayName, phone, locked } = member
  return { id, username, displayName, phone, isStaff: member.isStaff === true, locked }
}

function publicWatch({ family: _family, ...watch }: StoredWatch): Watch {
  return { ...watch }
}

/**
 * One answer for an unknown username, a wrong password and a wrong or used
 * code. A code is used up only by a login it let through.
 */
async function login(ctx: RequestContext) {
  const { username, password, otp } = jsonBody(ctx, staffLoginRequestSchema)
  const { staff } = ctx.state
  const account = staff.accountNamed(username)
  const step = account ? staff.matchingStep(account, otp, ctx.state.now()) : null
  if (!account || account.password !== password || step === null) throw invalidCredentials()
  staff.useStep(account, step)
  const pair = await ctx.sessions.startStaff(account)
  return dataReply(staffLoginResponseSchema, { data: { ...pair, staff: publicStaff(account) } })
}

async function refresh(ctx: RequestContext) {
  const { refreshToken } = jsonBody(ctx, staffRefreshRequestSchema)
  return dataReply(staffRefreshResponseSchema, {
    data: await ctx.sessions.refreshStaff(refreshToken),
  })
}

/** The login ends, and with it every watch its staff person still has open. */
async function logout(ctx: RequestContext) {
  const { refreshToken } = jsonBody(ctx, staffRefreshRequestSchema)
  const staffId = await ctx.sessions.logoutStaff(refreshToken)
  const { state } = ctx
  for (const watch of state.staff.watches.values()) {
    if (watch.staffId === staffId) state.staff.end(state, watch, 'staff-session', state.now())
  }
  return dataReply(staffOkResponseSchema, { data: { ok: true } })
}

async function me(ctx: RequestContext) {
  const staff = await ctx.sessions.staffCaller(ctx.headers.authorization)
  return dataReply(staffMeResponseSchema, { data: publicStaff(staff) })
}

/** Whether a member answers to `q`: the id exactly, a username's start, a phone's start. */
function memberMatches(member: DemoMember, q: string): boolean {
  if (/^\d+$/.test(q) && member.id === Number(q)) return true
  if (member.username.toLowerCase().startsWith(q.toLowerCase())) return true
  const digits = q.replace(/[\s-]/g, '')
  return /^\d+$/.test(digits) && member.phone.replace(/\D/g, '').startsWith(digits)
}

async function search(ctx: RequestContext) {
  await ctx.sessions.staffCaller(ctx.headers.authorization)
  const q = (ctx.url.searchParams.get('q') ?? '').trim()
  if (q === '') throw new ApiError(400, 'BAD_REQUEST', 'Invalid request: q')
  const members = [...ctx.state.members.values()]
    .filter((member) => memberMatches(member, q))
    .sort((a, b) => a.id - b.id)
    .slice(0, MAX_SEARCH)
    .map(memberSummary)
  return dataReply(memberSearchResponseSchema, { data: { members } })
}

function memberParam(ctx: RequestContext): DemoMember {
  const raw = ctx.params.id ?? ''
  const member = /^\d{1,9}$/.test(raw) ? ctx.state.members.get(Number(raw)) : undefined
  if (!member) throw new ApiError(404, 'NOT_FOUND', 'No such member')
  return member
}

/** What the member's pages would show, newest first, from the demo's own books. */
function memberDetail(state: MockState, member: DemoMember): StaffMemberDetail {
  const now = state.now()
  const account = state.bankAccounts.get(member.id)
  const bank = account && THAI_BANKS.find((b) => b.code === account.bankCode)
  return {
    member: {
      ...memberSummary(member),
      balance: member.balance,
      createdAt: `${state.profiles.memberSince(member.id, now)}T00:00:00+07:00`,
      bank: account && bank ? { name: bank.name, accountNo: account.accountNumber } : null,
    },
    orders: state.orders
      .ofMember(member.id, now)
      .slice(0, DETAIL_ITEMS)
      .map(({ id, amount, status, createdAt }) => ({ id, amount, status, createdAt })),
    withdrawals: state.ledger
      .ofMember(member.id)
      .filter((line) => line.kind === 'withdraw')
      .slice(0, DETAIL_ITEMS)
      .map(({ id, amount, status, at }) => ({
        id,
        amount: Math.abs(amount),
        status,
        createdAt: at,
      })),
    stakes: state.lottoStakes.ofMember(member.id, DETAIL_ITEMS).map((stake) => ({
      id: stake.id,
      title: `${stake.lottoName} งวด ${formatThaiDay(stake.draw.drawDate, 'd MMM BBBB')}${stake.draw.round === null ? '' : ` รอบที่ ${stake.draw.round}`}`,
      amount: stake.total,
      status: stake.status,
      createdAt: stake.placedAt,
    })),
    notifications: state.events.notifications(member.id, DETAIL_ITEMS).map(({ stored, read }) => ({
      id: stored.id,
      title: notificationText(stored.event).title,
      createdAt: stored.event.at,
      read,
    })),
  }
}

async function detail(ctx: RequestContext) {
  await ctx.sessions.staffCaller(ctx.headers.authorization)
  const member = memberParam(ctx)
  return dataReply(staffMemberDetailResponseSchema, { data: memberDetail(ctx.state, member) })
}

async function startWatch(ctx: RequestContext) {
  const staff = await ctx.sessions.staffCaller(ctx.headers.authorization)
  const { memberId, reason, ticket } = jsonBody(ctx, watchStartRequestSchema)
  const member = ctx.state.members.get(memberId)
  if (!member) throw new ApiError(404, 'NOT_FOUND', 'No such member')
  if (member.isStaff) {
    throw new ApiError(403, 'STAFF_ACCOUNT', "A staff person's own account is never watched")
  }
  const desk = ctx.state.staff
  const id = randomUUID()
  const ttlSeconds = Math.floor(Math.min(WATCH_LIMIT_MS, desk.watchLimitMs) / 1000)
  const { token, expiresAt, family } = await ctx.sessions.issueWatchToken(
    { id, memberId },
    staff,
    ttlSeconds,
  )
  desk.watches.set(id, {
    id,
    memberId,
    memberUsername: member.username,
    staffId: staff.id,
    staffUsername: staff.username,
    reason,
    ticket,
    startedAt: ctx.state.now(),
    expiresAt,
    endedAt: null,
    endedHow: null,
    family,
  })
  return dataReply(watchStartResponseSchema, {
    data: {
      watchId: id,
      accessToken: token,
      expiresAt,
      member: { id: member.id, username: member.username },
    },
  })
}

/** The staff person who started it, or any supervisor; an ended watch answers as it ended. */
async function endWatch(ctx: RequestContext) {
  const staff = await ctx.sessions.staffCaller(ctx.headers.authorization)
  const { how } = jsonBody(ctx, watchEndRequestSchema)
  const watch = ctx.state.staff.watches.get(ctx.params.id ?? '')
  if (!watch) throw new ApiError(404, 'NOT_FOUND', 'No such watch')
  if (watch.staffId !== staff.id && staff.role !== 'supervisor') {
    throw forbidden('Only its staff person or a supervisor ends a watch')
  }
  ctx.state.staff.end(ctx.state, watch, how, ctx.state.now())
  return dataReply(watchResponseSchema, { data: publicWatch(watch) })
}

/** Supervisors: the watches (`?active=true`: those still open), newest first. */
async function listWatches(ctx: RequestContext) {
  const staff = await ctx.sessions.staffCaller(ctx.headers.authorization)
  if (staff.role !== 'supervisor') throw forbidden('Supervisors only')
  const activeOnly = ctx.url.searchParams.get('active') === 'true'
  const watches = [...ctx.state.staff.watches.values()]
    .filter((watch) => !activeOnly || watch.endedAt === null)
    .reverse()
    .map(publicWatch)
  return dataReply(watchesResponseSchema, { data: { watches } })
}

const otpControlSchema = z.object({ username: z.string().min(1) }).strict()
const otpControlResponseSchema = envelope(z.object({ otp: staffOtpSchema }))
const watchLimitSchema = z.object({ seconds: z.number().int().min(1).max(1800) }).strict()
const watchLimitResponseSchema = envelope(z.object({ seconds: z.number().int() }))

/** POST /__mock/staff-otp: the code a login of that account may use now. */
function otpControl(ctx: RequestContext) {
  const { username } = jsonBody(ctx, otpControlSchema)
  const account = ctx.state.staff.accountNamed(username)
  if (!account) throw new ApiError(404, 'NOT_FOUND', `No staff named ${username}`)
  return dataReply(otpControlResponseSchema, {
    data: { otp: ctx.state.staff.codeNow(account, ctx.state.now()) },
  })
}

/** POST /__mock/staff-watch-limit: watches started from now on live `seconds` (30 min at most). */
function watchLimitControl(ctx: RequestContext) {
  const { seconds } = jsonBody(ctx, watchLimitSchema)
  ctx.state.staff.watchLimitMs = seconds * 1000
  return dataReply(watchLimitResponseSchema, { data: { seconds } })
}

export const staffRoutes: readonly Route[] = [
  { method: 'POST', path: '/staff/auth/login', handler: login },
  { method: 'POST', path: '/staff/auth/refresh', handler: refresh },
  { method: 'POST', path: '/staff/auth/logout', handler: logout },
  { method: 'GET', path: '/staff/me', handler: me },
  { method: 'GET', path: '/staff/members', handler: search },
  { method: 'GET', path: '/staff/members/:id', handler: detail },
  { method: 'POST', path: '/staff/watches', handler: startWatch },
  { method: 'GET', path: '/staff/watches', handler: listWatches },
  { method: 'POST', path: '/staff/watches/:id/end', handler: endWatch },
  { method: 'POST', path: '/__mock/staff-otp', handler: otpControl },
  { method: 'POST', path: '/__mock/staff-watch-limit', handler: watchLimitControl },
]
