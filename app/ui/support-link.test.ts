import { describe, expect, it } from 'vitest'
import { appConfigSchema, DEFAULT_APP_CONFIG } from '~/backend/config.schemas'
import { LOGIN_MESSAGES } from '~/session/strategies.server'
import { asksForSupport } from './support-link'

describe('asksForSupport', () => {
  it('knows every login message that sends the member to support', () => {
    expect(asksForSupport(LOGIN_MESSAGES.memberLocked)).toBe(true)
    expect(asksForSupport(LOGIN_MESSAGES.noProfile)).toBe(true)
    expect(asksForSupport(LOGIN_MESSAGES.tooLarge)).toBe(true)
    expect(asksForSupport('ยังไม่มีบัญชีธนาคารสำหรับรับเงิน กรุณาติดต่อเจ้าหน้าที่')).toBe(true)
  })

  it('leaves the others alone', () => {
    expect(asksForSupport(LOGIN_MESSAGES.invalidCredentials)).toBe(false)
    expect(asksForSupport(LOGIN_MESSAGES.lineFailed)).toBe(false)
    expect(asksForSupport(undefined)).toBe(false)
    expect(asksForSupport('')).toBe(false)
  })
})

describe('the configuration service support field', () => {
  const withLine = (line: unknown) =>
    appConfigSchema.safeParse({ ...DEFAULT_APP_CONFIG, support: { line } })

  it('takes a LINE official account on an https LINE link', () => {
    for (const url of [
      'https://line.me/R/ti/p/@club',
      'https://lin.ee/AbC123',
      'https://page.line.me/club',
    ]) {
      expect(withLine({ url, id: '@club' }).success, url).toBe(true)
    }
  })

  it('refuses any other link (it becomes an href) and a bad @id', () => {
    for (const url of [
      'javascript:alert(1)',
      'http://line.me/R/ti/p/@club',
      'https://evil.example/line.me',
      'https://line.me.evil.example/x',
    ]) {
      expect(withLine({ url, id: '@club' }).success, url).toBe(false)
    }
    expect(withLine({ url: 'https://lin.ee/x', id: 'club' }).success).toBe(false)
  })

  it('is optional: an older service without it means no link', () => {
    const { support: _omit, ...older } = DEFAULT_APP_CONFIG
    const parsed = appConfigSchema.parse(older)
    expect(parsed.support).toEqual({ line: null })
  })
})
