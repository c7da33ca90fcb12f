import { describe, expect, it } from 'vitest'
import { loginResponseSchema } from '../../app/backend/schemas'
import { type ErrorBody, useBackend } from './helpers'

const setup = useBackend()
const api = () => setup.client()

const REDIRECT_URI = 'http://127.0.0.1:3000/line/callback'
const QUERY = {
  response_type: 'code',
  client_id: 'test-channel',
  redirect_uri: REDIRECT_URI,
  state: 'state-123/+=',
  scope: 'profile openid',
}

function authorizeUrl(query: Record<string, string> = QUERY): string {
  return `${api().url}/line/authorize?${new URLSearchParams(query)}`
}

/** Submits the consent form as a browser would; returns the redirect target. */
async function decide(fields: Record<string, string>): Promise<URL> {
  const response = await fetch(`${api().url}/line/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...QUERY, ...fields }).toString(),
    redirect: 'manual',
  })
  expect(response.status).toBe(302)
  return new URL(response.headers.get('location') ?? '')
}

async function approvedCode(member = 'somying'): Promise<string> {
  const target = await decide({ decision: 'allow', member })
  return target.searchParams.get('code') ?? ''
}

function exchange(code: string, redirectUri = REDIRECT_URI) {
  return api().post<ErrorBody>('/auth/loginwithline', { code, redirectUri })
}

describe('GET /line/authorize (the fake LINE consent page)', () => {
  it('shows a Thai consent page with อนุญาต and ยกเลิก that carries the request', async () => {
    const response = await fetch(authorizeUrl())
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain('<html lang="th">')
    expect(html).toContain('อนุญาตให้เข้าสู่ระบบด้วย LINE')
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>อนุญาต<\/button>/)
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>ยกเลิก<\/button>/)
    expect(html).toContain('value="state-123/+="')
    expect(html).toContain(`value="${REDIRECT_URI}"`)
    expect(html).toContain('สมชาย ใจดี')
  })

  it('escapes what it echoes', async () => {
    const html = await (
      await fetch(authorizeUrl({ ...QUERY, state: '"><script>x</script>' }))
    ).text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('&quot;&gt;&lt;script&gt;')
  })

  it.each([
    ['a wrong response_type', { response_type: 'token' }],
    ['no state', { state: '' }],
    ['a redirect_uri that is not http(s)', { redirect_uri: 'javascript:alert(1)' }],
    ['no client_id', { client_id: '' }],
  ])('refuses %s with 400 BAD_REQUEST', async (_name, change) => {
    const response = await fetch(authorizeUrl({ ...QUERY, ...change }))
    expect(response.status).toBe(400)
    expect(((await response.json()) as ErrorBody).code).toBe('BAD_REQUEST')
  })
})

describe('the LINE code flow', () => {
  it('redirects back with a code and the same state, and the code logs the member in', async () => {
    const target = await decide({ decision: 'allow', member: 'somying' })
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI)
    expect(target.searchParams.get('state')).toBe(QUERY.state)
    const code = target.searchParams.get('code')
    expect(code).toMatch(/^[\w-]{20,}$/)

    const res = await exchange(code ?? '')
    expect(res.status).toBe(200)
    const { data } = loginResponseSchema.parse(res.body)
    const profile = await api().get<{ data: { username: string } }>(
      '/user/profile',
      data.accessToken,
    )
    expect(profile.body.data.username).toBe('somying')
  })

  it('lets the page choose another demo member', async () => {
    const res = await exchange(await approvedCode('demo'))
    const { data } = loginResponseSchema.parse(res.body)
    const profile = await api().get<{ data: { id: number } }>('/user/profile', data.accessToken)
    expect(profile.body.data.id).toBe(1001)
  })

  it('accepts a code only once', async () => {
    const code = await approvedCode()
    expect((await exchange(code)).status).toBe(200)
    const again = await exchange(code)
    expect([again.status, again.body.code]).toEqual([401, 'INVALID_CREDENTIALS'])
  })

  it('refuses a code with another redirectUri, and burns it', async () => {
    const code = await approvedCode()
    const wrong = await exchange(code, 'http://evil.example/line/callback')
    expect([wrong.status, wrong.body.code]).toEqual([401, 'INVALID_CREDENTIALS'])
    expect((await exchange(code)).status).toBe(401)
  })

  it('refuses an unknown code with 401 INVALID_CREDENTIALS', async () => {
    const res = await exchange('made-up-code')
    expect([res.status, res.body.code]).toEqual([401, 'INVALID_CREDENTIALS'])
  })

  it('refuses a locked member with 403 MEMBER_LOCKED', async () => {
    const res = await exchange(await approvedCode('locked'))
    expect([res.status, res.body.code]).toEqual([403, 'MEMBER_LOCKED'])
  })

  it('redirects a cancel with error=access_denied and the same state, and no code', async () => {
    const target = await decide({ decision: 'deny' })
    expect(target.searchParams.get('error')).toBe('access_denied')
    expect(target.searchParams.get('state')).toBe(QUERY.state)
    expect(target.searchParams.has('code')).toBe(false)
  })

  it('forgets codes on reset', async () => {
    const code = await approvedCode()
    await api().post('/__mock/reset')
    expect((await exchange(code)).status).toBe(401)
  })
})
