/**
 * Options of the demo backend. `TokenConfig` is the part that may change
 * while it runs (POST /__mock/config); it applies to tokens issued from then on.
 */
import { z } from 'zod'
import type { PushHostResolver } from './push-target'

export interface TokenConfig {
  /** Access token lifetime (s). Negative values give already-expired tokens. */
  accessTtlSeconds: number
  /** Refresh token lifetime (s). */
  refreshTtlSeconds: number
  /** Issue tokens without an `exp` claim. */
  noExp: boolean
  /** How long an already-rotated refresh token still gets the same answer (ms). */
  reuseGraceMs: number
  /** Makes every token about this many bytes longer (an extra `pad` claim). */
  tokenPadding: number
}

export interface MockOptions extends TokenConfig {
  /** 0 = a free port. The server always listens on 127.0.0.1. */
  port: number
  /** HS256 signing key of every token. */
  jwtSecret: string
  /** Print every OTP it "sends" to stderr (the demo's stand-in for an SMS). */
  logOtp: boolean
  /**
   * The real time (ms) its token rules run on (default Date.now): expiry and
   * the reuse grace window. Tests give one they move themselves.
   */
  clock?: () => number
  /** Web push's VAPID keys and subject (push.ts); without keys it makes its own at start. */
  vapid?: { publicKey?: string; privateKey?: string; subject?: string }
  /**
   * Take push endpoints of a push service on this machine (http or https on
   * localhost, 127.x, [::1]): the tests' local one. Off unless asked for
   * (PUSH_ALLOW_LOCAL_SERVICE=1): public https push services only.
   */
  allowLocalPushService?: boolean
  /** The key the app writes the staff audit with (audit.ts; default DEV_AUDIT_KEY). */
  auditKey?: string
  /**
   * The push services' hosts (each with its subdomains) whose endpoints are
   * taken (PUSH_SERVICE_HOSTS); default DEFAULT_PUSH_SERVICE_HOSTS.
   */
  pushServiceHosts?: readonly string[]
  /** How a push endpoint's name is resolved before each push (default the system's; tests give their own). */
  resolvePushHost?: PushHostResolver
}

export const DEV_JWT_SECRET = 'mock-backend-dev-secret-not-for-production'

export const DEFAULT_OPTIONS: Readonly<MockOptions> = Object.freeze({
  port: 0,
  accessTtlSeconds: 900,
  refreshTtlSeconds: 604_800,
  noExp: false,
  reuseGraceMs: 10_000,
  tokenPadding: 0,
  jwtSecret: DEV_JWT_SECRET,
  logOtp: true,
})

/** A token lifetime: whole seconds, negative allowed, at most 10 years. */
export const ttlSchema = z.number().int().min(-315_360_000).max(315_360_000)
/** Upper bound of `tokenPadding`: tokens stay well below any header limit a test may want. */
export const MAX_TOKEN_PADDING = 64 * 1024

/** Body of POST /__mock/config. */
export const tokenConfigSchema = z
  .object({
    accessTtlSeconds: ttlSchema,
    refreshTtlSeconds: ttlSchema,
    noExp: z.boolean(),
    reuseGraceMs: z.number().int().min(0).max(86_400_000),
    tokenPadding: z.number().int().min(0).max(MAX_TOKEN_PADDING),
  })
  .partial()
  .strict()

/** An option out of range; the CLI exits 2 on it. */
export class OptionsError extends RangeError {
  override name = 'OptionsError'
}

/** The defaults with the given options (undefined ones ignored), checked. */
export function resolveOptions(options: Partial<MockOptions> = {}): MockOptions {
  const defined = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<MockOptions>
  const resolved: MockOptions = { ...DEFAULT_OPTIONS, ...defined }
  const checked = tokenConfigSchema.safeParse(pickTokenConfig(resolved))
  if (!checked.success) {
    const issue = checked.error.issues[0]
    throw new OptionsError(`Invalid option ${issue?.path.join('.')}: ${issue?.message}`)
  }
  if (!Number.isInteger(resolved.port) || resolved.port < 0 || resolved.port > 65_535) {
    throw new OptionsError(`Invalid option port: ${resolved.port}`)
  }
  if (resolved.jwtSecret.length < 16) {
    throw new OptionsError('Invalid option jwtSecret: at least 16 characters')
  }
  return resolved
}

export function pickTokenConfig(options: TokenConfig): TokenConfig {
  const { accessTtlSeconds, refreshTtlSeconds, noExp, reuseGraceMs, tokenPadding } = options
  return { accessTtlSeconds, refreshTtlSeconds, noExp, reuseGraceMs, tokenPadding }
}
