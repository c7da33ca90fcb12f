// How a member's session starts (local, line, watcher): the profile is fetched with the new
// tokens first, and only then does the session change. A login expires the guest forms' step
// cookies (they would only add to the Cookie header, decision 0134).
import {
  loginResponseSchema,
  registerResponseSchema,
  type Member,
  type RegisterRequest,
} from '~/backend/schemas'
import { BackendError, callBackend } from '~/backend/client.server'
import { STEP_PROGRESS_COOKIES } from '~/lib/constants'
import { requestCookies, type CookieJar } from '~/server/cookies.server'
import { SessionTooLargeError } from '~/session/cookie.server'
import { profileWith } from '~/session/member-api.server'
import {
  newSessionId,
  sessionLifetimes,
  type MemberSession,
  type SessionPayload,
  type Strategy,
} from '~/session/session.server'
import { expiresAtFor, tokenSetFromPair, type TokenSet } from '~/session/tokens'

export const LOGIN_MESSAGES = {
  invalidCredentials: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  memberLocked: 'บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อฝ่ายบริการสมาชิก',
  lineFailed: 'เข้าสู่ระบบด้วย LINE ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  invalidToken: 'โทเค็นไม่ถูกต้องหรือหมดอายุแล้ว',
  noProfile: 'ไม่พบข้อมูลสมาชิก ไม่สามารถเข้าสู่ระบบได้ กรุณาติดต่อฝ่ายบริการสมาชิก',
  tooLarge: 'ข้อมูลการเข้าสู่ระบบของบัญชีนี้มีขนาดใหญ่เกินกว่าที่เบราว์เซอร์จะเก็บได้ กรุณาติดต่อฝ่ายบริการสมาชิก',
} as const

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'LoginError'
  }
}

function loginErrorFrom(error: unknown, unauthorizedMessage: string): unknown {
  if (!(error instanceof BackendError)) return error
  if (error.code === 'MEMBER_LOCKED') return new LoginError(LOGIN_MESSAGES.memberLocked, 403)
  if (error.status === 401 || error.status === 400) {
    return new LoginError(unauthorizedMessage, 401)
  }
  return new LoginError(error.message, error.status)
}

export interface LoginContext {
  readonly session: MemberSession
  readonly request: Request
  readonly cookies: CookieJar
}

function endGuestSteps({ request, cookies }: LoginContext) {
  const sent = requestCookies(request)
  for (const name of Object.values(STEP_PROGRESS_COOKIES)) {
    if (sent[name] !== undefined) cookies.clear(name)
  }
}

export interface WatcherStaff {
  person: NonNullable<NonNullable<SessionPayload['watch']>['staff']>
  endsBy: number
}

async function startSession(
  ctx: LoginContext,
  strategy: Strategy,
  tokens: TokenSet,
  staff?: WatcherStaff,
): Promise<Member> {
  const { session } = ctx
  const refused =
    strategy === 'watcher' ? LOGIN_MESSAGES.invalidToken : LOGIN_MESSAGES.invalidCredentials
  const member = await profileWith(tokens.accessToken).catch((error: unknown) => {
    throw loginErrorFrom(error, refused)
  })
  if (!member) throw new LoginError(LOGIN_MESSAGES.noProfile, 502)
  try {
    const sid = newSessionId()
    session.set({
      v: 2,
      sid,
      strategy,
      mid: String(member.id),
      iat: Date.now(),
      ...tokens,
      // A pasted-token watch: on the record by its session id (docs/decisions/0139).
      ...(strategy === 'watcher' ? watcherPart(sid, member, tokens, staff) : {}),
    })
  } catch (error) {
    if (error instanceof SessionTooLargeError) throw new LoginError(LOGIN_MESSAGES.tooLarge, 502)
    throw error
  }
  endGuestSteps(ctx)
  return member
}

/** A staff person's (decision 0156) ends by `endsBy` too. */
function watcherPart(sid: string, member: Member, tokens: TokenSet, staff?: WatcherStaff) {
  const expiresAt = staff
    ? Math.min(tokens.accessExpiresAt ?? staff.endsBy, staff.endsBy)
    : tokens.accessExpiresAt
  return {
    accessExpiresAt: expiresAt,
    watch: {
      id: sid,
      memberUsername: member.username,
      expiresAt,
      ...(staff ? { kind: 'token' as const, staff: staff.person } : {}),
    },
  }
}

async function exchange(path: string, body: unknown, refused: string): Promise<TokenSet> {
  try {
    const pair = await callBackend({ method: 'POST', path, body, schema: loginResponseSchema })
    return tokenSetFromPair(pair, Date.now(), sessionLifetimes())
  } catch (error) {
    throw loginErrorFrom(error, refused)
  }
}

export async function loginLocal(
  ctx: LoginContext,
  credentials: { username: string; password: string },
): Promise<Member> {
  const tokens = await exchange('/auth/login', credentials, LOGIN_MESSAGES.invalidCredentials)
  return startSession(ctx, 'local', tokens)
}

export async function loginWithLine(
  ctx: LoginContext,
  grant: { code: string; redirectUri: string },
): Promise<Member> {
  const tokens = await exchange('/auth/loginwithline', grant, LOGIN_MESSAGES.lineFailed)
  return startSession(ctx, 'line', tokens)
}

export async function loginAsWatcher(
  ctx: LoginContext,
  accessToken: string,
  staff?: WatcherStaff,
): Promise<Member> {
  const accessExpiresAt = expiresAtFor(accessToken, Date.now(), sessionLifetimes().accessSeconds)
  const tokens = { accessToken, accessExpiresAt, refreshExpiresAt: null }
  return startSession(ctx, 'watcher', tokens, staff)
}

/** A profile that cannot be loaded afterwards is a LoginError (the member exists, but is not logged in). */
export async function registerLocal(
  ctx: LoginContext,
  registration: RegisterRequest,
): Promise<Member> {
  const pair = await callBackend({
    method: 'POST',
    path: '/auth/register',
    body: registration,
    schema: registerResponseSchema,
  })
  return startSession(ctx, 'local', tokenSetFromPair(pair, Date.now(), sessionLifetimes()))
}
