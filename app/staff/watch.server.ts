// Watches (docs/decisions/0139, 0156): support staff see a member's screen read only, for at most
// 30 minutes, on the record. The staff session's own cookie is never touched by a watch.
import { appConfig } from '~/backend/config.server'
import {
  endWatch as endWatchInBackend,
  startWatch,
  type StaffContext,
} from '~/backend/staff.server'
import { accessForPath } from '~/lib/pages'
import { perRequest } from '~/server/request-context.server'
import { redirectWithToast } from '~/server/toast.server'
import type { AppLoadContext } from '@remix-run/node'
import type { WatcherStaff } from '~/session/strategies.server'
import { STAFF_LOGIN_PATH, visiblePath } from '~/lib/redirects'
import {
  endSession,
  endSessionId,
  newSessionId,
  type MemberSession,
  type SessionPayload,
} from '~/session/session.server'
import {
  isStaffSessionEnded,
  STAFF_TOTAL_MS,
  type StaffSession,
} from '~/staff/staff-session.server'
import { env } from '~/server/env.server'
import { createSharedStore } from '~/server/store.server'
import { sharedRateLimiter } from '~/limits/rate-limit.server'
import type { ShellWatch } from '~/lib/shell'
import {
  auditWritable,
  recordWatchEnd,
  recordWatchStart,
  recordWatchStartLimited,
  recordWatchView,
  watchEnded,
  type WatchEnd,
} from '~/staff/watch-audit.server'

export const WATCH_MAX_MS = 30 * 60_000

export const WATCH_MESSAGES = {
  ended: 'การดูหน้าจอสมาชิกสิ้นสุดแล้ว',
  limit: 'ครบเวลาดูหน้าจอสมาชิกแล้ว การดูสิ้นสุดลง',
  staffSessionEnded: 'เซสชันเจ้าหน้าที่สิ้นสุดแล้ว การดูหน้าจอสมาชิกจึงจบลงด้วย',
  tokenWatchOff: 'การดูหน้าจอสมาชิกด้วยโทเค็นถูกปิดใช้งานแล้ว กรุณาใช้คอนโซลเจ้าหน้าที่ที่ /staff',
  staffAccount: 'ไม่สามารถดูหน้าจอของบัญชีเจ้าหน้าที่ได้',
  noRecord: 'ขณะนี้ระบบยังบันทึกการดูหน้าจอไม่ได้ จึงยังเริ่มดูไม่ได้ กรุณาแจ้งผู้ดูแลระบบ',
  tooMany: (minutes: number) =>
    `คุณเริ่มดูหน้าจอสมาชิกบ่อยเกินกำหนด กรุณารอ ${minutes} นาทีแล้วลองใหม่ หัวหน้าฝ่ายบริการจะเห็นรายการนี้ในบันทึก`,
  tokenWatchNeedsStaff: 'การดูหน้าจอสมาชิกด้วยโทเค็นต้องเข้าสู่ระบบเจ้าหน้าที่ก่อน',
} as const

export const supervisorEndedMessage = (by: string | null) =>
  `${by ? `หัวหน้าฝ่ายบริการ (${by})` : 'หัวหน้าฝ่ายบริการ'} จบการดูหน้าจอสมาชิกนี้แล้ว`

export type Watch = NonNullable<SessionPayload['watch']>

/** A watcher cookie written before watches had their part is a pasted-token watch. */
export function watchOf(payload: SessionPayload | null | undefined): Watch | null {
  if (payload?.strategy !== 'watcher') return null
  return (
    payload.watch ?? {
      id: payload.sid,
      memberUsername: '',
      expiresAt: payload.accessExpiresAt,
    }
  )
}

export function isTokenWatch(watch: Watch): boolean {
  return watch.kind === 'token' || !watch.staff
}

export function watchExitPath(payload: SessionPayload): string {
  const watch = watchOf(payload)
  return watch && !isTokenWatch(watch) ? `/staff/members/${payload.mid ?? ''}` : '/watcher'
}

export function shellWatch(payload: SessionPayload | null, now = Date.now()): ShellWatch | null {
  const watch = watchOf(payload)
  if (!watch) return null
  return {
    staffName: watch.staff ? watch.staff.displayName || watch.staff.username : null,
    expiresAt: watch.expiresAt,
    now,
    exitPath: watchExitPath(payload as SessionPayload),
  }
}

export class WatchStartRefused extends Error {
  constructor(
    readonly status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message)
    this.name = 'WatchStartRefused'
  }
}

export interface WatchStartInput {
  memberId: number
  reason: string
  ticket: string
}

