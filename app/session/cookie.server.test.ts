import type * as nodeCrypto from 'node:crypto'
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import {
  MAX_SESSION_CHUNKS,
  MAX_SESSION_COOKIE_BYTES,
  MAX_SET_COOKIE_BYTES,
  SESSION_COOKIE_NAME,
  SessionTooLargeError,
  readSessionCookie,
  sealSession,
  sealSessionRef,
  serializeSessionCookies,
  serializeSessionRefCookies,
  sessionMaxAge,
  unsealSession,
  unsealSessionRef,
  type SessionPayload,
} from '~/session/cookie.server'

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>()
  return { ...actual, hkdfSync: vi.fn(actual.hkdfSync) }
})

const SECRET = 'test-secret-one-0123456789'
const OTHER = 'test-secret-two-0123456789'
const NOW = 1_700_000_000_000

function session(overrides: Partial<SessionPayload> = {}): SessionPayload {
  return {
    v: 2,
    sid: 'session-id-0123456789',
    strategy: 'local',
    accessToken: 'access-token',
    refreshToken: 'refresh-token',
    accessExpiresAt: NOW + 9_000_000,
    refreshExpiresAt: NOW + 604_800_000,
    ...overrides,
  }
}

/** A random base64url string of about `length` characters (incompressible, like a JWT). */
function token(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4))
    .toString('base64url')
    .slice(0, length)
}

/** A jar holding `payload` as the two chunks sessions took before decision 0096. */
function legacyChunks(payload: SessionPayload): Jar {
  const value = sealSession(payload, [SECRET])
  const half = Math.ceil(value.length / 2)
  return new Jar().apply([
    `auth.session.0=${value.slice(0, half)}; Path=/; HttpOnly`,
    `auth.session.1=${value.slice(half)}; Path=/; HttpOnly`,
  ])
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8')
const nameOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('='))
const isExpiry = (setCookie: string) => /; Max-Age=0(;|$)/.test(setCookie)

/** A minimal browser cookie jar: applies Set-Cookie values, renders a Cookie header. */
class Jar {
  readonly cookies = new Map<string, string>()
  apply(setCookies: string[]): this {
    for (const sc of setCookies) {
      const [pair = ''] = sc.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      if (isExpiry(sc)) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(eq + 1))
    }
    return this
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

function write(payload: SessionPayload | null, previousChunkNames: string[] = [], secure = false) {
  return serializeSessionCookies(payload, {
    secrets: [SECRET],
    secure,
    previousChunkNames,
    now: NOW,
  })
}

/** Encrypts arbitrary plaintext the way sealSession does (documents the format). */
function sealRaw(plaintext: string, secret = SECRET): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'auth.session', 'auth.session v1', 32))
  const iv = randomBytes(12)
  const version = Buffer.from([1])
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(version)
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return Buffer.concat([version, iv, ct, cipher.getAuthTag()]).toString('base64url')
}

