/**
 * The ways a member's session starts (the session's `strategy`):
 * - local: username and password -> POST /auth/login; or a registration ->
 *   POST /auth/register, which answers the new member's first tokens
 * - line: a LINE authorization code -> POST /auth/loginwithline
 * - token: support staff paste a member's access token (no refresh token)
 * Each stores the tokens in the session, then fetches the profile; a profile
 * without the member fails the login and keeps no session.
 */
import type { z } from 'zod'
import {
  loginResponseSchema,
  registerResponseSchema,
  type Member,
  type RegisterRequest,
} from '~/backend/schemas'
import { BackendError, callBackend } from '~/backend/client.server'
import { sessionLifetimes } from '~/session/lifetimes.server'
import { getMember, MissingProfileError, SessionEndedError } from '~/session/member-api.server'
import { getSession, type Strategy } from '~/session/session.server'
import { expiresAtFor, tokenSetFromPair } from '~/session/tokens'

export const LOGIN_MESSAGES = {
  invalidCredentials: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  memberLocked: 'บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อฝ่ายบริการสมาชิก',
  lineFailed: 'เข้าสู่ระบบด้วย LINE ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  invalidToken: 'โทเค็นไม่ถูกต้องหรือหมดอายุแล้ว',
  noProfile: 'ไม่พบข้อมูลสมาชิก ไม่สามารถเข้าสู่ระบบได้ กรุณาติดต่อฝ่ายบริการสมาชิก',
} as const

/** A login that did not succeed, with the Thai message to show on the form. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'LoginError'
  }
}

type TokenPair = z.output<typeof loginResponseSchema>['data']

function loginErrorFrom(error: unknown, unauthorizedMessage: string): unknown {
  if (!(error instanceof BackendError)) return error
  if (error.code === 'MEMBER_LOCKED') return new LoginError(LOGIN_MESSAGES.memberLocked, 403)
  if (error.status === 401 || error.status === 400) {
    return new LoginError(unauthorizedMessage, 401)
  }
  return new LoginError(error.message, error.status)
}

/** Stores the tokens, then loads the profile; on failure nothing is kept. */
async function startSession(
  request: Request,
  strategy: Strategy,
  tokens: ReturnType<typeof tokenSetFromPair>,
): Promise<Member> {
  const session = getSession(request)
  session.set({ v: 1, strategy, ...tokens })
  try {
    return await getMember(request)
  } catch (error) {
    session.clear()
    if (error instanceof MissingProfileError) throw new LoginError(LOGIN_MESSAGES.noProfile, 502)
    if (error instanceof SessionEndedError) {
      throw new LoginError(
        strategy === 'watcher' ? LOGIN_MESSAGES.invalidToken : LOGIN_MESSAGES.invalidCredentials,
        401,
      )
    }
    throw loginErrorFrom(error, LOGIN_MESSAGES.invalidCredentials)
  }
}

async function exchange(path: string, body: unknown, unauthorized: string): Promise<TokenPair> {
  try {
    return await callBackend({ method: 'POST', path, body, schema: loginResponseSchema })
  } catch (error) {
    throw loginErrorFrom(error, unauthorized)
  }
}

export async function loginLocal(
  request: Request,
  credentials: { username: string; password: string },
): Promise<Member> {
  const pair = await exchange('/auth/login', credentials, LOGIN_MESSAGES.invalidCredentials)
  return startSession(request, 'local', tokenSetFromPair(pair, Date.now(), sessionLifetimes()))
}

export async function loginWithLine(
  request: Request,
  grant: { code: string; redirectUri: string },
): Promise<Member> {
  const pair = await exchange('/auth/loginwithline', grant, LOGIN_MESSAGES.lineFailed)
  return startSession(request, 'line', tokenSetFromPair(pair, Date.now(), sessionLifetimes()))
}

/** Support staff's watcher session: the member's access token only; it ends when that expires. */
export async function loginWithToken(request: Request, accessToken: string): Promise<Member> {
  const accessExpiresAt = expiresAtFor(accessToken, Date.now(), sessionLifetimes().accessSeconds)
  return startSession(request, 'watcher', {
    accessToken,
    accessExpiresAt,
    refreshExpiresAt: null,
  })
}

/**
 * Registration: the backend creates the member and answers their first token
 * pair, which starts a `local` session as a login does. The backend's
 * refusals (409 USERNAME_TAKEN / PHONE_TAKEN, 400 ...) reach the caller as
 * BackendError; a profile that cannot be loaded afterwards is a LoginError
 * (the member exists then, but is not logged in).
 */
export async function registerLocal(
  request: Request,
  registration: RegisterRequest,
): Promise<Member> {
  const pair = await callBackend({
    method: 'POST',
    path: '/auth/register',
    body: registration,
    schema: registerResponseSchema,
  })
  return startSession(request, 'local', tokenSetFromPair(pair, Date.now(), sessionLifetimes()))
}
