// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'

describe('load-checks', () => {
  it('has no checks until a form asks for them, then the schemas’ Thai messages', async () => {
    vi.resetModules()
    const { check, checkNow } = await import('~/forms/load-checks')
    const form = document.createElement('form')
    form.innerHTML = '<input name="username" value=""><input name="password" value="x">'
    expect(checkNow(form, (s) => s.loginSchema)).toBeNull()
    const errors = { username: ['กรุณากรอกชื่อผู้ใช้'] }
    expect(await check(form, (s) => s.loginSchema)).toEqual(errors)
    expect(checkNow(form, (s) => s.loginSchema)).toEqual(errors)
  })
})
