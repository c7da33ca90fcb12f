import { describe, expect, it } from 'vitest'
import {
  ACCESS_TOKEN_LIFETIME_S,
  DEFAULT_TOKEN_LIFETIMES,
  REFRESH_TOKEN_LIFETIME_S,
  decodeJwtExp,
  expiresAtFor,
  isExpired,
  tokenSetFromPair,
} from '~/session/tokens'

const b64url = (value: string) => Buffer.from(value, 'utf8').toString('base64url')

/** An unsigned-looking JWT with the given payload (the signature is never checked). */
function jwt(payload: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  return `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.c2lnbmF0dXJl`
}

const RECEIVED = 1_700_000_000_000
const EXP_S = 1_700_003_600

describe('decodeJwtExp', () => {
  it('reads exp (seconds) as ms', () => {
    expect(decodeJwtExp(jwt({ sub: '1', exp: EXP_S }))).toBe(EXP_S * 1000)
  })

  it('keeps fractional exp to the millisecond', () => {
    expect(decodeJwtExp(jwt({ exp: 1.5 }))).toBe(1500)
  })

  it('decodes payloads with unicode and base64url-specific characters', () => {
    // '?>' and 'ÿ' style payloads produce '-' and '_' in base64url
    const token = jwt({ name: 'สมชาย ใจดี ??>>~~', exp: EXP_S })
    expect(token.split('.')[1]).toMatch(/[-_]/)
    expect(decodeJwtExp(token)).toBe(EXP_S * 1000)
  })

  it('works with an empty signature part (alg none)', () => {
    const [h, p] = jwt({ exp: EXP_S }).split('.')
    expect(decodeJwtExp(`${h}.${p}.`)).toBe(EXP_S * 1000)
  })

  it('decodes large (8 KB) tokens', () => {
    const token = jwt({ exp: EXP_S, blob: 'x'.repeat(8 * 1024) })
    expect(token.length).toBeGreaterThan(8 * 1024)
    expect(decodeJwtExp(token)).toBe(EXP_S * 1000)
  })

  it.each([
    ['no exp', jwt({ sub: '1' })],
    ['string exp', jwt({ exp: String(EXP_S) })],
    ['null exp', jwt({ exp: null })],
    ['boolean exp', jwt({ exp: true })],
    ['object exp', jwt({ exp: { value: EXP_S } })],
    ['array payload', jwt([EXP_S])],
    ['number payload', jwt(EXP_S)],
    ['null payload', jwt(null)],
  ])('undefined for a JWT with %s', (_name, token) => {
    expect(decodeJwtExp(token)).toBeUndefined()
  })

  it.each([
    ['empty string', ''],
    ['opaque token', 'a3f9c2e1d0b84f5a9e7c6d5b4a392817'],
    ['one dot', 'abc.def'],
    ['four parts', `${jwt({ exp: EXP_S })}.extra`],
    ['five parts (JWE)', 'a.b.c.d.e'],
    ['empty payload', 'abc..def'],
    ['dots only', '..'],
    ['bad base64 characters', 'abc.e30*.def'],
    ['standard base64 padding', `abc.${Buffer.from('{"exp":1}').toString('base64')}=.def`],
    ['impossible base64 length', 'abc.eyJle.def'],
    ['non-JSON payload', `abc.${b64url('not json')}.def`],
    ['truncated JSON', `abc.${b64url('{"exp": 17')}.def`],
    ['invalid UTF-8', `abc.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.def`],
    ['8 KB of garbage', '%$#'.repeat(3000)],
    ['8 KB garbage with dots', `${'z'.repeat(4000)}.${'!'.repeat(4000)}.x`],
    ['over-long token', jwt({ exp: EXP_S, blob: 'x'.repeat(100 * 1024) })],
  ])('undefined, without throwing, for %s', (_name, token) => {
    expect(() => decodeJwtExp(token)).not.toThrow()
    expect(decodeJwtExp(token)).toBeUndefined()
  })

  it('never throws for non-string input', () => {
    expect(decodeJwtExp(undefined as unknown as string)).toBeUndefined()
    expect(decodeJwtExp(42 as unknown as string)).toBeUndefined()
  })
})

describe('expiresAtFor', () => {
  it('uses the JWT exp when present, ignoring the lifetime', () => {
    expect(expiresAtFor(jwt({ exp: EXP_S }), RECEIVED, 9000)).toBe(EXP_S * 1000)
    expect(expiresAtFor(jwt({ exp: EXP_S }), RECEIVED, undefined)).toBe(EXP_S * 1000)
  })

  it('uses the exp even when it lies in the past', () => {
    expect(expiresAtFor(jwt({ exp: 10 }), RECEIVED, 9000)).toBe(10_000)
  })

  it('counts the lifetime from the moment of receipt when there is no exp', () => {
    expect(expiresAtFor('opaque', RECEIVED, 9000)).toBe(RECEIVED + 9_000_000)
    expect(expiresAtFor(jwt({ sub: '1' }), RECEIVED, 604_800)).toBe(RECEIVED + 604_800_000)
  })

  it('is null (unknown) with neither exp nor lifetime', () => {
    expect(expiresAtFor('opaque', RECEIVED, undefined)).toBeNull()
    expect(expiresAtFor(jwt({ sub: '1' }), RECEIVED, undefined)).toBeNull()
  })
})

