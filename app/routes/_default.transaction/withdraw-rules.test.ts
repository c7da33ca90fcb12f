import { describe, expect, it } from 'vitest'
import { checkAmount, maskAccountNumber, parseAmount } from './withdraw-rules'

const rules = { limits: { min: 300, max: 30_000 }, balance: 1520.5, dailyLeft: 1000 }

describe('parseAmount', () => {
  it('reads whole baht with or without separators', () => {
    expect(parseAmount(' 1,500 ')).toBe(1500)
    expect(parseAmount('300')).toBe(300)
    expect(parseAmount('')).toBe('empty')
    expect(parseAmount(null)).toBe('empty')
    for (const bad of ['12.5', '-300', '1e3', 'abc', '9999999999']) {
      expect(parseAmount(bad)).toBeNull()
    }
  })
})

describe('checkAmount', () => {
  it('gives the first broken rule in the order the member can fix them', () => {
    expect(checkAmount('', rules)).toEqual({ problem: 'required' })
    expect(checkAmount('0', rules)).toEqual({ problem: 'wholeBaht' })
    expect(checkAmount('299', rules)).toEqual({ problem: 'tooLow', limit: 300 })
    expect(checkAmount('30001', rules)).toEqual({ problem: 'tooHigh', limit: 30_000 })
    expect(checkAmount('1521', rules)).toEqual({ problem: 'balanceLow' })
    expect(checkAmount('1001', rules)).toEqual({ problem: 'dailyLimit', limit: 1000 })
    expect(checkAmount('1000', rules)).toEqual({ amount: 1000 })
  })
})

describe('maskAccountNumber', () => {
  it('shows the last four digits only', () => {
    expect(maskAccountNumber('1234567890')).toBe('xxx-x-xx789-0')
    expect(maskAccountNumber('123456789012')).toBe('xxxx-xxxx-9012')
    expect(maskAccountNumber('1234')).toBe('1234')
  })
})
