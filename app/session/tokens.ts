/**
 * Token expiry rules (pure, runs anywhere), as the original auth module had
 * them: a token expires at its JWT `exp` when it has one, otherwise at
 * "received + configured lifetime"; with neither its status is unknown and it
 * never counts as expired. A token counts as expired 500 ms early.
 *
 * JWTs are decoded WITHOUT verifying the signature: the backend verifies
 * them, the app only needs to know when to refresh.
 */
import { decodeJwt } from 'jose'
import type { TokenPair } from '~/backend/schemas'
import {
  ACCESS_TOKEN_LIFETIME_S,
  REFRESH_TOKEN_LIFETIME_S,
  TOKEN_EXPIRY_MARGIN_MS,
} from '~/lib/constants'

export { ACCESS_TOKEN_LIFETIME_S, REFRESH_TOKEN_LIFETIME_S, TOKEN_EXPIRY_MARGIN_MS }

/** Lifetimes (seconds) for tokens without `exp`; `undefined` = unknown, never expires. */
export interface TokenLifetimes {
  accessSeconds?: number | undefined
  refreshSeconds?: number | undefined
}

export const DEFAULT_TOKEN_LIFETIMES: Readonly<Required<TokenLifetimes>> = Object.freeze({
  accessSeconds: ACCESS_TOKEN_LIFETIME_S,
  refreshSeconds: REFRESH_TOKEN_LIFETIME_S,
})

/** The tokens a session holds, with their expiry times (ms since epoch; null = unknown). */
export interface TokenSet {
  accessToken: string
  refreshToken?: string
  accessExpiresAt: number | null
  refreshExpiresAt: number | null
}

/** Longer "tokens" are not decoded at all (a cheap guard against garbage). */
const MAX_DECODED_TOKEN_LENGTH = 64 * 1024
/** Compact JWS: three base64url parts (no padding), the payload not empty. */
const COMPACT_JWT = /^[\w-]*\.[\w-]+\.[\w-]*$/

/**
 * The JWT's `exp` claim in ms since epoch, or undefined when the token is
 * not a JWT (three base64url parts with a JSON object payload) or has no
 * finite numeric `exp`. Never throws; does not verify the signature.
 */
export function decodeJwtExp(token: string): number | undefined {
  if (typeof token !== 'string' || token.length > MAX_DECODED_TOKEN_LENGTH) return undefined
  if (!COMPACT_JWT.test(token)) return undefined
  try {
    const { exp } = decodeJwt(token)
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/** How long the issuer made a JWT live (`exp - iat`, ms), or undefined. Never throws. */
export function jwtLifetimeMs(token: string): number | undefined {
  if (typeof token !== 'string' || !COMPACT_JWT.test(token)) return undefined
  try {
    const { exp, iat } = decodeJwt(token)
    return typeof exp === 'number' && typeof iat === 'number' ? (exp - iat) * 1000 : undefined
  } catch {
    return undefined
  }
}

/**
 * When a token expires (ms since epoch): its JWT `exp` when present, else
 * `receivedAtMs + lifetimeSeconds`; null (unknown) when it has neither.
 */
export function expiresAtFor(
  token: string,
  receivedAtMs: number,
  lifetimeSeconds: number | undefined,
): number | null {
  const exp = decodeJwtExp(token)
  if (exp !== undefined) return exp
  if (lifetimeSeconds === undefined) return null
  return receivedAtMs + lifetimeSeconds * 1000
}

/** Expired from `expiresAt - 500 ms` on; an unknown expiry (null) never expires. */
export function isExpired(expiresAt: number | null, nowMs: number): boolean {
  if (expiresAt === null) return false
  return nowMs >= expiresAt - TOKEN_EXPIRY_MARGIN_MS
}

/**
 * The token set for a backend token pair received at `receivedAt`. When the
 * pair carries no refresh token (a refresh answer may omit it), the previous
 * refresh token and its expiry are kept.
 */
export function tokenSetFromPair(
  pair: TokenPair,
  receivedAt: number,
  lifetimes: TokenLifetimes = DEFAULT_TOKEN_LIFETIMES,
  previous?: Pick<TokenSet, 'refreshToken' | 'refreshExpiresAt'>,
): TokenSet {
  const access = {
    accessToken: pair.accessToken,
    accessExpiresAt: expiresAtFor(pair.accessToken, receivedAt, lifetimes.accessSeconds),
  }
  if (pair.refreshToken) {
    return {
      ...access,
      refreshToken: pair.refreshToken,
      refreshExpiresAt: expiresAtFor(pair.refreshToken, receivedAt, lifetimes.refreshSeconds),
    }
  }
  if (previous?.refreshToken) {
    return {
      ...access,
      refreshToken: previous.refreshToken,
      refreshExpiresAt: previous.refreshExpiresAt,
    }
  }
  return { ...access, refreshExpiresAt: null }
}
