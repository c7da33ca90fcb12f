/**
 * Watches (docs/decisions/0139): support staff see a member's screen, read
 * only, for at most 30 minutes, on the record (watch-audit.server.ts).
 *
 * A watch is a member-side session of strategy `watcher` with a `watch`
 * part: the member's delegated token (subject the member, actor the staff
 * person; docs/backend-api.md "Staff"), whom, until when, and, for a watch
 * started from the staff console, who and the staff session it belongs to.
 * The staff session's own cookie is never touched by it. The original's
 * pasted-token watch (/watcher) is a watch too: a signed-in staff person's,
 * with a reason and a ticket, where the backend has staff accounts
 * (decision 0156); without a staff person where it has none.
 *
 * It ends, and the record says how, at whichever comes first: "จบการดู"
 * (the banner's button, through /logout), its limit (the app's clock, or the
 * backend refusing the token as expired by its own), the staff session's
 * end (logout or the backend's refusal: the watch checks it on every
 * request; its idle and 8-hour ends never come before the watch's), a
 * supervisor (who ends its session id for every copy of the cookie), the
 * backend revoking the token, or, for a pasted-token watch, the
 * configuration turning those off. Every page seen is recorded.
 */
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

/** The longest a watch lasts, whatever the backend grants. */
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

/** How a supervisor's end reads to the staff person whose watch it was. */
export const supervisorEndedMessage = (by: string | null) =>
  `${by ? `หัวหน้าฝ่ายบริการ (${by})` : 'หัวหน้าฝ่ายบริการ'} จบการดูหน้าจอสมาชิกนี้แล้ว`

export type Watch = NonNullable<SessionPayload['watch']>

/**
 * The watch a session is, or null. A watcher cookie written before watches
 * had their part is a pasted-token watch known by its session id.
 */
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

/** A pasted-token watch (/watcher), a staff person's or nobody's: the backend knows nothing of it. */
export function isTokenWatch(watch: Watch): boolean {
  return watch.kind === 'token' || !watch.staff
}

/** Where a watch's browser goes when the watch ends: the member's console page, or /watcher. */
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

/** A watch start the app refuses itself (too many, or no record): the form says why. */
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

/**
 * Starts a watch from the staff console: the backend mints the delegated
 * token and records the start; this browser's member-side session becomes
 * the watch (the staff cookie stays as it is); the record gets its start.
 */
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
/** A refused burst is put on the record once per window (not once per refused try). */
const burstNoted = createSharedStore<true>('watch-start-burst')

/**
 * At most STAFF_WATCH_START_LIMIT watch starts per staff person per window,
 * counted across instances: a burst (a script, a stolen session) is refused
 * with a Thai 429 and put on the record for supervisors.
 */
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

/**
 * The signed-in staff person a pasted-token watch starting now belongs to
 * (decision 0156): the watch ends before their staff session can (its idle
 * clock starts again now; its 8 hours), and in 30 minutes at most.
 */
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

/**
 * Records a pasted-token watch that has just started (/watcher): a staff
 * person's, with the reason and ticket they gave, or nobody's.
 */
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

/**
 * Ends this browser's watch: the backend is told (when a staff session can
 * still speak for it: the token dies then, not at its limit), every copy of
 * the watch's cookie ends, the record gets its end. Never throws for a
 * backend that cannot be told: the watch ends here regardless.
 */
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

/**
 * A supervisor ends somebody's watch: the backend revokes its token, every
 * copy of its cookie ends, the record says who ended it.
 */
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

/**
 * How a watch the app finds over ended: run out (on the app's clock, or the
 * backend refusing its token as expired by its own), else the backend's or a
 * supervisor's word (a supervisor records their own end first).
 */
function endFound(session: MemberSession, watch: Watch, now: number): WatchEnd {
  const ranOut =
    (watch.expiresAt !== null && watch.expiresAt <= now) ||
    session.endedBy === 'TOKEN_EXPIRED' ||
    (session.expired && session.endedBy === null)
  return ranOut ? 'limit' : 'revoked'
}

/** Where a watch that is over sends its browser, and what it says there. */
interface WatchExit {
  path: string
  type: 'info' | 'error'
  message: string
}

const exitTo = ({ path, type, message }: WatchExit) => redirectWithToast(path, { type, message })

/** What the staff person reads when their watch is over, by how it ended. */
function overMessage(note: { how: WatchEnd; by: string | null }): string {
  if (note.how === 'supervisor') return supervisorEndedMessage(note.by)
  return note.how === 'limit' ? WATCH_MESSAGES.limit : WATCH_MESSAGES.ended
}

/**
 * The watch is over (run out, ended by a supervisor or elsewhere, refused by
 * the backend): recorded once per request, and said why.
 */
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

/**
 * A watch found over during a request (the backend refused its token): the
 * redirect back to where it started, or null when the session is no watch
 * or is still one.
 */
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
  /** The request is the staff console's: a watch that is over only goes, quietly. */
  staffPage: boolean
}

/**
 * The staff session a console watch belongs to still holds: the staff
 * cookie, when the request carries it, is that session; without it (it is
 * SameSite=Strict: a link from another site opened this page; decision
 * 0156) the shared store says whether the session was ended. Its idle and
 * 8-hour ends come after the watch's own (startStaffWatch).
 */
async function staffSessionHolds(staffSession: StaffSession, sid: string): Promise<boolean> {
  if (staffSession.payload) return staffSession.payload.sid === sid
  if (staffSession.expired) return false
  return !(await isStaffSessionEnded(sid))
}

/** What a watch's request decides, once for all its loaders. */
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

/**
 * What every request of a watch goes through (the guard calls it for each
 * loader; the work is done once per HTTP request): a watch found over goes
 * back to where it came from; a staff watch whose staff session is over
 * ends; a pasted-token watch the configuration turned off ends; a page seen
 * is recorded. On the console's own pages a watch that ended just goes.
 */
export async function watchGate(ctx: WatchGateContext): Promise<void> {
  if (!watchOf(ctx.session.asRead)) return
  const exit = await perRequest(ctx.context, 'watch-gate', () => gateOnce(ctx))
  if (exit && !ctx.staffPage) throw exitTo(exit)
}
