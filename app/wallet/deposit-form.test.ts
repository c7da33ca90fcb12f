import { describe, expect, it } from 'vitest'
import { checkDeposit, DEPOSIT_MESSAGES, prefilledAmount, quickAmounts } from './deposit-form'

const limits = { min: 100, max: 50_000 }

describe('checkDeposit', () => {
  it('takes whole baht within the limits (commas allowed) and a known method', () => {
    expect(checkDeposit({ amount: ' 1,500 ', method: 'promptpay' }, limits)).toEqual({
      values: { amount: 1500, method: 'promptpay' },
    })
    expect(checkDeposit({ amount: '100', method: 'bank' }, limits)).toEqual({
      values: { amount: 100, method: 'bank' },
    })
    expect(checkDeposit({ amount: '50000', method: 'bank' }, limits)).toMatchObject({
      values: { amount: 50_000 },
    })
  })

  it('gives one Thai message per wrong field', () => {
    expect(checkDeposit({ amount: '', method: undefined }, limits)).toEqual({
      errors: { amount: DEPOSIT_MESSAGES.amountRequired, method: DEPOSIT_MESSAGES.methodRequired },
    })
    expect(checkDeposit({ amount: '99', method: 'bank' }, limits)).toEqual({
      errors: { amount: 'ฝากขั้นต่ำครั้งละ ฿100.00' },
    })
    expect(checkDeposit({ amount: '50001', method: 'bank' }, limits)).toEqual({
      errors: { amount: 'ฝากได้สูงสุดครั้งละ ฿50,000.00' },
    })
    for (const amount of ['12.5', '-5', '1e3', 'abc', '0x10']) {
      expect(checkDeposit({ amount, method: 'bank' }, limits)).toEqual({
        errors: { amount: DEPOSIT_MESSAGES.amountWhole },
      })
    }
    expect(checkDeposit({ amount: '500', method: 'cash' }, limits)).toEqual({
      errors: { method: DEPOSIT_MESSAGES.methodRequired },
    })
  })
})

describe('quick amounts', () => {
  it('offers 100, 300, 500 and 1,000 within the limits', () => {
    expect(quickAmounts(limits)).toEqual([100, 300, 500, 1000])
    expect(quickAmounts({ min: 300, max: 800 })).toEqual([300, 500])
  })

  it('fills the field from a link’s ?amount= only with whole baht', () => {
    const url = (query: string) => new URL(`http://app.test/transaction?tab=deposit${query}`)
    expect(prefilledAmount(url('&amount=300'))).toBe('300')
    for (const query of [
      '',
      '&amount=',
      '&amount=0',
      '&amount=12.5',
      '&amount=<b>',
      '&amount=1234567890',
    ]) {
      expect(prefilledAmount(url(query))).toBe('')
    }
  })
})