describe('sealSession / unsealSession', () => {
  it('round trips a session', () => {
    const payload = session()
    expect(unsealSession(sealSession(payload, [SECRET]), [SECRET])).toEqual(payload)
  })

  it('round trips a watcher session without refresh token and with unknown expiries', () => {
    const payload = session({
      strategy: 'watcher',
      refreshToken: undefined,
      accessExpiresAt: null,
      refreshExpiresAt: null,
    })
    const opened = unsealSession(sealSession(payload, [SECRET]), [SECRET])
    expect(opened).toEqual({
      v: 2,
      sid: 'session-id-0123456789',
      strategy: 'watcher',
      accessToken: 'access-token',
      accessExpiresAt: null,
      refreshExpiresAt: null,
    })
  })

  it('round trips every strategy and non-ASCII tokens', () => {
    for (const strategy of ['local', 'line', 'watcher'] as const) {
      const payload = session({ strategy, accessToken: 'โทเค็น-ทดสอบ' })
      expect(unsealSession(sealSession(payload, [SECRET]), [SECRET])).toEqual(payload)
    }
  })

  it('never stores fields outside the schema (no member profile)', () => {
    const withProfile = { ...session(), member: { id: 1, displayName: 'สมชาย' } }
    const opened = unsealSession(sealSession(withProfile, [SECRET]), [SECRET])
    expect(opened).toEqual(session())
    expect(opened).not.toHaveProperty('member')
  })

  it('refuses to seal an invalid payload or without a secret', () => {
    expect(() => sealSession({ ...session(), accessToken: '' }, [SECRET])).toThrow()
    expect(() => sealSession(session(), [])).toThrow(/secret/)
    expect(() => sealSession(session(), [''])).toThrow(/secret/)
  })

  it('outputs cookie-safe base64url with a random IV', () => {
    const a = sealSession(session(), [SECRET])
    const b = sealSession(session(), [SECRET])
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('access-token')
    expect(Buffer.from(a, 'base64url').toString('latin1')).not.toContain('refresh-token')
  })

  describe('secret rotation', () => {
    it('opens a cookie written with the old secret using [new, old]', () => {
      const sealed = sealSession(session(), [OTHER])
      expect(unsealSession(sealed, [SECRET, OTHER])).toEqual(session())
    })

    it('writes with the first secret', () => {
      const sealed = sealSession(session(), [SECRET, OTHER])
      expect(unsealSession(sealed, [SECRET])).toEqual(session())
      expect(unsealSession(sealed, [OTHER])).toBeNull()
    })

    it('rejects a cookie from a secret no longer listed', () => {
      expect(unsealSession(sealSession(session(), [OTHER]), [SECRET])).toBeNull()
    })

    it('derives each key once, not per request', () => {
      const hkdf = vi.mocked(hkdfSync)
      const fresh = `fresh-secret-${Math.random()}`
      hkdf.mockClear()
      for (let i = 0; i < 50; i++) {
        unsealSession(sealSession(session(), [fresh]), [fresh])
      }
      expect(hkdf.mock.calls.filter(([, secret]) => secret === fresh)).toHaveLength(1)
    })
  })

  describe('rejects (null, never throws)', () => {
    const sealed = sealSession(session(), [SECRET])
    const blob = Buffer.from(sealed, 'base64url')

    it('every single tampered byte', () => {
      for (let i = 0; i < blob.length; i++) {
        const tampered = Buffer.from(blob)
        tampered[i] = (tampered[i] ?? 0) ^ 0x01
        expect(unsealSession(tampered.toString('base64url'), [SECRET]), `byte ${i}`).toBeNull()
      }
    })

    it.each([
      ['empty', ''],
      ['truncated by one character', sealed.slice(0, -1)],
      ['truncated tag', Buffer.from(blob.subarray(0, -4)).toString('base64url')],
      ['half', sealed.slice(0, sealed.length / 2)],
      ['header only', sealed.slice(0, 20)],
      ['extended', `${sealed}AAAA`],
      ['random base64url', randomBytes(200).toString('base64url')],
      ['random base64 with padding', `${randomBytes(200).toString('base64')}==`],
      ['plain JSON', JSON.stringify(session())],
      ['unsigned base64 JSON', Buffer.from(JSON.stringify(session())).toString('base64url')],
      ['garbage characters', '%%%;;;"\u0000\u00ff'],
      ['a huge value', 'A'.repeat(200_000)],
    ])('%s', (_name, value) => {
      expect(() => unsealSession(value, [SECRET])).not.toThrow()
      expect(unsealSession(value, [SECRET])).toBeNull()
    })

    it('another secret', () => {
      expect(unsealSession(sealed, [OTHER])).toBeNull()
    })

    it('no secrets at all', () => {
      expect(unsealSession(sealed, [])).toBeNull()
      expect(unsealSession(sealed, [''])).toBeNull()
    })

    it('an unknown format version', () => {
      const v2 = Buffer.from(blob)
      v2[0] = 2
      expect(unsealSession(v2.toString('base64url'), [SECRET])).toBeNull()
    })

    it('authentic plaintext that is not JSON or fails the schema', () => {
      expect(unsealSession(sealRaw('not json'), [SECRET])).toBeNull()
      expect(unsealSession(sealRaw('null'), [SECRET])).toBeNull()
      expect(unsealSession(sealRaw(JSON.stringify({ ...session(), v: 1 })), [SECRET])).toBeNull()
      expect(
        unsealSession(sealRaw(JSON.stringify({ ...session(), sid: 'short' })), [SECRET]),
      ).toBeNull()
      expect(
        unsealSession(sealRaw(JSON.stringify({ ...session(), strategy: 'admin' })), [SECRET]),
      ).toBeNull()
      const { accessExpiresAt: _dropped, ...missing } = session()
      expect(unsealSession(sealRaw(JSON.stringify(missing)), [SECRET])).toBeNull()
      // The format helper itself is right: a valid payload opens.
      expect(unsealSession(sealRaw(JSON.stringify(session())), [SECRET])).toEqual(session())
    })

    it('non-string input', () => {
      expect(unsealSession(undefined as unknown as string, [SECRET])).toBeNull()
    })
  })
})

