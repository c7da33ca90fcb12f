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
 *
 * Staff have token families of their own under the same rules (their
 * tokens say `kind: "staff"`): a staff token is no member's bearer, and a
 * member's token opens no /staff call. A watch's delegated token names the
 * member and is as good as the member's on every call the read-only gate
 * lets through (server.ts), until the watch ends (its family is revoked) or
 * its `exp` passes; it never refreshes.
 */
import { ApiError } from './http'
import type { TokenConfig } from './options'
import type { StaffAccount } from './staff-accounts'
import type { DemoMember, Family, MockState, TokenPairOut } from './state'
import { newId, type TokenClaims, type TokenService, type TokenType } from './tokens'

/** Whose tokens: the members' or the staff's (their own families, ids and tokens). */
type Realm = 'member' | 'staff'

/** What a member call learns of its bearer. */
export interface MemberCaller {
  member: DemoMember
  family: Family
  /** When the token expires (ms of the backend's clock; null without `exp`). */
  expiresAt: number | null
  /** A watch's delegated token (read-only, staff acting as the member). */
  delegated: boolean
}

export type Lifetimes = Pick<TokenConfig, 'accessTtlSeconds' | 'refreshTtlSeconds' | 'noExp'>

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** A family nobody has revoked or expired yet, before its first refresh token. */
function newFamily(id: string, subject: number): Family {
  return {
    id,
    memberId: subject,
    revoked: false,
    expired: false,
    currentRefreshJti: '',
    rotations: new Map(),
  }
}

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
  start(member: DemoMember, overrides: Partial<Lifetimes> = {}): Promise<TokenPairOut> {
    return this.startFamily('member', member.id, overrides)
  }

  /** POST /auth/refresh: rotation, idempotent reuse within the grace window, else revocation. */
  refresh(refreshToken: string): Promise<TokenPairOut> {
    return this.rotate('member', refreshToken)
  }

  /**
   * POST /auth/logout: the family of this refresh token is revoked (its
   * access tokens too). A token already rotated still names its family, and
   * a family already revoked stays so: the call can be repeated.
   */
  async logout(refreshToken: string): Promise<void> {
    await this.endFamily('member', refreshToken)
  }

  /** POST /staff/auth/login (after its checks): a new staff family and its first pair. */
  startStaff(staff: StaffAccount): Promise<TokenPairOut> {
    return this.startFamily('staff', staff.id)
  }

  /** POST /staff/auth/refresh: as the members' refresh. */
  refreshStaff(refreshToken: string): Promise<TokenPairOut> {
    return this.rotate('staff', refreshToken)
  }

  /** POST /staff/auth/logout: as the members' logout; answers the staff id. */
  logoutStaff(refreshToken: string): Promise<number> {
    return this.endFamily('staff', refreshToken)
  }

  /** The staff person behind an `Authorization: Bearer <staff access token>` header. */
  async staffCaller(authorization: string | undefined): Promise<StaffAccount> {
    const { family } = await this.bearer(authorization, 'staff')
    const staff = this.state.staff.account(family.memberId)
    if (!staff) throw unauthorized('INVALID_TOKEN')
    return staff
  }

  /**
   * A watch's delegated token: the member as `sub`, the staff person as `act`
   * (RFC 8693), `scope: "read"`, `wid`, and `exp` `ttlSeconds` from now; and
   * the family the watch keeps for it (revoked when the watch ends).
   */
  async issueWatchToken(
    watch: { id: string; memberId: number },
    staff: StaffAccount,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: number; family: Family }> {
    const now = this.state.now()
    const { token } = await this.tokens.issue(
      {
        memberId: watch.memberId,
        typ: 'access',
        familyId: null,
        ttlSeconds,
        padding: 0,
        claims: {
          act: { sub: String(staff.id), username: staff.username },
          scope: 'read',
          wid: watch.id,
        },
      },
      now,
    )
    return {
      token,
      expiresAt: (Math.floor(now / 1000) + ttlSeconds) * 1000,
      family: newFamily(`watch:${watch.id}`, watch.memberId),
    }
  }

  /** The member behind an `Authorization: Bearer <access token>` header. */
  async authenticate(authorization: string | undefined): Promise<DemoMember> {
    return (await this.caller(authorization)).member
  }

  /**
   * The member and the token family of an `Authorization: Bearer <access
   * token>` header, and when that token expires (ms of the backend's clock; null without `exp`).
   */
  async caller(authorization: string | undefined): Promise<MemberCaller> {
    const { family, claims } = await this.bearer(authorization, 'member')
    const member = this.state.members.get(family.memberId)
    if (!member) throw unauthorized('INVALID_TOKEN')
    return {
      member,
      family,
      expiresAt: claims.exp === undefined ? null : claims.exp * 1000,
      delegated: claims.wid !== undefined,
    }
  }

  /** The caller when the header carries a good member token, else null (the route says why). */
  async callerOrNull(authorization: string | undefined): Promise<MemberCaller | null> {
    if (!authorization) return null
    return this.caller(authorization).catch(() => null)
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

  private families(realm: Realm): Map<string, Family> {
    return realm === 'member' ? this.state.families : this.state.staff.families
  }

  private async startFamily(
    realm: Realm,
    subject: number,
    overrides: Partial<Lifetimes> = {},
  ): Promise<TokenPairOut> {
    const family = newFamily(newId(), subject)
    this.families(realm).set(family.id, family)
    const issued = await this.issuePair(realm, family, overrides)
    family.currentRefreshJti = issued.refreshJti
    return issued.pair
  }

  private async rotate(realm: Realm, refreshToken: string): Promise<TokenPairOut> {
    const { claims, family } = await this.check(refreshToken, 'refresh', realm)
    const rotation = family.rotations.get(claims.jti)
    if (rotation) {
      if (this.state.clock() - rotation.at < this.state.config.reuseGraceMs) return rotation.pair
      family.revoked = true
      throw unauthorized('TOKEN_REVOKED')
    }
    if (claims.jti !== family.currentRefreshJti) throw unauthorized('INVALID_TOKEN')
    const issued = this.issuePair(realm, family)
    family.rotations.set(claims.jti, { at: this.state.clock(), pair: issued.then((i) => i.pair) })
    const { pair, refreshJti } = await issued
    family.currentRefreshJti = refreshJti
    return pair
  }

  /** Revokes the family of a refresh token (however often); answers its subject's id. */
  private async endFamily(realm: Realm, refreshToken: string): Promise<number> {
    const verified = await this.tokens.verify(refreshToken, 'refresh', this.state.now())
    if (!verified.ok) throw unauthorized(verified.code)
    const family = this.familyOf(realm, verified.claims)
    if (!family) throw unauthorized('INVALID_TOKEN')
    family.revoked = true
    return family.memberId
  }

  /**
   * The family a token's claims name in a realm, or undefined: a staff token
   * is no member's and a member's (or a watch's) no staff person's; a
   * watch's token has its watch's family.
   */
  private familyOf(realm: Realm, claims: TokenClaims): Family | undefined {
    const isStaff = claims.kind === 'staff'
    let family: Family | undefined
    if (realm === 'staff') {
      family = isStaff && claims.fam ? this.state.staff.families.get(claims.fam) : undefined
    } else if (!isStaff && claims.wid !== undefined) {
      family = claims.typ === 'access' ? this.state.staff.watchFamily(claims.wid) : undefined
    } else if (!isStaff && claims.fam) {
      family = this.state.families.get(claims.fam)
    }
    return family && String(family.memberId) === claims.sub ? family : undefined
  }

  /** The access token of an `Authorization: Bearer` header, checked in its realm. */
  private bearer(
    authorization: string | undefined,
    realm: Realm,
  ): Promise<{ claims: TokenClaims; family: Family }> {
    const token = BEARER.exec(authorization ?? '')?.[1]
    if (!token) return Promise.reject(unauthorized('INVALID_TOKEN'))
    return this.check(token, 'access', realm)
  }

  /** In order: signature and claims, `exp`, type, known family, revoked, expired by the test control. */
  private async check(
    token: string,
    typ: TokenType,
    realm: Realm,
  ): Promise<{ claims: TokenClaims; family: Family }> {
    const verified = await this.tokens.verify(token, typ, this.state.now())
    if (!verified.ok) throw unauthorized(verified.code)
    const family = this.familyOf(realm, verified.claims)
    if (!family) throw unauthorized('INVALID_TOKEN')
    if (family.revoked) throw unauthorized('TOKEN_REVOKED')
    if (family.expired) throw unauthorized('TOKEN_EXPIRED')
    return { claims: verified.claims, family }
  }

  private async issuePair(
    realm: Realm,
    family: Family,
    overrides: Partial<Lifetimes> = {},
  ): Promise<{ pair: TokenPairOut; refreshJti: string }> {
    const config = { ...this.state.config, ...definedOnly(overrides) }
    const role = realm === 'staff' ? this.state.staff.account(family.memberId)?.role : undefined
    const issue = (typ: TokenType, ttlSeconds: number) =>
      this.tokens.issue(
        {
          memberId: family.memberId,
          typ,
          familyId: family.id,
          ttlSeconds: config.noExp ? null : ttlSeconds,
          padding: config.tokenPadding,
          claims: realm === 'staff' ? { kind: 'staff', role } : undefined,
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
