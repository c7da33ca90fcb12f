import { describe, expect, it } from 'vitest'
import { checkWholeBaht } from '~/lib/amount'

const limits = { min: 100, max: 5_000 }

describe('checkWholeBaht', () => {
  it('takes whole baht within the limits, commas and spaces allowed', () => {
    expect(checkWholeBaht(' 1,500 ', limits)).toBe(1500)
    expect(checkWholeBaht('100', limits)).toBe(100)
    expect(checkWholeBaht('5000', limits)).toBe(5000)
  })

  it('names the first problem in the order a member can fix it', () => {
    for (const raw of ['', '   ', null, undefined]) {
      expect(checkWholeBaht(raw, limits)).toBe('required')
    }
    for (const raw of ['12.5', '-5', '1e3', 'abc']) {
      expect(checkWholeBaht(raw, limits)).toBe('wholeBaht')
    }
    expect(checkWholeBaht('99', limits)).toBe('tooLow')
    expect(checkWholeBaht('5001', limits)).toBe('tooHigh')
  })

  it('reads 0 as below the limits only when asked to', () => {
    expect(checkWholeBaht('0', limits)).toBe('wholeBaht')
    expect(checkWholeBaht('0', limits, true)).toBe('tooLow')
  })
})
