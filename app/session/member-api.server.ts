// A 401 on a token the app thought alive (the backend's clock runs ahead) renews once and retries
// once; only a failed renewal or a second 401 ends the session.
import type { z } from 'zod'
import { profileResponseSchema, refreshResponseSchema, type Member } from '~/backend/schemas'
import {
  BackendError,
  callBackend,
  memberCall,
  SessionEndedError,
  type MemberCaller,
  type MemberContext,
  type MemberRequest,
  isRefreshRefused,
  isUnauthorized,
} from '~/backend/client.server'
import { SessionTooLargeError } from '~/session/cookie.server'
import { refreshOnce } from '~/session/refresh.server'
import { isSessionExpired, sessionLifetimes, type MemberSession } from '~/session/session.server'
import { isExpired, tokenSetFromPair } from '~/session/tokens'

const PROFILE_MISSING_MESSAGE = 'ไม่สามารถโหลดข้อมูลสมาชิกได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง'

async function renew(session: MemberSession): Promise<string> {
  const payload = session.payload
  if (!payload?.refreshToken) throw new SessionEndedError()
  const { refreshToken } = payload
  try {
    const renewal = refreshOnce(refreshToken, () =>
      // No signal: the refresh is shared, one closed tab must not cancel the others'.
      callBackend({
        method: 'POST',
        path: '/auth/refresh',
        body: { refreshToken },
        schema: refreshResponseSchema,
      }),
    )
    // A redirect another loader throws meanwhile must still carry the new cookie.
    session.track(renewal)
    const pair = await renewal
    // Another loader of this request may have stored them already.
    if (
      session.payload?.refreshToken === refreshToken &&
      session.payload.accessToken !== pair.accessToken
    ) {
      session.set({
        ...payload,
        ...tokenSetFromPair(pair, Date.now(), sessionLifetimes(), payload),
      })
    }
    return session.payload?.accessToken ?? pair.accessToken
  } catch (error) {
    if (isRefreshRefused(error)) {
      throw new SessionEndedError()
    }
    if (error instanceof SessionTooLargeError) throw new SessionEndedError()
    throw error
  }
}

async function accessToken(session: MemberSession): Promise<string> {
  const payload = session.payload
  if (!payload || isSessionExpired(payload)) throw new SessionEndedError()
  if (!isExpired(payload.accessExpiresAt, Date.now())) return payload.accessToken
  return renew(session)
}

export function memberCaller(session: MemberSession, signal: AbortSignal): MemberCaller {
  return { call: (req) => endingOnRefusal(session, () => callAsMember(session, signal, req)) }
}

async function endingOnRefusal<T>(session: MemberSession, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof SessionEndedError) session.end(error.code ?? undefined)
    throw error
  }
}

async function callAsMember<S extends z.ZodTypeAny>(
  session: MemberSession,
  signal: AbortSignal,
  req: MemberRequest<S>,
): Promise<z.output<S>['data']> {
  const call = (token: string) => callBackend({ ...req, token, signal })
  const stored = session.payload?.accessToken
  const token = await accessToken(session)
  try {
    return await call(token)
  } catch (error) {
    if (!isUnauthorized(error)) throw error
    // A 401 with a token just renewed for this very call: no second renewal.
    if (token !== stored) throw new SessionEndedError()
    // Nothing to renew with (a watch's token): the backend's word is the end, and why.
    if (!session.payload?.refreshToken) {
      throw new SessionEndedError(undefined, error.code)
    }
  }
  // The backend refused a token we thought alive: renew once (unless another
  // loader of this request already did), then one more try.
  const fresh = session.payload?.accessToken !== token ? session.payload?.accessToken : undefined
  try {
    return await call(fresh ?? (await renew(session)))
  } catch (error) {
    if (isUnauthorized(error)) throw new SessionEndedError()
    throw error
  }
}

/** Renewed as any backend call's would be; the token never leaves the server. */
export function liveAccessToken(session: MemberSession): Promise<string> {
  return endingOnRefusal(session, () => accessToken(session))
}

export async function profileWith(token: string): Promise<Member | null | undefined> {
  return callBackend({ method: 'GET', path: '/user/profile', schema: profileResponseSchema, token })
}

const profiles = new WeakMap<MemberCaller, Promise<Member>>()

/** An answer without the member mid-session is a backend fault (a Thai 502), not a logout. */
export function getMember(ctx: MemberContext): Promise<Member> {
  let pending = profiles.get(ctx.member)
  if (!pending) {
    pending = memberCall(ctx, {
      method: 'GET',
      path: '/user/profile',
      schema: profileResponseSchema,
    }).then((member) => {
      if (!member) throw new BackendError(502, 'NO_PROFILE', PROFILE_MISSING_MESSAGE)
      return member
    })
    // Callers that only peek must not cause an unhandled rejection.
    pending.catch(() => undefined)
    profiles.set(ctx.member, pending)
  }
  return pending
}

/** Older sessions (before decision 0093) ask the backend. */
export async function memberIdOf(
  ctx: MemberContext & { readonly session: MemberSession },
): Promise<string> {
  return ctx.session.payload?.mid ?? String((await getMember(ctx)).id)
}
