import { afterEach, describe, expect, it, vi } from 'vitest'

async function freshToastModule(env: Record<string, string>) {
  vi.resetModules()
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  return import('~/server/toast.server')
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
    const [toastCookie = '', pendingCookie = ''] = response.headers.getSetCookie()
    expect(toastCookie).toMatch(/^app\.toast=[\w-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/)
    // Beside it, a cookie scripts can read that says only that a toast waits.
    expect(pendingCookie).toBe('app.toast-pending=1; Max-Age=60; Path=/; SameSite=Lax')
    const next = new Request('http://app.test/casino', {
      headers: { Cookie: `${toastCookie.split(';')[0]}; ${pendingCookie.split(';')[0]}` },
    })
    const { toast, clear } = readToast(next)
    expect(toast).toMatchObject({ type: 'success', message: 'ยินดีต้อนรับ' })
    expect(toast?.id).toMatch(/^[\w-]{12}$/)
    expect(clear).toHaveLength(2)
    expect(clear[0]).toMatch(/^app\.toast=; Max-Age=0;.*HttpOnly/)
    expect(clear[1]).toMatch(/^app\.toast-pending=; Max-Age=0;/)
  })

  it('honours COOKIE_SECURE, like every other cookie of the app', async () => {
    const { redirectWithToast } = await freshToastModule({ COOKIE_SECURE: 'true' })
    const response = redirectWithToast('/', { type: 'info', message: 'สวัสดี' })
    const cookies = response.headers.getSetCookie()
    expect(cookies).toHaveLength(2)
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure; SameSite=Lax$/)
  })

  it('keeps the headers it is given beside the toast', async () => {
    const { redirectWithToast } = await freshToastModule({ COOKIE_SECURE: 'false' })
    const response = redirectWithToast(
      '/watcher',
      { type: 'error', message: 'ไม่ได้' },
      { headers: { 'Referrer-Policy': 'no-referrer', 'Set-Cookie': 'other=1; Path=/' } },
    )
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(response.headers.getSetCookie()).toHaveLength(3)
  })
})

describe('readToast', () => {
  it('gives every toast its own id, even one with the same words (the page shows each once)', async () => {
    const { redirectWithToast, readToast } = await freshToastModule({ COOKIE_SECURE: 'false' })
    const ids = [1, 2].map(() => {
      const [cookie = ''] = redirectWithToast('/', {
        type: 'success',
        message: 'ลบรายการแล้ว',
      }).headers.getSetCookie()
      const request = new Request('http://app.test/', {
        headers: { Cookie: cookie.split(';')[0]! },
      })
      return readToast(request).toast?.id
    })
    expect(ids[0]).toBeTruthy()
    expect(ids[1]).toBeTruthy()
    expect(ids[0]).not.toBe(ids[1])
  })

  it('drops a tampered toast and still clears it', async () => {
    const { readToast } = await freshToastModule({ COOKIE_SECURE: 'false' })
    const request = new Request('http://app.test/', { headers: { Cookie: 'app.toast=%%%garbage' } })
    const { toast, clear } = readToast(request)
    expect(toast).toBeNull()
    expect(clear).toEqual([expect.stringMatching(/^app\.toast=; Max-Age=0/)])
  })

  it('clears a signal left without its toast, and sets nothing when neither came', async () => {
    const { readToast } = await freshToastModule({ COOKIE_SECURE: 'false' })
    const orphan = readToast(
      new Request('http://app.test/', { headers: { Cookie: 'app.toast-pending=1' } }),
    )
    expect(orphan.toast).toBeNull()
    expect(orphan.clear).toEqual([expect.stringMatching(/^app\.toast-pending=; Max-Age=0/)])
    expect(readToast(new Request('http://app.test/')).clear).toEqual([])
  })
})
