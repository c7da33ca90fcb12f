import { describe, expect, it } from 'vitest'
import { loginPath, safeReturnPath, visiblePath } from '~/session/redirects'

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
