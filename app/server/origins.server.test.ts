import { describe, expect, it } from 'vitest'
import { isCrossSite } from '~/lib/cross-site'
import { appOrigins, canonicalOrigin } from '~/server/origins.server'

describe('appOrigins / canonicalOrigin', () => {
  const configured = { APP_ORIGINS: ['https://member.example', 'http://localhost:3000'] }
  it('APP_ORIGIN wins over the request URL; the first is canonical', () => {
    expect(appOrigins('http://10.0.0.5:3000/login', configured)).toEqual(configured.APP_ORIGINS)
    expect(canonicalOrigin('http://10.0.0.5:3000/login', configured)).toBe('https://member.example')
  })
  it('without APP_ORIGIN (development), the request URL origin', () => {
    expect(appOrigins('http://localhost:5173/x?y=1', { APP_ORIGINS: [] })).toEqual([
      'http://localhost:5173',
    ])
    expect(canonicalOrigin('http://localhost:5173/x', { APP_ORIGINS: [] })).toBe(
      'http://localhost:5173',
    )
  })
})

describe('isCrossSite', () => {
  const allowed = ['https://member.example']
  const write = (origin: string | null, secFetchSite: string | null = null, method = 'POST') =>
    isCrossSite({ method, origin, secFetchSite }, allowed)
  it('reads are never cross-site writes', () => {
    expect(write('https://evil.example', 'cross-site', 'GET')).toBe(false)
    expect(write('https://evil.example', 'cross-site', 'head')).toBe(false)
  })
  it('an allowed origin or no origin passes', () => {
    expect(write('https://member.example')).toBe(false)
    expect(write(null)).toBe(false)
    expect(write(null, 'same-origin')).toBe(false)
  })
  it('another origin, null, garbage or a cross-site mark is refused', () => {
    expect(write('https://evil.example')).toBe(true)
    expect(write('https://member.example:8443')).toBe(true)
    expect(write('null')).toBe(true)
    expect(write('not an origin')).toBe(true)
    expect(write(null, 'cross-site', 'DELETE')).toBe(true)
  })
  describe('without Origin, the Referer decides (decision 0135)', () => {
    const post = (referer: string | null, secFetchSite: string | null = null, origin = null) =>
      isCrossSite({ method: 'POST', origin, secFetchSite, referer }, allowed)
    it('a page of another site, or a Referer that is no URL, is refused', () => {
      expect(post('https://evil.example/x')).toBe(true)
      expect(post('https://member.example.evil.example/')).toBe(true)
      expect(post('http://member.example/transaction')).toBe(true)
      expect(post('android-app://com.example/')).toBe(true)
      expect(post('/transaction')).toBe(true)
      expect(post('https://evil.example/x', 'same-origin')).toBe(true)
    })
    it("one of the app's own pages passes, a post with neither passes", () => {
      expect(post('https://member.example/transaction?tab=deposit')).toBe(false)
      expect(post(null)).toBe(false)
      expect(post('')).toBe(false)
      expect(post(null, 'same-origin')).toBe(false)
      expect(post(null, 'none')).toBe(false)
      expect(post('https://member.example/', 'same-origin')).toBe(false)
    })
    it('with an Origin the Referer is not read', () => {
      const withOrigin = (origin: string, referer: string) =>
        isCrossSite({ method: 'POST', origin, secFetchSite: null, referer }, allowed)
      expect(withOrigin('https://member.example', 'https://evil.example/x')).toBe(false)
      expect(withOrigin('https://evil.example', 'https://member.example/')).toBe(true)
    })
  })
})
