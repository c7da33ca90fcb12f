import { describe, expect, it } from 'vitest'
import { maskAccount, maskName, maskPhone } from '~/lib/mask'

describe('masks', () => {
  it('masks a Thai mobile number as 081-xxx-5678', () => {
    expect(maskPhone('0812345678')).toBe('081-xxx-5678')
    expect(maskPhone('12345')).toBe('x2345')
    expect(maskPhone('12')).toBe('xxxx')
  })
  it('masks bank accounts to their last 4 digits', () => {
    // The one text /profile and the withdraw tab show (they used to differ).
    expect(maskAccount('1234567890')).toBe('xxx-x-xx789-0')
    expect(maskAccount('123-4-56789-0')).toBe('xxx-x-xx789-0')
    expect(maskAccount('123456789012')).toBe('xxxx-xxxx-9012')
    expect(maskAccount('1234')).toBe('1234')
    expect(maskAccount('1234567890')).not.toContain('123456')
  })
  it('keeps a first name and one letter of the rest', () => {
    expect(maskName('สมชาย ใจดี')).toBe('สมชาย ใ***')
    expect(maskName('  mike  ')).toBe('mi***')
    expect(maskName('นาย สมปอง ดีใจ')).toBe('นาย ส***')
  })
})
