import { describe, expect, it } from 'vitest'
import { accountResponseSchema, lineStatusResponseSchema } from '../../app/backend/member.schemas'
import { expectError, useBackend } from './helpers'

const backend = useBackend()

/** A LINE code for `username`'s LINE identity, through the consent page's form. */
async function lineCode(url: string, username: string, redirectUri: string): Promise<string> {
  const body = new URLSearchParams({
    response_type: 'code',
    client_id: 'demo',
    redirect_uri: redirectUri,
    state: 'xyz',
    decision: 'allow',
    member: username,
  })
  const res = await fetch(`${url}/line/authorize`, { method: 'POST', body, redirect: 'manual' })
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code')
  if (!code) throw new Error('no code')
  return code
}

describe('profile', () => {
  it('gives the account with the bank Thai name, join date and LINE status', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const account = accountResponseSchema.parse(
      (await client.get('/user/account', accessToken)).body,
    )
    expect(account.data).toMatchObject({
      username: 'demo',
      phone: '0812345678',
      memberSince: '2024-03-15',
      bank: { name: 'ธนาคารกสิกรไทย', accountNumber: '1234567890' },
      line: { linked: false, name: null, required: false },
    })
    expect((await client.get('/user/account')).status).toBe(401)
  })

  it('changes the password only with the right current one', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const wrong = await client.post(
      '/user/password',
      { currentPassword: 'nope', newPassword: 'newpass123' },
      accessToken,
    )
    expectError(wrong, 400, 'WRONG_PASSWORD')
    const ok = await client.post(
      '/user/password',
      { currentPassword: 'demo1234', newPassword: 'newpass123' },
      accessToken,
    )
    expect(ok.status).toBe(200)
    await expect(client.login('demo', 'demo1234')).rejects.toThrow()
    await expect(client.login('demo', 'newpass123')).resolves.toBeTruthy()
    await client.post('/__mock/reset')
    await expect(client.login('demo', 'demo1234')).resolves.toBeTruthy()
  })

  for (const [name, end] of [
    [
      'a password change',
      (c: ReturnType<typeof backend.client>, token: string) =>
        c.post('/user/password', { currentPassword: 'demo1234', newPassword: 'newpass123' }, token),
    ],
    [
      'POST /auth/logout-others',
      (c: ReturnType<typeof backend.client>, token: string) =>
        c.post('/auth/logout-others', undefined, token),
    ],
  ] as const) {
    it(`${name} revokes every other login of the member, not the caller's nor another member's`, async () => {
      const client = backend.client()
      const here = await client.login('demo')
      const elsewhere = await client.login('demo')
      const someoneElse = await client.login('somsri')
      expect((await end(client, here.accessToken)).status).toBe(200)
      expectError(await client.get('/user/profile', elsewhere.accessToken), 401, 'TOKEN_REVOKED')
      expectError(
        await client.post('/auth/refresh', { refreshToken: elsewhere.refreshToken }),
        401,
        'TOKEN_REVOKED',
      )
      expect((await client.get('/user/profile', here.accessToken)).status).toBe(200)
      expect((await client.post('/auth/refresh', { refreshToken: here.refreshToken })).status).toBe(
        200,
      )
      expect((await client.get('/user/profile', someoneElse.accessToken)).status).toBe(200)
    })
  }

  it('links a free LINE account, refuses one linked elsewhere, and unlinks', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    const redirectUri = 'http://app.test/line/callback'
    const taken = await client.post(
      '/user/line/link',
      { code: await lineCode(client.url, 'somying', redirectUri), redirectUri },
      accessToken,
    )
    expectError(taken, 409, 'LINE_ALREADY_LINKED')
    const code = await lineCode(client.url, 'demo', redirectUri)
    const otherUri = await client.post(
      '/user/line/link',
      { code, redirectUri: 'http://evil.test/cb' },
      accessToken,
    )
    expectError(otherUri, 400, 'LINE_CODE_INVALID')
    const linked = await client.post(
      '/user/line/link',
      { code: await lineCode(client.url, 'demo', redirectUri), redirectUri },
      accessToken,
    )
    expect(lineStatusResponseSchema.parse(linked.body).data).toEqual({
      linked: true,
      name: 'สมชาย',
      required: false,
    })
    const unlinked = await client.post('/user/line/unlink', undefined, accessToken)
    expect(lineStatusResponseSchema.parse(unlinked.body).data.linked).toBe(false)
  })
})
