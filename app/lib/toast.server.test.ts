import { afterEach, describe, expect, it, vi } from 'vitest'

async function freshToastModule(env: Record<string, string>) {
  vi.resetModules()
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  return import('~/lib/toast.server')
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('redirectWithToast', () => {
  it('carries the toast in an HttpOnly, SameSite=Lax cookie that the next page reads once', async () => {
    const { redirectWithToast, readToast } = await freshToastModule({ COOKIE_SECURE: 'false' })
    const response = redirectWithToast('/casino', { type: 'success', message: 'ยินดีต้อนรับ' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/casino')
    const setCookie = response.headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(/^app\.toast=[\w-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/)
    const next = new Request('http://app.test/casino', {
      headers: { Cookie: setCookie.split(';')[0] ?? '' },
    })
    const { toast, clear } = readToast(next)
    expect(toast).toMatchObject({ type: 'success', message: 'ยินดีต้อนรับ' })
    expect(clear).toMatch(/^app\.toast=; Max-Age=0;/)
  })

  it('honours COOKIE_SECURE, like every other cookie of the app', async () => {
    const { redirectWithToast } = await freshToastModule({ COOKIE_SECURE: 'true' })
    const response = redirectWithToast('/', { type: 'info', message: 'สวัสดี' })
    expect(response.headers.get('Set-Cookie')).toMatch(/; Secure; SameSite=Lax$/)
  })

  it('keeps the headers it is given beside the toast', async () => {
    const { redirectWithToast } = await freshToastModule({ COOKIE_SECURE: 'false' })
    const response = redirectWithToast(
      '/watcher',
      { type: 'error', message: 'ไม่ได้' },
      { headers: { 'Referrer-Policy': 'no-referrer', 'Set-Cookie': 'other=1; Path=/' } },
    )
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(response.headers.getSetCookie()).toHaveLength(2)
  })
})

describe('readToast', () => {
  it('drops a tampered toast and still clears it', async () => {
    const { readToast } = await freshToastModule({ COOKIE_SECURE: 'false' })
    const request = new Request('http://app.test/', { headers: { Cookie: 'app.toast=%%%garbage' } })
    const { toast, clear } = readToast(request)
    expect(toast).toBeNull()
    expect(clear).toMatch(/Max-Age=0/)
  })
})
