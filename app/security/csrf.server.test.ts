import { describe, expect, it } from 'vitest'
import { isCrossSiteWrite } from '~/security/csrf.server'

function req(method: string, headers: Record<string, string>) {
  return new Request('http://app.example/login', { method, headers })
}

describe('isCrossSiteWrite', () => {
  it('GET is never refused', () => {
    expect(isCrossSiteWrite(req('GET', { Origin: 'https://evil.example' }))).toBe(false)
  })
  it('same origin POST passes', () => {
    expect(isCrossSiteWrite(req('POST', { Origin: 'http://app.example' }))).toBe(false)
  })
  it('POST without Origin (old browsers, curl) passes: SameSite cookie still protects', () => {
    expect(isCrossSiteWrite(req('POST', {}))).toBe(false)
  })
  it('without Origin, a Referer of another site is refused, one of the app passes', () => {
    const referred = (referer: string) => isCrossSiteWrite(req('POST', { Referer: referer }))
    expect(referred('https://evil.example/x')).toBe(true)
    expect(referred('http://app.example/transaction?tab=deposit')).toBe(false)
    expect(isCrossSiteWrite(req('POST', { 'Sec-Fetch-Site': 'none' }))).toBe(false)
  })
  it('another origin is refused', () => {
    expect(isCrossSiteWrite(req('POST', { Origin: 'https://evil.example' }))).toBe(true)
    expect(isCrossSiteWrite(req('POST', { Origin: 'null' }))).toBe(true)
    expect(isCrossSiteWrite(req('PUT', { Origin: 'http://app.example.evil.example' }))).toBe(true)
  })
  it('Sec-Fetch-Site cross-site is refused', () => {
    expect(isCrossSiteWrite(req('POST', { 'Sec-Fetch-Site': 'cross-site' }))).toBe(true)
    expect(isCrossSiteWrite(req('POST', { 'Sec-Fetch-Site': 'same-origin' }))).toBe(false)
  })
  it('with APP_ORIGIN, its origins are the site; a forged X-Forwarded-Host changes nothing', () => {
    const origins = ['https://member.example', 'https://www.member.example']
    const post = (headers: Record<string, string>) =>
      isCrossSiteWrite(req('POST', headers), origins)
    expect(post({ Origin: 'https://member.example' })).toBe(false)
    expect(post({ Origin: 'https://www.member.example' })).toBe(false)
    // The request's own URL is not one of them behind a proxy.
    expect(post({ Origin: 'http://app.example' })).toBe(true)
    expect(post({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' })).toBe(true)
    expect(post({ Origin: 'http://member.example' })).toBe(true)
  })
})