export async function startStaffWatch(
  ctx: StaffContext & { session: MemberSession; staffSession: StaffSession },
  input: WatchStartInput,
  now = Date.now(),
): Promise<void> {
  const staff = ctx.staffSession.payload
  if (!staff) throw new Error('startStaffWatch: no staff session')
  if (!auditWritable()) throw new WatchStartRefused(503, WATCH_MESSAGES.noRecord, null)
  await holdBackBursts(staff.staff, input.memberId)
  const started = await startWatch(ctx, input)
  // The watch ends before its staff session can: its idle clock starts again now, and its 8 hours bound it.
  const expiresAt = Math.min(started.expiresAt, now + WATCH_MAX_MS, staff.iat + STAFF_TOTAL_MS)
  ctx.staffSession.set({ ...staff, seen: now })
  const sid = newSessionId()
  const memberId = String(started.member.id)
  try {
    recordWatchStart({
      at: now,
      watchId: started.watchId,
      kind: 'staff',
      memberId,
      memberUsername: started.member.username,
      staffId: staff.staff.id,
      staffUsername: staff.staff.username,
      reason: input.reason,
      ticket: input.ticket,
      expiresAt,
      sid,
    })
  } catch (error) {
    // Off the record no watch begins: its token dies at once.
    console.error(
      `[audit] the start of watch ${started.watchId} could not be journaled: ${String(error)}`,
    )
    await endWatchInBackend(ctx, started.watchId, 'button').catch(() => undefined)
    throw new WatchStartRefused(503, WATCH_MESSAGES.noRecord, null)
  }
  ctx.session.set({
    v: 2,
    sid,
    strategy: 'watcher',
    mid: memberId,
    iat: now,
    accessToken: started.accessToken,
    accessExpiresAt: expiresAt,
    refreshExpiresAt: null,
    watch: {
      id: started.watchId,
      kind: 'staff',
      memberUsername: started.member.username,
      expiresAt,
      staff: {
        id: staff.staff.id,
        username: staff.staff.username,
        displayName: staff.staff.displayName,
        sid: staff.sid,
      },
    },
  })
}

let startLimiter: ReturnType<typeof sharedRateLimiter> | undefined
const burstNoted = createSharedStore<true>('watch-start-burst')

/** Counted across instances: a burst (a script, a stolen session) is refused and put on the record. */
async function holdBackBursts(
  staff: { id: number; username: string },
  memberId: number,
): Promise<void> {
  const { STAFF_WATCH_START_LIMIT: limit, STAFF_WATCH_START_WINDOW_S: windowS } = env()
  startLimiter ??= sharedRateLimiter('watch-start', { limit, windowMs: windowS * 1000 })
  const hit = await startLimiter.hit(String(staff.id))
  if (!hit.limited) return
  const key = String(staff.id)
  if ((await burstNoted.get(key)) === undefined) {
    await burstNoted.set(key, true, Math.max(1000, hit.retryAfterMs))
    recordWatchStartLimited({
      staffId: staff.id,
      staffUsername: staff.username,
      memberId: String(memberId),
      limit,
      windowSeconds: windowS,
    })
  }
  const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000))
  throw new WatchStartRefused(429, WATCH_MESSAGES.tooMany(Math.ceil(seconds / 60)), seconds)
}

/** Decision 0156. */
export function tokenWatchStaff(staffSession: StaffSession, now = Date.now()): WatcherStaff {
  const staff = staffSession.payload
  if (!staff) throw new Error('tokenWatchStaff: no staff session')
  staffSession.set({ ...staff, seen: now })
  return {
    person: {
      id: staff.staff.id,
      username: staff.staff.username,
      displayName: staff.staff.displayName,
      sid: staff.sid,
    },
    endsBy: Math.min(now + WATCH_MAX_MS, staff.iat + STAFF_TOTAL_MS),
  }
}

export function recordTokenWatchStart(
  payload: SessionPayload | null,
  request: { reason: string; ticket: string } | null = null,
): void {
  const watch = watchOf(payload)
  if (!payload || !watch) return
  recordWatchStart({
    at: payload.iat ?? Date.now(),
    watchId: watch.id,
    kind: 'token',
    memberId: payload.mid ?? '',
    memberUsername: watch.memberUsername,
    staffId: watch.staff?.id ?? null,
    staffUsername: watch.staff?.username ?? null,
    reason: request?.reason ?? null,
    ticket: request?.ticket ?? null,
    expiresAt: watch.expiresAt,
    sid: payload.sid,
  })
}

/** Never throws for a backend that cannot be told: the watch ends here regardless. */
export async function endThisWatch(
  ctx: Partial<StaffContext> & { session: MemberSession; staffSession?: StaffSession },
  how: WatchEnd,
): Promise<void> {
  const payload = ctx.session.asRead
  const watch = watchOf(payload)
  if (!payload || !watch) return
  const backendHow = how === 'turned-off' || how === 'revoked' ? null : how
  if (!isTokenWatch(watch) && ctx.staff && ctx.staffSession?.loggedIn && backendHow) {
    await endWatchInBackend(ctx as StaffContext, watch.id, backendHow).catch(() => undefined)
  }
  await Promise.all([endSession(payload), recordWatchEnd(watch.id, how)])
  ctx.session.clear()
}

