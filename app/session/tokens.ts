// Token expiry as the original auth module had it. JWTs are decoded WITHOUT verifying the
// signature: the backend verifies them, the app only needs to know when to refresh.
import { decodeJwt } from 'jose'
import type { TokenPair } from '~/backend/schemas'
import {
  ACCESS_TOKEN_LIFETIME_S,
  REFRESH_TOKEN_LIFETIME_S,
  TOKEN_EXPIRY_MARGIN_MS,
} from '~/lib/constants'

export { ACCESS_TOKEN_LIFETIME_S, REFRESH_TOKEN_LIFETIME_S, TOKEN_EXPIRY_MARGIN_MS }

export interface TokenLifetimes {
  accessSeconds?: number | undefined
  refreshSeconds?: number | undefined
}

export const DEFAULT_TOKEN_LIFETIMES: Readonly<Required<TokenLifetimes>> = Object.freeze({
  accessSeconds: ACCESS_TOKEN_LIFETIME_S,
  refreshSeconds: REFRESH_TOKEN_LIFETIME_S,
})

export interface TokenSet {
  accessToken: string
  refreshToken?: string
  accessExpiresAt: number | null
  refreshExpiresAt: number | null
}

/** A cheap guard against garbage. */
const MAX_DECODED_TOKEN_LENGTH = 64 * 1024
const COMPACT_JWT = /^[\w-]*\.[\w-]+\.[\w-]*$/

/** Never throws; does not verify the signature. */
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

export function jwtLifetimeMs(token: string): number | undefined {
  if (typeof token !== 'string' || !COMPACT_JWT.test(token)) return undefined
  try {
    const { exp, iat } = decodeJwt(token)
    return typeof exp === 'number' && typeof iat === 'number' ? (exp - iat) * 1000 : undefined
  } catch {
    return undefined
  }
}

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

export function isExpired(expiresAt: number | null, nowMs: number): boolean {
  if (expiresAt === null) return false
  return nowMs >= expiresAt - TOKEN_EXPIRY_MARGIN_MS
}

/** A refresh answer may omit the refresh token: the previous one is kept. */
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
