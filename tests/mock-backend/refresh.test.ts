import { describe, expect, it } from 'vitest'
import { refreshResponseSchema } from '../../app/backend/schemas'
import { claimsOf, type ErrorBody, type Pair, useBackend } from './helpers'

const GRACE_MS = 150
/**
 * The backend's real time in these tests: it stands still unless a test moves
 * it, so the grace window is judged by the rule, not by how busy the machine is.
 */
const clock = { ms: Date.now() }
const setup = useBackend({ reuseGraceMs: GRACE_MS, clock: () => clock.ms })
const api = () => setup.client()

async function refresh(refreshToken: string) {
  return api().post<{ data: Pair } & ErrorBody>('/auth/refresh', { refreshToken })
}

async function rotated(refreshToken: string): Promise<Pair> {
  const res = await refresh(refreshToken)
  expect(res.status).toBe(200)
  return refreshResponseSchema.parse(res.body).data as Pair
}

describe('POST /auth/refresh', () => {
  it('rotates: a new access and a new refresh token of the same family', async () => {
    const first = await api().login('demo')
    const second = await rotated(first.refreshToken)
    expect(second.accessToken).not.toBe(first.accessToken)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(claimsOf(second.refreshToken)).toMatchObject({
      typ: 'refresh',
      sub: '1001',
      fam: claimsOf(first.refreshToken).fam,
    })
    expect((await api().get('/user/profile', second.accessToken)).status).toBe(200)
    // The family's older access token stays valid until it expires.
    expect((await api().get('/user/profile', first.accessToken)).status).toBe(200)
  })

  it('needs no Authorization header, and ignores an invalid one', async () => {
    const { refreshToken } = await api().login('demo')
    const res = await api().post('/auth/refresh', { refreshToken }, 'garbage-access-token')
    expect(res.status).toBe(200)
  })

  it('rotates again with the newest refresh token', async () => {
    let pair = await api().login('demo')
    for (let i = 0; i < 3; i += 1) pair = await rotated(pair.refreshToken)
    expect((await api().get('/user/profile', pair.accessToken)).status).toBe(200)
  })

  it('answers an old refresh token within the grace window with the same pair', async () => {
    const first = await api().login('demo')
    const second = await rotated(first.refreshToken)
    clock.ms += GRACE_MS - 1
    const again = await rotated(first.refreshToken)
    expect(again).toEqual(second)
    // Still one family, still usable: the newest refresh token rotates normally.
    const third = await rotated(second.refreshToken)
    expect((await api().get('/user/profile', third.accessToken)).status).toBe(200)
  })

  it('answers concurrent refreshes with one token the same pair', async () => {
    const { refreshToken } = await api().login('demo')
    const answers = await Promise.all(Array.from({ length: 10 }, () => rotated(refreshToken)))
    for (const answer of answers) expect(answer).toEqual(answers[0])
  })

  it('revokes the whole family when an old refresh token comes back after the grace window', async () => {
    const first = await api().login('demo')
    const second = await rotated(first.refreshToken)
    const other = await api().login('demo')
    clock.ms += GRACE_MS

    const reuse = await refresh(first.refreshToken)
    expect(reuse.status).toBe(401)
    expect(reuse.body.code).toBe('TOKEN_REVOKED')

    for (const token of [first.accessToken, second.accessToken]) {
      const res = await api().get<ErrorBody>('/user/profile', token)
      expect([res.status, res.body.code]).toEqual([401, 'TOKEN_REVOKED'])
    }
    const current = await refresh(second.refreshToken)
    expect([current.status, current.body.code]).toEqual([401, 'TOKEN_REVOKED'])
    const inGrace = await refresh(first.refreshToken)
    expect(inGrace.body.code).toBe('TOKEN_REVOKED')

    // Another login of the same member is another family: untouched.
    expect((await api().get('/user/profile', other.accessToken)).status).toBe(200)
    expect((await refresh(other.refreshToken)).status).toBe(200)
  })

  it('revokes at once with a grace window of 0', async () => {
    await api().post('/__mock/config', { reuseGraceMs: 0 })
    const first = await api().login('demo')
    await rotated(first.refreshToken)
    expect((await refresh(first.refreshToken)).body.code).toBe('TOKEN_REVOKED')
  })

  it('refuses an expired refresh token with 401 TOKEN_EXPIRED', async () => {
    const res = await api().post<{ data: Pair }>('/__mock/tokens', {
      username: 'demo',
      refreshTtlSeconds: -1,
    })
    const answer = await refresh(res.body.data.refreshToken)
    expect([answer.status, answer.body.code]).toEqual([401, 'TOKEN_EXPIRED'])
  })

  it.each([
    ['garbage', 'not-a-token'],
    ['an empty string', ''],
  ])('refuses %s with 401 INVALID_TOKEN', async (_name, refreshToken) => {
    const answer = await refresh(refreshToken)
    expect([answer.status, answer.body.code]).toEqual([401, 'INVALID_TOKEN'])
  })

  it('refuses an access token with 401 INVALID_TOKEN', async () => {
    const { accessToken } = await api().login('demo')
    const answer = await refresh(accessToken)
    expect([answer.status, answer.body.code]).toEqual([401, 'INVALID_TOKEN'])
  })

  it('refuses a missing refreshToken field with 400 BAD_REQUEST', async () => {
    const answer = await api().post<ErrorBody>('/auth/refresh', {})
    expect([answer.status, answer.body.code]).toEqual([400, 'BAD_REQUEST'])
  })

  it('issues rotated tokens with the lifetimes configured now', async () => {
    const first = await api().login('demo')
    await api().post('/__mock/config', { accessTtlSeconds: 60, refreshTtlSeconds: 120 })
    const second = await rotated(first.refreshToken)
    const access = claimsOf(second.accessToken)
    const refreshClaims = claimsOf(second.refreshToken)
    expect((access.exp as number) - (access.iat as number)).toBe(60)
    expect((refreshClaims.exp as number) - (refreshClaims.iat as number)).toBe(120)
  })
})

