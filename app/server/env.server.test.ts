import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, publicEnv } from '~/server/env.server'

const base = { BACKEND_URL: 'http://127.0.0.1:4000/' }

describe('parseEnv', () => {
  it('applies defaults in development', () => {
    const env = parseEnv(base)
    expect(env.BACKEND_URL).toBe('http://127.0.0.1:4000')
    expect(env.PORT).toBe(3000)
    expect(env.APP_VERSION).toBe('1.1.12')
    expect(env.APP_COMMIT).toBe('production')
    expect(env.BACKEND_TIMEOUT_MS).toBe(10_000)
    expect(env.SESSION_SECRETS).toHaveLength(1)
    expect(env.COOKIE_SECURE).toBe(false)
    expect(env.ACCESS_TOKEN_LIFETIME_S).toBe(9000)
    expect(env.REFRESH_TOKEN_LIFETIME_S).toBe(604800)
    // docs/decisions/0008: two minutes for a phone whose answer was lost.
    expect(env.REFRESH_GRACE_MS).toBe(120_000)
  })

  it('names a missing BACKEND_URL', () => {
    expect(() => parseEnv({})).toThrow(EnvError)
    expect(() => parseEnv({})).toThrow(/BACKEND_URL/)
  })

  it('names a malformed URL', () => {
    expect(() => parseEnv({ BACKEND_URL: 'not a url' })).toThrow(
      /BACKEND_URL: must be an absolute URL/,
    )
    expect(() => parseEnv({ ...base, IMAGE_HOST_URL: 'nope' })).toThrow(/IMAGE_HOST_URL/)
  })

  it('requires SESSION_SECRET in production, and Secure cookies by default', () => {
    expect(() => parseEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: is required/,
    )
    const env = parseEnv({
      ...base,
      NODE_ENV: 'production',
      APP_ORIGIN: 'https://member.example',
      SESSION_SECRET: 'new-secret-0123456789, old-secret-0123456789',
    })
    expect(env.SESSION_SECRETS).toEqual(['new-secret-0123456789', 'old-secret-0123456789'])
    expect(env.COOKIE_SECURE).toBe(true)
  })

  it('COOKIE_SECURE=false turns Secure off for plain-http previews', () => {
    const env = parseEnv({
      ...base,
      NODE_ENV: 'production',
      APP_ORIGIN: 'https://member.example',
      SESSION_SECRET: 'a-long-enough-secret',
      COOKIE_SECURE: 'false',
    })
    expect(env.COOKIE_SECURE).toBe(false)
  })

  it('without SESSION_SECRET and APP_ORIGIN in production, says both at once', () => {
    expect(() => parseEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: is required[\s\S]*APP_ORIGIN: is required/,
    )
  })
  it('requires APP_ORIGIN in production; development goes without', () => {
    const production = { ...base, NODE_ENV: 'production', SESSION_SECRET: 'a-long-enough-secret' }
    expect(() => parseEnv(production)).toThrow(/APP_ORIGIN: is required in production/)
    expect(parseEnv(base).APP_ORIGINS).toEqual([])
  })

  it('APP_ORIGIN: comma-separated origins, the first canonical, normalised', () => {
    const env = parseEnv({
      ...base,
      APP_ORIGIN: 'https://Member.Example/ , http://localhost:3000,https://member.example',
    })
    expect(env.APP_ORIGINS).toEqual(['https://member.example', 'http://localhost:3000'])
  })

  it.each([
    'member.example',
    'ftp://member.example',
    'https://member.example/app',
    'https://x/?a=1',
  ])('APP_ORIGIN refuses %j', (value) => {
    expect(() => parseEnv({ ...base, APP_ORIGIN: value })).toThrow(/APP_ORIGIN/)
  })

  it('TRUST_PROXY_HOPS: an integer >= 0, 0 by default', () => {
    expect(parseEnv(base).TRUST_PROXY_HOPS).toBe(0)
    expect(parseEnv({ ...base, TRUST_PROXY_HOPS: '2' }).TRUST_PROXY_HOPS).toBe(2)
    expect(() => parseEnv({ ...base, TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/)
    expect(() => parseEnv({ ...base, TRUST_PROXY_HOPS: '1.5' })).toThrow(/TRUST_PROXY_HOPS/)
  })

  it('refuses short secrets', () => {
    expect(() => parseEnv({ ...base, SESSION_SECRET: 'short' })).toThrow(/at least 16/)
  })

  it('rejects a bad PORT and timeout', () => {
    expect(() => parseEnv({ ...base, PORT: 'abc' })).toThrow(/PORT/)
    expect(() => parseEnv({ ...base, BACKEND_TIMEOUT_MS: '-1' })).toThrow(/BACKEND_TIMEOUT_MS/)
  })

  it('PUSH_SERVICE_HOSTS: the browsers’ push services by default, a bad name stops the start', () => {
    expect(parseEnv(base).PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com')
    expect(
      parseEnv({ ...base, PUSH_SERVICE_HOSTS: 'push.example.net' }).PUSH_SERVICE_HOSTS,
    ).toEqual(['push.example.net'])
    expect(() => parseEnv({ ...base, PUSH_SERVICE_HOSTS: '10.0.0.1' })).toThrow(
      /PUSH_SERVICE_HOSTS: "10\.0\.0\.1" is not a host name/,
    )
  })

  it('token lifetimes can be set or turned off', () => {
    const env = parseEnv({
      ...base,
      ACCESS_TOKEN_LIFETIME_S: 'none',
      REFRESH_TOKEN_LIFETIME_S: '60',
    })
    expect(env.ACCESS_TOKEN_LIFETIME_S).toBeUndefined()
    expect(env.REFRESH_TOKEN_LIFETIME_S).toBe(60)
  })
})

describe('publicEnv', () => {
  it('carries only public values', () => {
    const env = parseEnv({
      ...base,
      SESSION_SECRET: 'a-long-enough-secret',
      IMAGE_HOST_URL: 'https://img.example',
    })
    const exposed = JSON.stringify(publicEnv(env))
    expect(publicEnv(env)).toEqual({
      APP_VERSION: '1.1.12',
      APP_COMMIT: 'production',
      IMAGE_HOST_URL: 'https://img.example',
    })
    expect(exposed).not.toContain('a-long-enough-secret')
    expect(exposed).not.toContain('127.0.0.1')
  })
})
