/**
 * Backend calls made on behalf of the member of this request. Before each
 * call the session's tokens are checked: a dead session aborts the call, an
 * expired access token is refreshed first (once per refresh token per
 * process, see refresh.server.ts). A 401 on an ordinary call means the backend
 * ended the session: it is cleared and the member is sent to /login.
 */
import type { z } from 'zod'
import { refreshResponseSchema, profileResponseSchema, type Member } from '~/backend/schemas'
import { BackendError, callBackend, type BackendRequest } from '~/backend/client.server'
import { BOTH_TOKENS_EXPIRED_MESSAGE } from '~/lib/errors'
import { sessionLifetimes } from '~/session/lifetimes.server'
import { refresher } from '~/session/refresh.server'
import { getSession, isSessionExpired, type MemberSession } from '~/session/session.server'
import { isExpired, tokenSetFromPair } from '~/session/tokens'

/** The member's session is over: the guard clears it and sends the member to /login. */
export class SessionEndedError extends Error {
  constructor(message = BOTH_TOKENS_EXPIRED_MESSAGE) {
    super(message)
    this.name = 'SessionEndedError'
  }
}

async function refreshTokens(session: MemberSession): Promise<string> {
  const payload = session.payload
  if (!payload?.refreshToken) throw new SessionEndedError()
  const { refreshToken } = payload
  try {
    const pair = await refresher.refresh(refreshToken, () =>
      callBackend({
        method: 'POST',
        path: '/auth/refresh',
        body: { refreshToken },
        schema: refreshResponseSchema,
        // Shared by every request holding this refresh token: one member's
        // closed tab must not cancel the others' refresh.
        signal: undefined,
      }),
    )
    // Another request may have replaced the tokens while we waited.
    if (session.payload?.refreshToken === refreshToken) {
      const tokens = tokenSetFromPair(pair, Date.now(), sessionLifetimes(), payload)
      session.set({ ...payload, ...tokens })
    }
    return session.payload?.accessToken ?? pair.accessToken
  } catch (error) {
    if (error instanceof BackendError && (error.status === 401 || error.status === 403)) {
      throw new SessionEndedError()
    }
    throw error
  }
}

/** A usable access token for this request's member, refreshing it when needed. */
export async function accessToken(request: Request): Promise<string> {
  const session = getSession(request)
  const payload = session.payload
  if (!payload || isSessionExpired(payload)) throw new SessionEndedError()
  if (!isExpired(payload.accessExpiresAt, Date.now())) return payload.accessToken
  return refreshTokens(session)
}

/** Calls the backend as this request's member. */
export async function memberCall<S extends z.ZodTypeAny>(
  request: Request,
  req: Omit<BackendRequest<S>, 'token' | 'signal'>,
): Promise<z.output<S>['data']> {
  const token = await accessToken(request)
  try {
    return await callBackend({ ...req, token, signal: request.signal })
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) {
      throw new SessionEndedError(error.message)
    }
    throw error
  }
}

/** The profile answer carried no member: the login cannot go on. */
export class MissingProfileError extends Error {
  constructor() {
    super('Profile response lacks the user')
    this.name = 'MissingProfileError'
  }
}

async function fetchProfile(request: Request): Promise<Member> {
  const member = await memberCall(request, {
    method: 'GET',
    path: '/user/profile',
    schema: profileResponseSchema,
  })
  if (!member) throw new MissingProfileError()
  return member
}

const profiles = new WeakMap<Request, Promise<Member>>()

/** The member's profile, fetched at most once per request. */
export function getMember(request: Request): Promise<Member> {
  let pending = profiles.get(request)
  if (!pending) {
    pending = fetchProfile(request)
    // Callers that only peek must not cause an unhandled rejection.
    pending.catch(() => undefined)
    profiles.set(request, pending)
  }
  return pending
}
