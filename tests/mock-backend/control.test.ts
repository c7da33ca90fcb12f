import { describe, expect, it } from 'vitest'
import { claimsOf, type ErrorBody, type Pair, useBackend } from './helpers'
import { DEFAULT_OPTIONS } from './options'

const setup = useBackend()
const api = () => setup.client()

interface Call {
  method: string
  path: string
  authorization: string | null
  at: number
  endedAt: number | null
}

async function calls(path?: string): Promise<Call[]> {
  const query = path ? `?path=${encodeURIComponent(path)}` : ''
  return (await api().get<{ data: Call[] }>(`/__mock/calls${query}`)).body.data
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now()
  const result = await run()
  return { ms: performance.now() - started, result }
}

describe('POST /__mock/reset', () => {
  it('restores the seed and clears latency, failures, calls and config overrides', async () => {
    await api().post('/__mock/config', { accessTtlSeconds: 5 })
    await api().post('/__mock/latency', { ms: 300 })
    await api().post('/__mock/fail', { path: '/healthz', count: 5 })
    const { accessToken } = await api().login('demo')

    const reset = await api().post('/__mock/reset')
    expect(reset).toMatchObject({ status: 200, body: { data: { ok: true } } })

    expect(await calls()).toEqual([])
    const { ms, result } = await timed(() => api().get('/healthz'))
    expect(result.status).toBe(200)
    expect(ms).toBeLessThan(250)
    expect((await api().get('/user/profile', accessToken)).status).toBe(401)
    const pair = await api().login('demo')
    const claims = claimsOf(pair.accessToken)
    expect((claims.exp as number) - (claims.iat as number)).toBe(900)
  })
})

describe('/__mock/config', () => {
  it('shows and changes the token options for tokens issued from now on', async () => {
    const shown = await api().get<{ data: unknown }>('/__mock/config')
    expect(shown.body.data).toEqual({
      accessTtlSeconds: DEFAULT_OPTIONS.accessTtlSeconds,
      refreshTtlSeconds: DEFAULT_OPTIONS.refreshTtlSeconds,
      noExp: false,
      reuseGraceMs: DEFAULT_OPTIONS.reuseGraceMs,
      tokenPadding: 0,
    })
    const before = await api().login('demo')
    const changed = await api().post<{ data: { accessTtlSeconds: number } }>('/__mock/config', {
      accessTtlSeconds: 30,
    })
    expect(changed.body.data.accessTtlSeconds).toBe(30)
    const after = await api().login('demo')
    const exp = (token: string) => {
      const c = claimsOf(token)
      return (c.exp as number) - (c.iat as number)
    }
    expect(exp(before.accessToken)).toBe(900)
    expect(exp(after.accessToken)).toBe(30)
  })

  it.each([
    ['an unknown option', { accessTTL: 5 }],
    ['a wrong type', { noExp: 'yes' }],
    ['a negative grace', { reuseGraceMs: -1 }],
  ])('refuses %s with 400 BAD_REQUEST', async (_name, body) => {
    const res = await api().post<ErrorBody>('/__mock/config', body)
    expect([res.status, res.body.code]).toEqual([400, 'BAD_REQUEST'])
  })

  it.each([3000, 8000])('pads tokens by about %i bytes with tokenPadding', async (bytes) => {
    const plain = await api().login('demo')
    await api().post('/__mock/config', { tokenPadding: bytes })
    const padded = await api().login('demo')
    for (const key of ['accessToken', 'refreshToken'] as const) {
      const grown = padded[key].length - plain[key].length
      expect(grown).toBeGreaterThanOrEqual(bytes - 8)
      expect(grown).toBeLessThanOrEqual(bytes + 8)
    }
    expect((await api().get('/user/profile', padded.accessToken)).status).toBe(200)
    expect((await api().post('/auth/refresh', { refreshToken: padded.refreshToken })).status).toBe(
      200,
    )
  })
})

describe('POST /__mock/latency', () => {
  it('delays every answer, but not the control API', async () => {
    await api().post('/__mock/latency', { ms: 200 })
    expect((await timed(() => api().get('/healthz'))).ms).toBeGreaterThanOrEqual(190)
    expect((await timed(() => api().get('/__mock/calls'))).ms).toBeLessThan(150)
  })

  it('delays only the given path, and 0 removes it', async () => {
    await api().post('/__mock/latency', { ms: 200, path: '/healthz' })
    expect((await timed(() => api().get('/healthz'))).ms).toBeGreaterThanOrEqual(190)
    expect((await timed(() => api().login('demo'))).ms).toBeLessThan(150)
    await api().post('/__mock/latency', { ms: 0, path: '/healthz' })
    expect((await timed(() => api().get('/healthz'))).ms).toBeLessThan(150)
  })

  it('refuses a missing ms with 400', async () => {
    expect((await api().post('/__mock/latency', { path: '/healthz' })).status).toBe(400)
  })
})