describe('readSessionCookie', () => {
  it.each([
    ['null', null],
    ['empty', ''],
    ['other cookies', 'theme=dark; auth.strategy=local; auth.sessionx=1'],
    ['garbage', ';;;=;===;a;b=c=d; =x; \u0000'],
    [
      'lookalike chunk names',
      'auth.session.01=a; auth.session.16=b; auth.session.x=c; auth.session.=d',
    ],
  ])('nothing present for %s', (_name, header) => {
    expect(readSessionCookie(header, [SECRET])).toEqual({
      payload: null,
      ref: null,
      present: false,
      chunkNames: [],
    })
  })

  it('reads the single form among other cookies, with loose whitespace', () => {
    const sealed = sealSession(session(), [SECRET])
    const read = readSessionCookie(`theme=dark;   auth.session=${sealed} ;lang=th`, [SECRET])
    expect(read).toEqual({
      payload: session(),
      ref: null,
      present: true,
      chunkNames: ['auth.session'],
    })
  })

  it('accepts a quoted value', () => {
    const sealed = sealSession(session(), [SECRET])
    expect(readSessionCookie(`auth.session="${sealed}"`, [SECRET]).payload).toEqual(session())
  })

  it('uses the first of duplicated names (the most specific path comes first)', () => {
    const sealed = sealSession(session(), [SECRET])
    expect(
      readSessionCookie(`auth.session=${sealed}; auth.session=junk`, [SECRET]).payload,
    ).toEqual(session())
  })

  it('reports an unreadable cookie as present so it gets cleared', () => {
    expect(readSessionCookie('auth.session=garbage', [SECRET])).toEqual({
      payload: null,
      ref: null,
      present: true,
      chunkNames: ['auth.session'],
    })
    expect(readSessionCookie('auth.session=', [SECRET]).present).toBe(true)
  })

  it('reports a cookie sealed with an unknown secret as present with no payload', () => {
    const sealed = sealSession(session(), [OTHER])
    const read = readSessionCookie(`auth.session=${sealed}`, [SECRET])
    expect(read.payload).toBeNull()
    expect(read.present).toBe(true)
  })

  it('joins chunks in index order whatever the header order', () => {
    const sealed = sealSession(session({ accessToken: token(5000) }), [SECRET])
    const parts = [sealed.slice(0, 3000), sealed.slice(3000)]
    const header = `auth.session.1=${parts[1]}; x=1; auth.session.0=${parts[0]}`
    const read = readSessionCookie(header, [SECRET])
    expect(read.payload?.accessToken).toHaveLength(5000)
    expect(read.chunkNames.sort()).toEqual(['auth.session.0', 'auth.session.1'])
  })

  it('reads no more than two chunks: a longer session is unreadable and gets cleared', () => {
    const sealed = sealSession(session({ accessToken: token(9000) }), [SECRET])
    const parts = [sealed.slice(0, 4000), sealed.slice(4000, 8000), sealed.slice(8000)]
    const header = parts.map((part, i) => `auth.session.${i}=${part}`).join('; ')
    const read = readSessionCookie(header, [SECRET])
    expect(read.payload).toBeNull()
    expect(read.present).toBe(true)
    expect(read.chunkNames).toHaveLength(3)
  })

  it('gives null for a chunked cookie with a missing chunk', () => {
    const sealed = sealSession(session({ accessToken: token(6000) }), [SECRET])
    const header = `auth.session.0=${sealed.slice(0, 3000)}; auth.session.2=${sealed.slice(3000)}`
    const read = readSessionCookie(header, [SECRET])
    expect(read.payload).toBeNull()
    expect(read.present).toBe(true)
  })

  it('falls back to the chunks when a stale single cookie is unreadable', () => {
    const sealed = sealSession(session(), [SECRET])
    const header = `auth.session=stale; auth.session.0=${sealed.slice(0, 50)}; auth.session.1=${sealed.slice(50)}`
    const read = readSessionCookie(header, [SECRET])
    expect(read.payload).toEqual(session())
    expect(read.chunkNames).toEqual(['auth.session', 'auth.session.0', 'auth.session.1'])
  })
})

