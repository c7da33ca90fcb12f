import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { sealedCookie } from '~/server/sealed-cookie.server'

const schema = z.object({ step: z.enum(['one', 'two']), secret: z.string() })
const SECRET = 'first-secret-0123456789abcdef'
const OLD = 'older-secret-0123456789abcdef'

function make(secrets: string[] = [SECRET], overrides: { name?: string; purpose?: string } = {}) {
  return sealedCookie({
    name: overrides.name ?? 'test.progress',
    maxAgeSeconds: 600,
    purpose: overrides.purpose ?? 'test progress',
    schema,
    config: () => ({ secrets, secure: true }),
  })
}

/** The request a browser sends back with the cookie of a Set-Cookie header (under `as`, if given). */
function requestWith(setCookie: string, as?: string): Request {
  const name = setCookie.slice(0, setCookie.indexOf('='))
  const value = setCookie.slice(setCookie.indexOf('=') + 1, setCookie.indexOf(';'))
  const sent = as === undefined ? name : `${name.startsWith('__Host-') ? '__Host-' : ''}${as}`
  return new Request('http://app.test/steps', { headers: { Cookie: `other=1; ${sent}=${value}` } })
}

const value = { step: 'two', secret: 'hunter2-password' } as const

describe('sealedCookie', () => {
  it('round-trips a value and writes a short-lived, httpOnly, __Host- cookie when Secure', () => {
    const cookie = make()
    const header = cookie.serialize(value)
    expect(header).toMatch(
      /^__Host-test\.progress=[A-Za-z0-9_-]+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
    expect(cookie.read(requestWith(header))).toEqual(value)
  })

  it('when Secure, never reads the value under its name without __Host- (planted)', () => {
    const header = make().serialize(value)
    const raw = header.slice(header.indexOf('=') + 1, header.indexOf(';'))
    const planted = new Request('http://app.test/', { headers: { Cookie: `test.progress=${raw}` } })
    expect(make().read(planted)).toBeNull()
  })

  it('never shows the value in clear', () => {
    const header = make().serialize(value)
    const raw = header.slice(header.indexOf('=') + 1, header.indexOf(';'))
    expect(header).not.toContain('hunter2')
    expect(Buffer.from(raw, 'base64url').toString('latin1')).not.toContain('hunter2')
  })

  it('seals differently every time (random IV)', () => {
    expect(make().serialize(value)).not.toBe(make().serialize(value))
  })

  it('gives null for a missing, tampered, truncated or garbage value', () => {
    const cookie = make()
    const header = cookie.serialize(value)
    const raw = header.slice(header.indexOf('=') + 1, header.indexOf(';'))
    const flipped = `${raw.slice(0, 20)}${raw[20] === 'A' ? 'B' : 'A'}${raw.slice(21)}`
    const req = (v: string) =>
      new Request('http://app.test/', { headers: { Cookie: `__Host-test.progress=${v}` } })
    expect(cookie.read(new Request('http://app.test/'))).toBeNull()
    expect(cookie.read(req(flipped))).toBeNull()
    expect(cookie.read(req(raw.slice(0, 30)))).toBeNull()
    expect(cookie.read(req('not base64!'))).toBeNull()
    expect(cookie.read(req(''))).toBeNull()
  })

  it('gives null after its expiry, even if the browser still sends it', () => {
    const cookie = make()
    const now = Date.now()
    const request = requestWith(cookie.serialize(value, now))
    expect(cookie.read(request, now + 599_000)).toEqual(value)
    expect(cookie.read(request, now + 600_000)).toBeNull()
  })

  it('does not open under another purpose, another cookie name or another secret', () => {
    const header = make().serialize(value)
    expect(make([SECRET], { purpose: 'other' }).read(requestWith(header))).toBeNull()
    expect(make([SECRET], { name: 'moved' }).read(requestWith(header, 'moved'))).toBeNull()
    expect(make(['another-secret-0123456789abcdef']).read(requestWith(header))).toBeNull()
  })

  it('opens a value sealed with an older secret still in the list (rotation)', () => {
    const header = make([OLD]).serialize(value)
    expect(make([SECRET, OLD]).read(requestWith(header))).toEqual(value)
  })

  it('gives null for a value of the wrong shape, and refuses to seal one', () => {
    const loose = sealedCookie({
      name: 'test.progress',
      maxAgeSeconds: 60,
      purpose: 'test progress',
      schema: z.unknown(),
      config: () => ({ secrets: [SECRET], secure: true }),
    })
    expect(make().read(requestWith(loose.serialize({ step: 'three' })))).toBeNull()
    expect(() => make().serialize({ step: 'three' } as never)).toThrow()
  })

  it('clears with an expired cookie of the same name', () => {
    expect(make().clear()).toBe(
      '__Host-test.progress=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    )
  })

  it('leaves out Secure, and the __Host- prefix, when its config says so', () => {
    const plain = sealedCookie({
      name: 'test.progress',
      maxAgeSeconds: 60,
      purpose: 'test progress',
      schema,
      config: () => ({ secrets: [SECRET], secure: false }),
    })
    expect(plain.serialize(value)).toMatch(
      /^test\.progress=[\w-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/,
    )
    expect(plain.clear()).toBe('test.progress=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')
  })
})