export async function endWatchAsSupervisor(
  ctx: StaffContext & { staffSession: StaffSession },
  watch: { watchId: string; sid: string | null; expiresAt: number | null },
  now = Date.now(),
): Promise<void> {
  // Noted first: the watch's own next request (its token refused a moment later) reads who ended it.
  await recordWatchEnd(watch.watchId, 'supervisor', ctx.staffSession.payload?.staff.username)
  await endWatchInBackend(ctx, watch.watchId, 'supervisor')
  if (watch.sid) await endSessionId(watch.sid, (watch.expiresAt ?? now + WATCH_MAX_MS) - now)
}

function endFound(session: MemberSession, watch: Watch, now: number): WatchEnd {
  const ranOut =
    (watch.expiresAt !== null && watch.expiresAt <= now) ||
    session.endedBy === 'TOKEN_EXPIRED' ||
    (session.expired && session.endedBy === null)
  return ranOut ? 'limit' : 'revoked'
}

interface WatchExit {
  path: string
  type: 'info' | 'error'
  message: string
}

const exitTo = ({ path, type, message }: WatchExit) => redirectWithToast(path, { type, message })

function overMessage(note: { how: WatchEnd; by: string | null }): string {
  if (note.how === 'supervisor') return supervisorEndedMessage(note.by)
  return note.how === 'limit' ? WATCH_MESSAGES.limit : WATCH_MESSAGES.ended
}

async function overExit(
  session: MemberSession,
  context: AppLoadContext,
  now: number,
): Promise<WatchExit | null> {
  const payload = session.asRead
  const watch = watchOf(payload)
  if (!payload || !watch) return null
  // Ended elsewhere (a supervisor, another tab): the note says how, and who.
  const noted = await perRequest(context, 'watch-ended', () => watchEnded(watch.id))
  if (session.loggedIn && !noted) return null
  let note = noted
  if (!note) {
    const how = endFound(session, watch, now)
    await perRequest(context, 'watch-end', () => recordWatchEnd(watch.id, how))
    note = { how, by: null }
  } else if (session.loggedIn) {
    // Its cookie outlived the end (the supervisor could not tell its session): it ends here.
    await endSession(payload)
    session.clear()
  }
  return { path: watchExitPath(payload), type: 'info', message: overMessage(note) }
}

export async function watchOver(
  session: MemberSession,
  context: AppLoadContext,
  now = Date.now(),
): Promise<Response | null> {
  const exit = await overExit(session, context, now)
  return exit ? exitTo(exit) : null
}

export interface WatchGateContext {
  request: Request
  url: URL
  context: AppLoadContext
  session: MemberSession
  staffSession: StaffSession
  staffPage: boolean
}

/**
 * The staff cookie is SameSite=Strict: a link from another site arrives without it (decision 0156),
 * so the shared store says whether the session ended.
 */
async function staffSessionHolds(staffSession: StaffSession, sid: string): Promise<boolean> {
  if (staffSession.payload) return staffSession.payload.sid === sid
  if (staffSession.expired) return false
  return !(await isStaffSessionEnded(sid))
}

async function gateOnce(ctx: WatchGateContext): Promise<WatchExit | null> {
  const { session, staffSession, url, request } = ctx
  const watch = watchOf(session.asRead)
  if (!watch) return null
  const over = await overExit(session, ctx.context, Date.now())
  if (over) return over
  if (watch.staff && !(await staffSessionHolds(staffSession, watch.staff.sid))) {
    await endThisWatch({ session }, 'staff-session')
    return { path: STAFF_LOGIN_PATH, type: 'error', message: WATCH_MESSAGES.staffSessionEnded }
  }
  if (isTokenWatch(watch) && !(await appConfig(request.signal)).staff.tokenWatcher) {
    await endThisWatch({ session }, 'turned-off')
    return { path: '/watcher', type: 'error', message: WATCH_MESSAGES.tokenWatchOff }
  }
  // A page the member sees (not the shell's `/_root.data` revalidation, not the console).
  const access = accessForPath(url.pathname)
  const seen = access === 'public' || access === 'member'
  if (request.method === 'GET' && !ctx.staffPage && url.pathname !== '/_root.data' && seen) {
    recordWatchView(watch.id, visiblePath(url))
  }
  return null
}

/** Done once per HTTP request; on the console's own pages an ended watch just goes. */
export async function watchGate(ctx: WatchGateContext): Promise<void> {
  if (!watchOf(ctx.session.asRead)) return
  const exit = await perRequest(ctx.context, 'watch-gate', () => gateOnce(ctx))
  if (exit && !ctx.staffPage) throw exitTo(exit)
}
