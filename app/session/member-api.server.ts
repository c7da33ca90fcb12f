/**
 * Backend calls made on behalf of the member of this request. Before each
 * call the session's tokens are checked: a dead session aborts the call, an
 * expired access token is refreshed first (one refresh per refresh token,
 * refresh.server.ts). A 401 on a token the app thought alive (the backend's
 * clock runs ahead, or it ended the token early) renews the tokens once
 * through the same refresh and retries the call once; only a failed renewal,
 * or a second 401 with the fresh token, ends the session.
 */
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

/** New tokens for the session's refresh token, shared with every request holding it. */
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

/** A usable access token for this session's member, refreshing it when needed. */
async function accessToken(session: MemberSession): Promise<string> {
  const payload = session.payload
  if (!payload || isSessionExpired(payload)) throw new SessionEndedError()
  if (!isExpired(payload.accessExpiresAt, Date.now())) return payload.accessToken
  return renew(session)
}

/**
 * The member's side of this request's backend calls (ctx.member): the
 * session's tokens, and the request's signal (a closed tab stops waiting).
 */
export function memberCaller(session: MemberSession, signal: AbortSignal): MemberCaller {
  return { call: (req) => endingOnRefusal(session, () => callAsMember(session, signal, req)) }
}

/** Runs `work`; when the backend says the session is over, it is cleared here, where that is learnt. */
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

/**
 * A usable access token of the session's member for the live stream's
 * upstream (app/live/), renewed when it has run out, as any backend call's
 * would be; a refused renewal ends the session here too. The token never
 * leaves the server.
 */
export function liveAccessToken(session: MemberSession): Promise<string> {
  return endingOnRefusal(session, () => accessToken(session))
}

/** The profile of the member holding `token`, for a login that has no session yet. */
export async function profileWith(token: string): Promise<Member | null | undefined> {
  return callBackend({ method: 'GET', path: '/user/profile', schema: profileResponseSchema, token })
}

const profiles = new WeakMap<MemberCaller, Promise<Member>>()

/**
 * The member's profile, fetched at most once per loader or action. An answer
 * without the member mid-session is a backend fault (a Thai 502), not a logout.
 */
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

/**
 * The id of the request's member, as the limits key it: the session knows it
 * (a login since decision 0093); an older session asks the backend (getMember).
 */
export async function memberIdOf(
  ctx: MemberContext & { readonly session: MemberSession },
): Promise<string> {
  return ctx.session.payload?.mid ?? String((await getMember(ctx)).id)
}
