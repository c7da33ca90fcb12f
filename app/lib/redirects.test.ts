import { describe, expect, it } from 'vitest'
import {
  backPath,
  loginPath,
  loginPurpose,
  loginReasonText,
  RETURN_PATH_MAX,
  safeReturnPath,
  visiblePath,
} from '~/lib/redirects'

describe('safeReturnPath', () => {
  it.each([
    ['/lotto', '/lotto'],
    ['/order/12?tab=paid', '/order/12?tab=paid'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['%2F%2Fevil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['/%5cevil.example', '/'],
    ['%5C%5Cevil.example', '/'],
    ['/../etc/passwd', '/'],
    ['/ok\nSet-Cookie: x', '/'],
    ['/login', '/'],
    ['/login?redirectTo=/x', '/'],
    ['%E0%A4%A', '/'],
    ['', '/'],
  ])('%j -> %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected)
  })
  it.each([
    ['/ก', '/%E0%B8%81'],
    [
      '/lotto/ผล?วัน=จันทร์#บน',
      '/lotto/%E0%B8%9C%E0%B8%A5?%E0%B8%A7%E0%B8%B1%E0%B8%99=%E0%B8%88%E0%B8%B1%E0%B8%99%E0%B8%97%E0%B8%A3%E0%B9%8C#%E0%B8%9A%E0%B8%99',
    ],
    ['/%E0%B8%81', '/%E0%B8%81'],
    ['/order/12?tab=paid', '/order/12?tab=paid'],
  ])('Thai characters are percent-encoded for the Location header: %j -> %j', (input, expected) => {
    const path = safeReturnPath(input)
    expect(path).toBe(expected)
    expect(() => new Headers({ Location: path })).not.toThrow()
  })
  it('non-strings go home', () => {
    expect(safeReturnPath(null)).toBe('/')
    expect(safeReturnPath(undefined)).toBe('/')
    expect(safeReturnPath('/' + 'a'.repeat(3000))).toBe('/')
  })
})

describe('loginPath remembers path and query', () => {
  it('keeps the query', () => {
    expect(loginPath(new URL('http://x/order/5?tab=2'))).toBe(
      '/login?redirectTo=%2Forder%2F5%3Ftab%3D2',
    )
  })
  it('drops Remix data parameters and the .data suffix', () => {
    expect(visiblePath(new URL('http://x/lotto.data?_routes=a&index&x=1'))).toBe('/lotto?x=1')
  })
  it('home and the login page itself are not remembered', () => {
    expect(loginPath(new URL('http://x/'))).toBe('/login')
    expect(loginPath(new URL('http://x/login?redirectTo=/a'))).toBe('/login')
  })
})

/** What a long Thai search sends: `/transaction?q=` and 300 × ก, as the browser encodes it. */
const THAI_QUERY = `/transaction?q=${'%E0%B8%81'.repeat(300)}`

describe('a remembered path has a size bound (docs/decisions/0131)', () => {
  it('a long query sent to /login keeps the path without its query', () => {
    const location = loginPath(new URL(`http://x${THAI_QUERY}`))
    expect(location).toBe('/login?redirectTo=%2Ftransaction')
  })
  it('a path too long even without its query is not remembered', () => {
    expect(loginPath(new URL(`http://x/${'%E0%B8%81'.repeat(300)}`))).toBe('/login')
  })
  it('a query within the bound is kept', () => {
    const path = `/transaction?q=${'%E0%B8%81'.repeat(50)}`
    expect(loginPath(new URL(`http://x${path}`))).toBe(
      `/login?redirectTo=${encodeURIComponent(path)}`,
    )
  })
  it('the Location of /login stays under 2 KB whatever the page asked', () => {
    for (const path of [
      THAI_QUERY,
      `/a?q=${'%25'.repeat(2000)}`,
      `/${'b'.repeat(RETURN_PATH_MAX)}`,
    ]) {
      expect(loginPath(new URL(`http://x${path}`)).length).toBeLessThan(2048)
    }
  })
  it.each([
    [`/transaction?q=${'ก'.repeat(300)}`, '/transaction'],
    [THAI_QUERY, '/transaction'],
    [`/${'ก'.repeat(300)}`, '/'],
    [`/lotto#${'ก'.repeat(300)}`, '/lotto'],
  ])('safeReturnPath bounds what a login was posted with: %#', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected)
  })
  it('every remembered path fits the bound', () => {
    for (const n of [1, 50, 56, 57, 100, 227]) {
      expect(safeReturnPath(`/a?q=${'ก'.repeat(n)}`).length).toBeLessThanOrEqual(RETURN_PATH_MAX)
    }
  })
})

describe('loginPath with a reason', () => {
  it('adds the reason after the remembered page, or alone', () => {
    expect(loginPath(new URL('http://x.test/profile'), 'ended-elsewhere')).toBe(
      '/login?redirectTo=%2Fprofile&reason=ended-elsewhere',
    )
    expect(loginPath(new URL('http://x.test/'), 'ended-elsewhere')).toBe(
      '/login?reason=ended-elsewhere',
    )
  })

  it('reads only the reasons it knows', () => {
    expect(loginReasonText('ended-elsewhere')).toMatch(/^คุณออกจากระบบบนอุปกรณ์นี้แล้ว/)
    expect(loginReasonText('toString')).toBeNull()
    expect(loginReasonText(null)).toBeNull()
  })
})

describe('loginPurpose', () => {
  it('says what the visitor was doing by the page to return to', () => {
    expect(loginPurpose('/games/launch?game=pg-1')).toBe('เข้าสู่ระบบเพื่อเล่นเกม')
    expect(loginPurpose('/lotto/stake?lotto=thai')).toBe('เข้าสู่ระบบเพื่อแทงหวย')
    expect(loginPurpose('/profile')).toBeNull()
    expect(loginPurpose('//evil.test/games/launch')).toBeNull()
    expect(loginPurpose(null)).toBeNull()
  })
})

describe('backPath', () => {
  const origin = 'http://x.test'
  it('is the same-site page the visitor came from', () => {
    expect(backPath('http://x.test/slot?q=mahjong', origin)).toBe('/slot?q=mahjong')
    expect(backPath('http://x.test/', origin)).toBe('/')
  })

  it('is none for another site, a login page or garbage', () => {
    expect(backPath('http://evil.test/slot', origin)).toBeNull()
    expect(backPath('http://x.test/login?redirectTo=%2F', origin)).toBeNull()
    expect(backPath('not a url', origin)).toBeNull()
    expect(backPath(null, origin)).toBeNull()
  })
})