describe('the noExp option', () => {
  it('issues tokens without exp that work for profile and refresh', async () => {
    await api().post('/__mock/config', { noExp: true })
    const pair = await api().login('demo')
    expect(claimsOf(pair.accessToken)).not.toHaveProperty('exp')
    expect(claimsOf(pair.refreshToken)).not.toHaveProperty('exp')
    expect(claimsOf(pair.accessToken)).toHaveProperty('iat')
    expect((await api().get('/user/profile', pair.accessToken)).status).toBe(200)
    const next = await rotated(pair.refreshToken)
    expect(claimsOf(next.accessToken)).not.toHaveProperty('exp')
  })
})

describe('POST /auth/logout', () => {
  async function logout(refreshToken: string) {
    return api().post<ErrorBody>('/auth/logout', { refreshToken })
  }

  it("ends the refresh token's family: its access and refresh tokens answer 401 TOKEN_REVOKED", async () => {
    const first = await api().login('demo')
    const second = await rotated(first.refreshToken)
    const other = await api().login('demo')
    // A copy of the session: the same tokens, in another browser.
    expect((await api().get('/user/profile', second.accessToken)).status).toBe(200)

    const answer = await logout(second.refreshToken)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ data: { ok: true } })

    for (const token of [first.accessToken, second.accessToken]) {
      const res = await api().get<ErrorBody>('/user/profile', token)
      expect([res.status, res.body.code]).toEqual([401, 'TOKEN_REVOKED'])
    }
    const renewal = await refresh(second.refreshToken)
    expect([renewal.status, renewal.body.code]).toEqual([401, 'TOKEN_REVOKED'])
    // Another login of the member is another family: untouched.
    expect((await api().get('/user/profile', other.accessToken)).status).toBe(200)
  })

  it('needs no Authorization header, takes a rotated refresh token of the family, and can be repeated', async () => {
    const first = await api().login('demo')
    const second = await rotated(first.refreshToken)
    expect((await logout(first.refreshToken)).status).toBe(200)
    expect((await api().get('/user/profile', second.accessToken)).status).toBe(401)
    expect((await logout(second.refreshToken)).status).toBe(200)
  })

  it('refuses what is no refresh token of this backend with 401', async () => {
    const { accessToken } = await api().login('demo')
    for (const token of ['not-a-token', accessToken]) {
      const answer = await logout(token)
      expect([answer.status, answer.body.code]).toEqual([401, 'INVALID_TOKEN'])
    }
    expect((await api().get('/user/profile', accessToken)).status).toBe(200)
    expect((await api().post<ErrorBody>('/auth/logout', {})).status).toBe(400)
  })
})
