/**
 * Issuing and verifying the demo backend's tokens: real JWTs (HS256, jose)
 * with `sub` (member id), `typ` ('access' | 'refresh'), `fam` (token family),
 * `jti`, `iat` and, unless `noExp`, `exp`. Verification checks the signature,
 * `exp` and the claims' shape; what a family's state means is up to the caller.
 *
 * Two more kinds of token carry claims of their own (docs/backend-api.md,
 * "Staff"): a staff person's (`kind: "staff"`, `role`, `sub` the staff id)
 * and a watch's delegated one (`sub` the member, `act` the staff person,
 * `scope: "read"`, `wid` the watch, no `fam`).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { ErrorCode } from '../../app/backend/schemas'

export type TokenType = 'access' | 'refresh'

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  typ: z.enum(['access', 'refresh']),
  /** Absent on a watch's token only. */
  fam: z.string().min(1).optional(),
  jti: z.string().min(1),
  iat: z.number(),
  exp: z.number().optional(),
  kind: z.literal('staff').optional(),
  role: z.string().optional(),
  act: z.object({ sub: z.string(), username: z.string() }).optional(),
  scope: z.string().optional(),
  wid: z.string().min(1).optional(),
})
export type TokenClaims = z.infer<typeof claimsSchema>

export interface IssueRequest {
  memberId: number
  typ: TokenType
  /** null: a token of no family (a watch's). */
  familyId: string | null
  /** Claims besides the standard ones (a staff token's `kind` and `role`, a watch's `act`, `scope`, `wid`). */
  claims?: Record<string, unknown>
  /** Lifetime in seconds from now; `null` issues a token without `exp`. */
  ttlSeconds: number | null
  /** Extra bytes the token should carry (0 = none). */
  padding: number
}

export interface IssuedToken {
  token: string
  jti: string
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; code: Extract<ErrorCode, 'INVALID_TOKEN' | 'TOKEN_EXPIRED'> }

/** JSON bytes the claim adds besides its value: `,"pad":""`. */
const PAD_CLAIM_OVERHEAD = 9

/** Random base64url text that makes a token about `bytes` longer (base64 adds a third). */
function paddingClaim(bytes: number): string {
  const length = Math.max(1, Math.round((bytes * 3) / 4) - PAD_CLAIM_OVERHEAD)
  return randomBytes(Math.ceil((length * 3) / 4))
    .toString('base64url')
    .slice(0, length)
}

export function newId(): string {
  return randomUUID()
}

export class TokenService {
  readonly #key: Uint8Array

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret)
  }

  async issue(request: IssueRequest, now = Date.now()): Promise<IssuedToken> {
    const jti = newId()
    const iat = Math.floor(now / 1000)
    const payload: Record<string, unknown> = { ...request.claims, typ: request.typ }
    if (request.familyId !== null) payload.fam = request.familyId
    if (request.padding > 0) payload.pad = paddingClaim(request.padding)
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(request.memberId))
      .setJti(jti)
      .setIssuedAt(iat)
    if (request.ttlSeconds !== null) jwt.setExpirationTime(iat + request.ttlSeconds)
    return { token: await jwt.sign(this.#key), jti }
  }

  /** Signature, `exp` (when present, judged at `now`), claim shape and the expected `typ`. */
  async verify(token: string, typ: TokenType, now = Date.now()): Promise<VerifyResult> {
    let payload: unknown
    try {
      ;({ payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        currentDate: new Date(now),
      }))
    } catch (error) {
      return {
        ok: false,
        code: error instanceof errors.JWTExpired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN',
      }
    }
    const claims = claimsSchema.safeParse(payload)
    if (!claims.success || claims.data.typ !== typ) return { ok: false, code: 'INVALID_TOKEN' }
    return { ok: true, claims: claims.data }
  }
}
