import { describe, expect, it } from 'vitest'
import { checkAmount } from './withdraw-rules'

const rules = { limits: { min: 300, max: 30_000 }, balance: 1520.5, dailyLeft: 1000 }

describe('checkAmount', () => {
  it('gives the first broken rule in the order the member can fix them', () => {
    expect(checkAmount('', rules)).toEqual({ problem: 'required' })
    expect(checkAmount('0', rules)).toEqual({ problem: 'wholeBaht' })
    expect(checkAmount('12.5', rules)).toEqual({ problem: 'wholeBaht' })
    expect(checkAmount(' 1,000 ', rules)).toEqual({ amount: 1000 })
    expect(checkAmount('299', rules)).toEqual({ problem: 'tooLow', limit: 300 })
    expect(checkAmount('30001', rules)).toEqual({ problem: 'tooHigh', limit: 30_000 })
    expect(checkAmount('1521', rules)).toEqual({ problem: 'balanceLow' })
    expect(checkAmount('1001', rules)).toEqual({ problem: 'dailyLimit', limit: 1000 })
    expect(checkAmount('1000', rules)).toEqual({ amount: 1000 })
  })
})