describe('POST /__mock/fail', () => {
  it('fails the next call with 500 INTERNAL by default, then answers normally', async () => {
    await api().post('/__mock/fail', { path: '/healthz' })
    const failed = await api().get<ErrorBody>('/healthz')
    expect([failed.status, failed.body.code]).toEqual([500, 'INTERNAL'])
    expect(typeof failed.body.message).toBe('string')
    expect((await api().get('/healthz')).status).toBe(200)
  })

  it('fails `count` calls with the given status and a matching code', async () => {
    await api().post('/__mock/fail', { path: '/auth/login', status: 429, count: 2 })
    for (let i = 0; i < 2; i += 1) {
      const res = await api().post<ErrorBody>('/auth/login', { username: 'demo', password: 'x' })
      expect([res.status, res.body.code]).toEqual([429, 'RATE_LIMITED'])
    }
    expect(
      (await api().post('/auth/login', { username: 'demo', password: 'demo1234' })).status,
    ).toBe(200)
  })

  it('takes a code and message when given', async () => {
    await api().post('/__mock/fail', {
      path: '/auth/refresh',
      status: 401,
      code: 'TOKEN_EXPIRED',
      message: 'expired',
    })
    const res = await api().post('/auth/refresh', { refreshToken: 'x' })
    expect(res).toMatchObject({ status: 401, body: { code: 'TOKEN_EXPIRED', message: 'expired' } })
  })

  it('only fails the given method', async () => {
    await api().post('/__mock/fail', { path: '/healthz', method: 'post' })
    expect((await api().get('/healthz')).status).toBe(200)
    expect((await api().post('/healthz')).status).toBe(500)
    expect((await api().post('/healthz')).status).toBe(405)
  })

  it("answers 200 with a body that is not JSON in mode 'garbage'", async () => {
    await api().post('/__mock/fail', { path: '/user/profile', mode: 'garbage' })
    const response = await fetch(`${api().url}/user/profile`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(() => JSON.parse(text) as unknown).toThrow()
  })

  it("answers { data: null } in mode 'no-user'", async () => {
    const { accessToken } = await api().login('demo')
    await api().post('/__mock/fail', { path: '/user/profile', mode: 'no-user' })
    expect(await api().get('/user/profile', accessToken)).toMatchObject({
      status: 200,
      body: { data: null },
    })
    expect((await api().get('/user/profile', accessToken)).status).toBe(200)
  })

  it("never answers in mode 'hang' until the client gives up", async () => {
    await api().post('/__mock/fail', { path: '/healthz', mode: 'hang' })
    const started = performance.now()
    await expect(
      fetch(`${api().url}/healthz`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow()
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect((await api().get('/healthz')).status).toBe(200)
  })

  it('refuses a rule without a path, or with an unknown mode', async () => {
    expect((await api().post('/__mock/fail', { status: 500 })).status).toBe(400)
    expect((await api().post('/__mock/fail', { path: '/healthz', mode: 'weird' })).status).toBe(400)
  })
})

describe('POST /__mock/tokens', () => {
  it('issues a fresh family for a member without a password', async () => {
    const res = await api().post<{ data: Pair }>('/__mock/tokens', { username: 'somying' })
    expect(res.status).toBe(200)
    const profile = await api().get<{ data: { id: number } }>(
      '/user/profile',
      res.body.data.accessToken,
    )
    expect(profile.body.data.id).toBe(1004)
  })

  it('takes lifetimes (negative ones give expired tokens) and noExp for this pair only', async () => {
    const res = await api().post<{ data: Pair }>('/__mock/tokens', {
      username: 'demo',
      accessTtlSeconds: -5,
      refreshTtlSeconds: 60,
    })
    const access = claimsOf(res.body.data.accessToken)
    expect(access.exp).toBe((access.iat as number) - 5)
    // The refresh token still works, and rotation uses the configured lifetimes.
    const next = await api().post<{ data: Pair }>('/auth/refresh', {
      refreshToken: res.body.data.refreshToken,
    })
    expect(next.status).toBe(200)
    expect((await api().get('/user/profile', next.body.data.accessToken)).status).toBe(200)

    const noExp = await api().post<{ data: Pair }>('/__mock/tokens', {
      username: 'demo',
      noExp: true,
    })
    expect(claimsOf(noExp.body.data.accessToken)).not.toHaveProperty('exp')
    expect(claimsOf((await api().login('demo')).accessToken)).toHaveProperty('exp')
  })

  it('answers an unknown member with 404 NOT_FOUND', async () => {
    const res = await api().post<ErrorBody>('/__mock/tokens', { username: 'ghost' })
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND'])
  })
})

describe('POST /__mock/expire', () => {
  it('makes every token issued so far to the member answer TOKEN_EXPIRED, not later ones', async () => {
    const first = await api().login('demo')
    const second = await api().login('demo')
    const somsri = await api().login('somsri')

    const res = await api().post('/__mock/expire', { username: 'demo' })
    expect(res.body).toEqual({ data: { count: 2 } })

    for (const pair of [first, second]) {
      const profile = await api().get<ErrorBody>('/user/profile', pair.accessToken)
      expect([profile.status, profile.body.code]).toEqual([401, 'TOKEN_EXPIRED'])
      const refreshed = await api().post<ErrorBody>('/auth/refresh', {
        refreshToken: pair.refreshToken,
      })
      expect([refreshed.status, refreshed.body.code]).toEqual([401, 'TOKEN_EXPIRED'])
    }
    expect((await api().get('/user/profile', somsri.accessToken)).status).toBe(200)
    const later = await api().login('demo')
    expect((await api().get('/user/profile', later.accessToken)).status).toBe(200)
  })

  it('answers an unknown member with 404', async () => {
    expect((await api().post('/__mock/expire', { username: 'ghost' })).status).toBe(404)
  })
})

describe('POST /__mock/clock', () => {
  it('runs the backend clock ahead: a live token answers TOKEN_EXPIRED, a fresh one works', async () => {
    await api().post('/__mock/config', { accessTtlSeconds: 60 })
    const pair = await api().login('demo')
    expect((await api().get('/user/profile', pair.accessToken)).status).toBe(200)

    const res = await api().post('/__mock/clock', { aheadMs: 120_000 })
    expect(res.body).toEqual({ data: { aheadMs: 120_000 } })
    const profile = await api().get<ErrorBody>('/user/profile', pair.accessToken)
    expect([profile.status, profile.body.code]).toEqual([401, 'TOKEN_EXPIRED'])
    // Tokens issued by the fast clock live their full lifetime on it.
    const refreshed = await api().post<{ data: { accessToken: string } }>('/auth/refresh', {
      refreshToken: pair.refreshToken,
    })
    expect((await api().get('/user/profile', refreshed.body.data.accessToken)).status).toBe(200)

    await api().post('/__mock/reset')
    expect((await api().get('/__mock/config')).status).toBe(200)
  })

  it('refuses a clock running behind or an unknown field', async () => {
    expect((await api().post('/__mock/clock', { aheadMs: -1 })).status).toBe(400)
    expect((await api().post('/__mock/clock', { aheadMs: 1, x: 1 })).status).toBe(400)
  })
})

describe('/__mock/calls', () => {
  it('logs every call outside /__mock/ in order, with its Authorization header', async () => {
    const started = Date.now()
    const { accessToken } = await api().login('demo')
    await api().get('/user/profile', accessToken)
    await api().get('/no/such/path')
    await api().get('/__mock/config')

    const log = await calls()
    expect(log.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /auth/login',
      'GET /user/profile',
      'GET /no/such/path',
    ])
    expect(log[0]?.authorization).toBeNull()
    expect(log[1]?.authorization).toBe(`Bearer ${accessToken}`)
    for (const call of log) {
      expect(call.at).toBeGreaterThanOrEqual(started)
      expect(call.at).toBeLessThanOrEqual(Date.now())
    }
  })

  it('logs the path without the query, and filters by ?path=', async () => {
    await api().get('/healthz?probe=1')
    const { refreshToken } = await api().login('demo')
    await api().post('/auth/refresh', { refreshToken })
    await api().post('/auth/refresh', { refreshToken })
    expect((await calls('/auth/refresh')).map((c) => c.path)).toEqual([
      '/auth/refresh',
      '/auth/refresh',
    ])
    expect((await calls('/healthz')).length).toBe(1)
  })

  it('says when each call ended: answered, or left by its caller while it waited', async () => {
    await api().get('/healthz')
    const [answered] = await calls('/healthz')
    expect(answered?.endedAt).toBeGreaterThanOrEqual(answered?.at ?? Infinity)

    await api().post('/__mock/latency', { ms: 60_000, path: '/lotto/types' })
    const leaving = new AbortController()
    const left = fetch(`${api().url}/lotto/types`, { signal: leaving.signal }).catch(() => null)
    await expect.poll(() => calls('/lotto/types')).toMatchObject([{ endedAt: null }])
    leaving.abort()
    await left
    await expect
      .poll(async () => (await calls('/lotto/types'))[0]?.endedAt ?? null)
      .toBeGreaterThanOrEqual(answered?.at ?? Infinity)
  })

  it('logs calls that fail by injection too', async () => {
    await api().post('/__mock/fail', { path: '/healthz' })
    await api().get('/healthz')
    expect((await calls('/healthz')).length).toBe(1)
  })

  it('clears the log with DELETE', async () => {
    await api().get('/healthz')
    await api().get('/healthz')
    const cleared = await api().send('/__mock/calls', { method: 'DELETE' })
    expect(cleared.body).toEqual({ data: { count: 2 } })
    expect(await calls()).toEqual([])
  })
})
