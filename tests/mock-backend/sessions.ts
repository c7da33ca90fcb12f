/**
 * The token rules of the contract, on top of the state and the token service:
 *
 * - Every login starts a family; its pair is the family's first.
 * - Refreshing with the family's current refresh token rotates it: a new pair.
 * - An already-rotated refresh token, within `reuseGraceMs` of its rotation,
 *   gets the pair that rotation produced again; later, the whole family is
 *   revoked (every token of it answers TOKEN_REVOKED from then on).
 * - POST /__mock/expire marks every family of a member expired.
 * - A password change and POST /auth/logout-others revoke every family of
 *   the member but the caller's (its other logins, and any stolen copy).
 * - POST /auth/logout revokes the family of the refresh token it is given:
 *   a copy of a logged-out session dies at its next call.
 */
import { ApiError } from './http'
import type { TokenConfig } from './options'
import type { DemoMember, Family, MockState, TokenPairOut } from './state'
import { newId, type TokenClaims, type TokenService, type TokenType } from './tokens'

export type Lifetimes = Pick<TokenConfig, 'accessTtlSeconds' | 'refreshTtlSeconds' | 'noExp'>

const BEARER = /^Bearer\s+(\S+)\s*$/i

function unauthorized(code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'TOKEN_REVOKED'): ApiError {
  const messages = {
    INVALID_TOKEN: 'Invalid token',
    TOKEN_EXPIRED: 'Token has expired',
    TOKEN_REVOKED: 'Token has been revoked',
  }
  const challenge = `Bearer error="invalid_token", error_description="${messages[code]}"`
  return new ApiError(401, code, messages[code], { 'WWW-Authenticate': challenge })
}

export class Sessions {
  constructor(
    private readonly state: MockState,
    private readonly tokens: TokenService,
  ) {}

  /** A new family for the member and its first pair; `overrides` only for this pair. */
  async start(member: DemoMember, overrides: Partial<Lifetimes> = {}): Promise<TokenPairOut> {
    const family: Family = {
      id: newId(),
      memberId: member.id,
      revoked: false,
      expired: false,
      currentRefreshJti: '',
      rotations: new Map(),
    }
    this.state.families.set(family.id, family)
    const issued = await this.issuePair(family, overrides)
    family.currentRefreshJti = issued.refreshJti
    return issued.pair
  }

  /** POST /auth/refresh: rotation, idempotent reuse within the grace window, else revocation. */
  async refresh(refreshToken: string): Promise<TokenPairOut> {
    const { claims, family } = await this.check(refreshToken, 'refresh')
    const rotation = family.rotations.get(claims.jti)
    if (rotation) {
      if (this.state.clock() - rotation.at < this.state.config.reuseGraceMs) return rotation.pair
      family.revoked = true
      throw unauthorized('TOKEN_REVOKED')
    }
    if (claims.jti !== family.currentRefreshJti) throw unauthorized('INVALID_TOKEN')
    const issued = this.issuePair(family)
    family.rotations.set(claims.jti, { at: this.state.clock(), pair: issued.then((i) => i.pair) })
    const { pair, refreshJti } = await issued
    family.currentRefreshJti = refreshJti
    return pair
  }

  /**
   * POST /auth/logout: the family of this refresh token is revoked (its
   * access tokens too). A token already rotated still names its family, and
   * a family already revoked stays so: the call can be repeated.
   */
  async logout(refreshToken: string): Promise<void> {
    const verified = await this.tokens.verify(refreshToken, 'refresh', this.state.now())
    if (!verified.ok) throw unauthorized(verified.code)
    const family = this.state.families.get(verified.claims.fam)
    if (!family || String(family.memberId) !== verified.claims.sub)
      throw unauthorized('INVALID_TOKEN')
    family.revoked = true
  }

  /** The member behind an `Authorization: Bearer <access token>` header. */
  async authenticate(authorization: string | undefined): Promise<DemoMember> {
    return (await this.caller(authorization)).member
  }

  /**
   * The member and the token family of an `Authorization: Bearer <access
   * token>` header, and when that token expires (ms of the backend's clock; null without `exp`).
   */
  async caller(
    authorization: string | undefined,
  ): Promise<{ member: DemoMember; family: Family; expiresAt: number | null }> {
    const token = BEARER.exec(authorization ?? '')?.[1]
    if (!token) throw unauthorized('INVALID_TOKEN')
    const { family, claims } = await this.check(token, 'access')
    const member = this.state.members.get(family.memberId)
    if (!member) throw unauthorized('INVALID_TOKEN')
    return { member, family, expiresAt: claims.exp === undefined ? null : claims.exp * 1000 }
  }

  /** Revokes every family of the member but `keep`; returns how many it revoked. */
  revokeOthers(member: DemoMember, keep: Family): number {
    const others = this.state.familiesOf(member.id).filter((f) => f !== keep && !f.revoked)
    for (const family of others) family.revoked = true
    return others.length
  }

  /** Every token issued so far to the member answers TOKEN_EXPIRED; returns the families hit. */
  expireMember(member: DemoMember): number {
    const families = this.state.familiesOf(member.id)
    for (const family of families) family.expired = true
    return families.length
  }

  /** In order: signature and claims, `exp`, type, known family, revoked, expired by the test control. */
  private async check(
    token: string,
    typ: TokenType,
  ): Promise<{ claims: TokenClaims; family: Family }> {
    const verified = await this.tokens.verify(token, typ, this.state.now())
    if (!verified.ok) throw unauthorized(verified.code)
    const family = this.state.families.get(verified.claims.fam)
    if (!family || String(family.memberId) !== verified.claims.sub)
      throw unauthorized('INVALID_TOKEN')
    if (family.revoked) throw unauthorized('TOKEN_REVOKED')
    if (family.expired) throw unauthorized('TOKEN_EXPIRED')
    return { claims: verified.claims, family }
  }

  private async issuePair(
    family: Family,
    overrides: Partial<Lifetimes> = {},
  ): Promise<{ pair: TokenPairOut; refreshJti: string }> {
    const config = { ...this.state.config, ...definedOnly(overrides) }
    const issue = (typ: TokenType, ttlSeconds: number) =>
      this.tokens.issue(
        {
          memberId: family.memberId,
          typ,
          familyId: family.id,
          ttlSeconds: config.noExp ? null : ttlSeconds,
          padding: config.tokenPadding,
        },
        this.state.now(),
      )
    const [access, refresh] = await Promise.all([
      issue('access', config.accessTtlSeconds),
      issue('refresh', config.refreshTtlSeconds),
    ])
    return {
      pair: { accessToken: access.token, refreshToken: refresh.token },
      refreshJti: refresh.jti,
    }
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