describe('serializeSessionCookies', () => {
  it('writes one cookie with the session attributes', () => {
    const headers = write(session(), [], true)
    expect(headers).toHaveLength(1)
    const [header = ''] = headers
    expect(nameOf(header)).toBe(`__Host-${SESSION_COOKIE_NAME}`)
    expect(header).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    expect(readSessionCookie(new Jar().apply(headers).header(), [SECRET], true).payload).toEqual(
      session(),
    )
  })

  it('omits Secure when not secure', () => {
    const [header = ''] = write(session(), [], false)
    expect(header).not.toMatch(/Secure/)
    expect(header).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)
  })

  it('uses only cookie-safe characters in the value', () => {
    for (const header of write(session({ accessToken: token(1000) }))) {
      const value = header.slice(header.indexOf('=') + 1, header.indexOf(';'))
      expect(value).toMatch(/^[A-Za-z0-9_-]+$/)
    }
  })

  describe('Max-Age', () => {
    const maxAgeOf = (payload: SessionPayload) => {
      const [header = ''] = write(payload)
      return /Max-Age=(\d+)/.exec(header)?.[1]
    }

    it("is the refresh token's remaining life in seconds", () => {
      expect(maxAgeOf(session({ refreshExpiresAt: NOW + 3_600_000 }))).toBe('3600')
    })

    it('rounds a partial second up', () => {
      expect(maxAgeOf(session({ refreshExpiresAt: NOW + 1_001 }))).toBe('2')
      expect(sessionMaxAge(session({ refreshExpiresAt: NOW + 1 }), NOW)).toBe(1)
    })

    it("is the access token's remaining life for a session without refresh token", () => {
      const watcher = session({
        strategy: 'watcher',
        refreshToken: undefined,
        refreshExpiresAt: null,
        accessExpiresAt: NOW + 120_000,
      })
      expect(maxAgeOf(watcher)).toBe('120')
    })

    it('is absent (a browser-session cookie) when the relevant expiry is unknown', () => {
      const [unknownRefresh = ''] = write(session({ refreshExpiresAt: null }), [], true)
      expect(unknownRefresh).not.toMatch(/Max-Age/)
      expect(unknownRefresh).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
      const [unknownAccess = ''] = write(
        session({ refreshToken: undefined, refreshExpiresAt: null, accessExpiresAt: null }),
      )
      expect(unknownAccess).not.toMatch(/Max-Age/)
    })

    it('is 0 for a session that has already run out', () => {
      expect(maxAgeOf(session({ refreshExpiresAt: NOW - 5_000 }))).toBe('0')
    })

    it('uses Date.now() when no time is given', () => {
      vi.spyOn(Date, 'now').mockReturnValue(NOW)
      const [header = ''] = serializeSessionCookies(session({ refreshExpiresAt: NOW + 60_000 }), {
        secrets: [SECRET],
        secure: true,
        previousChunkNames: [],
      })
      expect(header).toMatch(/Max-Age=60;/)
    })
  })

  describe('clearing (null payload)', () => {
    it('expires auth.session when nothing else was sent', () => {
      expect(write(null, [], true)).toEqual([
        '__Host-auth.session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
      ])
      expect(write(null, [], false)).toEqual([
        'auth.session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      ])
    })

    it('expires every previous chunk as well, once each', () => {
      const headers = write(null, ['auth.session.0', 'auth.session.1', 'auth.session'])
      expect(headers.map(nameOf).sort()).toEqual([
        'auth.session',
        'auth.session.0',
        'auth.session.1',
      ])
      expect(headers.every(isExpiry)).toBe(true)
    })

    it('never touches cookies that are not session cookies', () => {
      const headers = write(null, ['theme', 'auth.session.0', 'evil; Domain=x'])
      expect(headers.map(nameOf).sort()).toEqual(['auth.session', 'auth.session.0'])
    })

    it('empties the jar', () => {
      const jar = legacyChunks(session({ accessToken: token(5000) }))
      jar.cookies.set('theme', 'dark')
      const { chunkNames } = readSessionCookie(jar.header(), [SECRET])
      jar.apply(write(null, chunkNames))
      expect([...jar.cookies.keys()]).toEqual(['theme'])
    })
  })

  describe('size', () => {
    it('keeps a session of 600-byte tokens in one cookie, within MAX_SESSION_COOKIE_BYTES', () => {
      for (const secure of [true, false]) {
        const payload = session({ accessToken: token(600), refreshToken: token(600) })
        const headers = write(payload, [], secure)
        expect(headers.map(nameOf)).toEqual([secure ? '__Host-auth.session' : 'auth.session'])
        const pair = (headers[0] ?? '').slice(0, (headers[0] ?? '').indexOf(';'))
        expect(bytes(pair)).toBeLessThanOrEqual(MAX_SESSION_COOKIE_BYTES)
        expect(bytes(headers[0] ?? '')).toBeLessThanOrEqual(MAX_SET_COOKIE_BYTES)
        expect(
          readSessionCookie(new Jar().apply(headers).header(), [SECRET], secure).payload,
        ).toEqual(payload)
      }
    })

    it('refuses a session over MAX_SESSION_COOKIE_BYTES, exactly at the limit', () => {
      let sawKept = false
      let sawRefused = false
      for (let size = 1200; size <= 1600; size += 3) {
        const payload = session({ accessToken: token(size) })
        const value = sealSession(payload, [SECRET])
        if (bytes(`auth.session=${value}`) <= MAX_SESSION_COOKIE_BYTES) {
          sawKept = true
          expect(write(payload).map(nameOf)).toEqual(['auth.session'])
        } else {
          sawRefused = true
          expect(() => write(payload)).toThrow(SessionTooLargeError)
        }
      }
      expect(sawKept && sawRefused).toBe(true)
      // The 1 KB tokens decision 0096 kept in the cookie go to the shared store (0134).
      const old = session({ accessToken: token(1024), refreshToken: token(1024) })
      expect(() => write(old)).toThrow(SessionTooLargeError)
    })

    it(`still reads a session split over ${MAX_SESSION_CHUNKS} cookies before decision 0096`, () => {
      const payload = session({ accessToken: token(2500), refreshToken: token(2500) })
      expect(readSessionCookie(legacyChunks(payload).header(), [SECRET]).payload).toEqual(payload)
    })
  })

  describe('a reference to tokens in the shared store (decision 0134)', () => {
    const REF = 'AbCdEfGhIjKlMnOpQrStUv'
    const refCookies = (secure = false) =>
      serializeSessionRefCookies(REF, session(), {
        secrets: [SECRET],
        secure,
        previousChunkNames: [],
        now: NOW,
      })

    it('holds the reference only, in about 100 bytes, for as long as the session', () => {
      for (const secure of [true, false]) {
        const headers = refCookies(secure)
        expect(headers.map(nameOf)).toEqual([secure ? '__Host-auth.session' : 'auth.session'])
        const pair = (headers[0] ?? '').slice(0, (headers[0] ?? '').indexOf(';'))
        expect(bytes(pair)).toBeLessThan(128)
        expect(headers[0]).toContain('Max-Age=604800')
        const read = readSessionCookie(new Jar().apply(headers).header(), [SECRET], secure)
        expect(read).toMatchObject({ payload: null, ref: REF, present: true })
      }
    })

    it('opens with any secret, and never as a session (nor a session as a reference)', () => {
      const sealed = sealSessionRef(REF, [SECRET])
      expect(unsealSessionRef(sealed, [OTHER, SECRET])).toBe(REF)
      expect(unsealSession(sealed, [SECRET])).toBeNull()
      expect(unsealSessionRef(sealSession(session(), [SECRET]), [SECRET])).toBeNull()
      expect(
        readSessionCookie(`auth.session=${sealSession(session(), [SECRET])}`, [SECRET]).ref,
      ).toBeNull()
    })

    it('refuses a tampered, truncated, foreign or malformed reference', () => {
      const sealed = sealSessionRef(REF, [SECRET])
      const flipped = Buffer.from(sealed, 'base64url')
      flipped[20] = (flipped[20] ?? 0) ^ 1
      for (const value of [
        flipped.toString('base64url'),
        sealed.slice(0, -2),
        sealSessionRef(REF, [OTHER]),
        `${sealed}x`,
        '',
      ]) {
        expect(unsealSessionRef(value, [SECRET])).toBeNull()
        expect(readSessionCookie(`auth.session=${value}`, [SECRET]).ref).toBeNull()
      }
      expect(() => sealSessionRef('not a ref', [SECRET])).toThrow()
    })

    it('expires the chunks of an older session', () => {
      const jar = legacyChunks(session({ accessToken: token(2500) }))
      const { chunkNames } = readSessionCookie(jar.header(), [SECRET])
      jar.apply(
        serializeSessionRefCookies(REF, session(), {
          secrets: [SECRET],
          secure: false,
          previousChunkNames: chunkNames,
          now: NOW,
        }),
      )
      expect([...jar.cookies.keys()]).toEqual(['auth.session'])
      expect(readSessionCookie(jar.header(), [SECRET]).ref).toBe(REF)
    })
  })

  describe('stale cookies', () => {
    it('expires the chunks of an older session when it is written again', () => {
      const jar = legacyChunks(session({ accessToken: token(2500) }))
      const { chunkNames } = readSessionCookie(jar.header(), [SECRET])
      expect(chunkNames.length).toBeGreaterThan(1)
      const headers = write(session(), chunkNames)
      jar.apply(headers)
      expect(headers.filter(isExpiry).map(nameOf).sort()).toEqual([...chunkNames].sort())
      expect([...jar.cookies.keys()]).toEqual(['auth.session'])
      expect(readSessionCookie(jar.header(), [SECRET]).payload).toEqual(session())
    })

    it('expires nothing when the same name is rewritten', () => {
      const jar = new Jar().apply(write(session()))
      const { chunkNames } = readSessionCookie(jar.header(), [SECRET])
      expect(write(session(), chunkNames).some(isExpiry)).toBe(false)
    })
  })
})
