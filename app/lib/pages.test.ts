import { describe, expect, it } from 'vitest'
import { accessForPath, isNumericId } from '~/lib/pages'

describe('accessForPath', () => {
  it.each([
    ['/', 'public'],
    ['/_root.data', 'public'],
    ['/promotion', 'public'],
    ['/promotion/', 'public'],
    ['/lotto/result.data', 'public'],
    ['/login', 'guest'],
    ['/casino', 'member'],
    ['/casino.data', 'member'],
    ['/order', 'member'],
    ['/order/42', 'member'],
    ['/order/payment/7', 'member'],
    ['/lotto/stake-set/3.data', 'member'],
  ])('%s is %s', (path, access) => {
    expect(accessForPath(path)).toBe(access)
  })

  it.each(['/no-such-page', '/casino/1', '/promotion/x', '/login/extra'])(
    '%s is no page',
    (path) => {
      expect(accessForPath(path)).toBeUndefined()
    },
  )
})

describe('isNumericId', () => {
  it('accepts no id and positive whole numbers', () => {
    expect(isNumericId(undefined)).toBe(true)
    expect(isNumericId('42')).toBe(true)
  })
  it.each(['0', 'abc', '1.5', '-1', '007', ''])('refuses %j', (id) => {
    expect(isNumericId(id)).toBe(false)
  })
})
