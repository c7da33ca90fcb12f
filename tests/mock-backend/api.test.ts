import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  healthResponseSchema,
  loginResponseSchema,
  profileResponseSchema,
} from '../../app/backend/schemas'
import { claimsOf, expectError, type ErrorBody, type Pair, useBackend } from './helpers'
import { DEV_JWT_SECRET } from './options'

const setup = useBackend()
const api = () => setup.client()

describe('conventions', () => {
  it('answers GET /healthz with { data: { status: "ok" } }', async () => {
    const res = await api().get('/healthz')
    expect(res.status).toBe(200)
    expect(healthResponseSchema.parse(res.body)).toEqual({ data: { status: 'ok' } })
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('answers an unknown path with 404 NOT_FOUND', async () => {
    expectError(await api().get('/no/such/path'), 404, 'NOT_FOUND')
  })

  it('answers a known path with another method with 405 and Allow', async () => {
    const res = await api().get('/auth/login')
    expectError(res, 405, 'BAD_REQUEST')
    expect(res.headers.get('allow')).toBe('POST')
  })

  it('answers a malformed JSON body with 400 BAD_REQUEST', async () => {
    const res = await api().send('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": "demo", ',
    })
    expectError(res, 400, 'BAD_REQUEST')
  })

  it('answers a body of the wrong shape with 400 BAD_REQUEST naming the field', async () => {
    const res = await api().post<ErrorBody>('/auth/login', { username: 'demo' })
    expectError(res, 400, 'BAD_REQUEST')
    expect(res.body.message).toContain('password')
  })
})

describe('POST /auth/login', () => {
  it('gives a token pair to demo / demo1234', async () => {
    const res = await api().post('/auth/login', { username: 'demo', password: 'demo1234' })
    expect(res.status).toBe(200)
    const { data } = loginResponseSchema.parse(res.body)
    expect(data.accessToken).not.toBe(data.refreshToken)
  })

  it('issues HS256 JWTs with sub, typ, fam, jti, iat and exp from the lifetimes', async () => {
    const before = Math.floor(Date.now() / 1000)
    const pair = await api().login('demo')
    const access = claimsOf(pair.accessToken)
    const refresh = claimsOf(pair.refreshToken)
    expect(
      JSON.parse(Buffer.from(pair.accessToken.split('.')[0]!, 'base64url').toString()),
    ).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    })
    expect(access).toMatchObject({ sub: '1001', typ: 'access' })
    expect(refresh).toMatchObject({ sub: '1001', typ: 'refresh', fam: access.fam })
    expect(access.jti).not.toBe(refresh.jti)
    const iat = access.iat as number
    expect(iat).toBeGreaterThanOrEqual(before)
    expect(access.exp).toBe(iat + 900)
    expect(refresh.exp).toBe((refresh.iat as number) + 604_800)
  })

  it('starts a new family on every login', async () => {
    const first = await api().login('demo')
    const second = await api().login('demo')
    expect(claimsOf(first.accessToken).fam).not.toBe(claimsOf(second.accessToken).fam)
  })

  it.each([
    ['demo', 'wrong'],
    ['nobody', 'demo1234'],
    ['DEMO', 'demo1234'],
    ['somying', ''],
  ])('refuses %s / %s with 401 INVALID_CREDENTIALS', async (username, password) => {
    expectError(await api().post('/auth/login', { username, password }), 401, 'INVALID_CREDENTIALS')
  })

  it('refuses a locked member with 403 MEMBER_LOCKED', async () => {
    const res = await api().post('/auth/login', { username: 'locked', password: 'locked1234' })
    expectError(res, 403, 'MEMBER_LOCKED')
  })

  it('does not reveal the lock to a wrong password', async () => {
    const res = await api().post('/auth/login', { username: 'locked', password: 'nope' })
    expectError(res, 401, 'INVALID_CREDENTIALS')
  })
})

describe('GET /user/profile', () => {
  it('gives the member of the access token, without password or lock flag', async () => {
    const { accessToken } = await api().login('demo')
    const res = await api().get('/user/profile', accessToken)
    expect(res.status).toBe(200)
    const { data } = profileResponseSchema.parse(res.body)
    expect(data).toEqual({
      id: 1001,
      username: 'demo',
      displayName: 'สมชาย ใจดี',
      phone: '0812345678',
      balance: 1520.5,
      scopes: ['member'],
      unreadNotifications: 0,
    })
    expect(JSON.stringify(res.body)).not.toMatch(/password|locked/)
  })

  it('serves the other seeded members with Thai names', async () => {
    const { accessToken } = await api().login('somsri')
    const res = await api().get<{ data: { displayName: string } }>('/user/profile', accessToken)
    expect(res.body.data.displayName).toBe('สมศรี มีสุข')
  })

  it('refuses a missing bearer with 401 INVALID_TOKEN and a WWW-Authenticate challenge', async () => {
    const res = await api().get('/user/profile')
    expectError(res, 401, 'INVALID_TOKEN')
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /)
  })

  it.each([
    ['not a JWT', 'Bearer abc.def'],
    ['another scheme', 'Basic ZGVtbzpkZW1vMTIzNA=='],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401 INVALID_TOKEN', async (_name, authorization) => {
    const res = await api().send('/user/profile', { headers: { Authorization: authorization } })
    expectError(res, 401, 'INVALID_TOKEN')
  })

  it('accepts the bearer scheme in any case', async () => {
    const { accessToken } = await api().login('demo')
    const res = await api().send('/user/profile', {
      headers: { Authorization: `bearer ${accessToken}` },
    })
    expect(res.status).toBe(200)
  })

  it('refuses a refresh token used as a bearer with 401 INVALID_TOKEN', async () => {
    const { refreshToken } = await api().login('demo')
    expectError(await api().get('/user/profile', refreshToken), 401, 'INVALID_TOKEN')
  })

  it('refuses a token with a forged signature with 401 INVALID_TOKEN', async () => {
    const { accessToken } = await api().login('demo')
    const [header, payload] = accessToken.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    expectError(await api().get('/user/profile', forged), 401, 'INVALID_TOKEN')
  })

  it('refuses a well-formed token of an unknown family with 401 INVALID_TOKEN', async () => {
    const key = new TextEncoder().encode(DEV_JWT_SECRET)
    const token = await new SignJWT({ typ: 'access', fam: 'made-up' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1001')
      .setJti('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key)
    expectError(await api().get('/user/profile', token), 401, 'INVALID_TOKEN')
  })

  it('refuses an expired access token with 401 TOKEN_EXPIRED', async () => {
    const pair = await api().post<{ data: Pair }>('/__mock/tokens', {
      username: 'demo',
      accessTtlSeconds: -10,
    })
    const res = await api().get('/user/profile', pair.body.data.accessToken)
    expectError(res, 401, 'TOKEN_EXPIRED')
  })

  it('refuses a token issued before a reset with 401 INVALID_TOKEN', async () => {
    const { accessToken } = await api().login('demo')
    await api().post('/__mock/reset')
    expectError(await api().get('/user/profile', accessToken), 401, 'INVALID_TOKEN')
  })
})