describe('isExpired', () => {
  const expiresAt = RECEIVED + 60_000

  it('is valid up to 501 ms before expiry', () => {
    expect(isExpired(expiresAt, expiresAt - 501)).toBe(false)
  })

  it('is expired exactly 500 ms before expiry', () => {
    expect(isExpired(expiresAt, expiresAt - 500)).toBe(true)
  })

  it('is expired 499 ms before expiry and later', () => {
    expect(isExpired(expiresAt, expiresAt - 499)).toBe(true)
    expect(isExpired(expiresAt, expiresAt)).toBe(true)
    expect(isExpired(expiresAt, expiresAt + 1_000_000)).toBe(true)
  })

  it('is valid long before expiry', () => {
    expect(isExpired(expiresAt, 0)).toBe(false)
  })

  it('never expires an unknown (null) expiry', () => {
    expect(isExpired(null, 0)).toBe(false)
    expect(isExpired(null, Number.MAX_SAFE_INTEGER)).toBe(false)
  })

  it('applies the margin to a JWT exp and to a lifetime alike', () => {
    const withExp = expiresAtFor(jwt({ exp: EXP_S }), RECEIVED, 9000)
    expect(isExpired(withExp, EXP_S * 1000 - 501)).toBe(false)
    expect(isExpired(withExp, EXP_S * 1000 - 500)).toBe(true)

    const withoutExp = expiresAtFor('opaque', RECEIVED, 9000)
    expect(isExpired(withoutExp, RECEIVED + 9_000_000 - 501)).toBe(false)
    expect(isExpired(withoutExp, RECEIVED + 9_000_000 - 500)).toBe(true)
  })
})

describe('default lifetimes', () => {
  it('are 9000 s for access and 604800 s for refresh', () => {
    expect(ACCESS_TOKEN_LIFETIME_S).toBe(9000)
    expect(REFRESH_TOKEN_LIFETIME_S).toBe(604_800)
    expect(DEFAULT_TOKEN_LIFETIMES).toEqual({ accessSeconds: 9000, refreshSeconds: 604_800 })
  })
})

describe('tokenSetFromPair', () => {
  it('computes both expiries from JWT exp claims', () => {
    const access = jwt({ exp: EXP_S })
    const refresh = jwt({ exp: EXP_S + 86_400 })
    expect(tokenSetFromPair({ accessToken: access, refreshToken: refresh }, RECEIVED)).toEqual({
      accessToken: access,
      refreshToken: refresh,
      accessExpiresAt: EXP_S * 1000,
      refreshExpiresAt: (EXP_S + 86_400) * 1000,
    })
  })

  it('falls back to the default lifetimes for tokens without exp', () => {
    expect(tokenSetFromPair({ accessToken: 'a', refreshToken: 'r' }, RECEIVED)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      accessExpiresAt: RECEIVED + 9000 * 1000,
      refreshExpiresAt: RECEIVED + 604_800 * 1000,
    })
  })

  it('uses the lifetimes it is given, and unknown when they are undefined', () => {
    const set = tokenSetFromPair({ accessToken: 'a', refreshToken: 'r' }, RECEIVED, {
      accessSeconds: 60,
      refreshSeconds: undefined,
    })
    expect(set.accessExpiresAt).toBe(RECEIVED + 60_000)
    expect(set.refreshExpiresAt).toBeNull()
  })

  it('keeps the previous refresh token and its expiry when the pair has none', () => {
    const previous = { refreshToken: 'old-refresh', refreshExpiresAt: 123_456 }
    const set = tokenSetFromPair({ accessToken: 'new-access' }, RECEIVED, undefined, previous)
    expect(set).toEqual({
      accessToken: 'new-access',
      refreshToken: 'old-refresh',
      refreshExpiresAt: 123_456,
      accessExpiresAt: RECEIVED + 9000 * 1000,
    })
  })

  it('keeps an unknown previous refresh expiry as unknown', () => {
    const previous = { refreshToken: 'old-refresh', refreshExpiresAt: null }
    const set = tokenSetFromPair({ accessToken: 'a' }, RECEIVED, undefined, previous)
    expect(set.refreshToken).toBe('old-refresh')
    expect(set.refreshExpiresAt).toBeNull()
  })

  it('replaces the previous refresh token when the pair carries a new one', () => {
    const previous = { refreshToken: 'old-refresh', refreshExpiresAt: 1 }
    const set = tokenSetFromPair(
      { accessToken: 'a', refreshToken: 'new-refresh' },
      RECEIVED,
      undefined,
      previous,
    )
    expect(set.refreshToken).toBe('new-refresh')
    expect(set.refreshExpiresAt).toBe(RECEIVED + 604_800 * 1000)
  })

  it('has no refresh token key at all when neither the pair nor the previous set has one', () => {
    const set = tokenSetFromPair({ accessToken: 'a' }, RECEIVED)
    expect(set).toEqual({
      accessToken: 'a',
      accessExpiresAt: RECEIVED + 9_000_000,
      refreshExpiresAt: null,
    })
    expect('refreshToken' in set).toBe(false)
    // So spreading it over an older payload does not wipe that payload's refresh token.
    const merged = { ...{ refreshToken: 'kept' }, ...set }
    expect(merged.refreshToken).toBe('kept')
  })

  it('ignores extra fields of the previous session (only the refresh part is kept)', () => {
    const previous = {
      refreshToken: 'r',
      refreshExpiresAt: 5,
      accessToken: 'stale',
      accessExpiresAt: 1,
    }
    const set = tokenSetFromPair({ accessToken: 'fresh' }, RECEIVED, undefined, previous)
    expect(set.accessToken).toBe('fresh')
    expect(set.accessExpiresAt).toBe(RECEIVED + 9_000_000)
  })
})
