import { describe, expect, it } from 'vitest'
import { STAKE_SET_LIMITS } from '~/backend/lotto.schemas'
import { addLineSchema, setNameSchema } from '~/forms/schemas'
import { parseWholeBaht } from '~/lib/money'
import {
  digitsOfKinds,
  expandEntry,
  mergeLines,
  SET_LIMITS,
  SET_MESSAGES,
} from '~/forms/stake-set-forms'
import { checkForm, type Entries } from '../../tests/support/form-checks'

const errorsOf = (payload: Entries) => {
  const result = checkForm(addLineSchema, payload)
  return 'error' in result ? result.error : {}
}

describe('set form rules', () => {
  it('uses the backend’s limits', () => {
    expect(SET_LIMITS).toEqual(STAKE_SET_LIMITS)
  })

  it('names: required, at most 50 characters', () => {
    expect(checkForm(setNameSchema, { name: '' })).toHaveProperty('error.name')
    expect(checkForm(setNameSchema, { name: 'x'.repeat(51) })).toHaveProperty('error.name')
    expect(checkForm(setNameSchema, { name: 'เลขเด็ด' })).toEqual({ value: { name: 'เลขเด็ด' } })
  })

  it('a valid entry', () => {
    expect(
      checkForm(addLineSchema, {
        kinds: ['threeTop', 'threeTote'],
        number: '123',
        amount: '20',
        helper: 'reverse',
      }),
    ).toHaveProperty('value')
  })

  it('the number must have the digits of the chosen kinds', () => {
    expect(errorsOf({ kinds: 'threeTop', number: '12', amount: '5', helper: 'none' })).toEqual({
      number: ['ตัวเลขต้องมี 3 หลักตามประเภทที่เลือก'],
    })
    expect(errorsOf({ kinds: 'runTop', number: '7', amount: '5', helper: 'none' })).toEqual({})
  })

  it('kinds: at least one, all of the same digits', () => {
    expect(errorsOf({ number: '12', amount: '5' })).toHaveProperty('kinds')
    expect(
      errorsOf({ kinds: ['threeTop', 'twoTop'], number: '12', amount: '5', helper: 'none' }),
    ).toEqual({ kinds: [SET_MESSAGES.mixedKinds] })
    expect(errorsOf({ kinds: ['bogus'], number: '1', amount: '5' })).toHaveProperty('kinds')
  })

  it('19 ประตู: one digit, two-digit kinds only', () => {
    expect(errorsOf({ kinds: 'twoBottom', number: '12', amount: '5', helper: 'doors' })).toEqual({
      number: [SET_MESSAGES.doorsDigit],
    })
    expect(errorsOf({ kinds: 'threeTop', number: '1', amount: '5', helper: 'doors' })).toEqual({
      kinds: [SET_MESSAGES.doorsKinds],
    })
    expect(errorsOf({ kinds: 'twoTop', number: '1', amount: '5', helper: 'doors' })).toEqual({})
  })

  it('amounts: whole baht from 1 to 99,999, what one slip line takes', () => {
    for (const amount of ['0', '1.5', '100000', 'abc']) {
      expect(errorsOf({ kinds: 'twoTop', number: '12', amount }), amount).toHaveProperty('amount')
    }
    // What the sets' action reads a posted amount with (sets.server.ts).
    const setAmount = (raw: unknown) => parseWholeBaht(raw, { max: SET_LIMITS.maxAmount })
    expect(setAmount('99999')).toBe(99_999)
    expect(setAmount(' 25 ')).toBe(25)
    for (const bad of ['0', '1.5', '100000', '', '-3', null]) expect(setAmount(bad)).toBeNull()
    expect(SET_MESSAGES.badAmounts).toBe('จำนวนเงินต้องเป็นจำนวนเต็ม ฿1–฿99,999')
  })

  it('an unknown helper is refused', () => {
    expect(errorsOf({ kinds: 'twoTop', number: '12', amount: '5', helper: 'x' })).toHaveProperty(
      'helper',
    )
  })
})

describe('lines', () => {
  it('digitsOfKinds', () => {
    expect(digitsOfKinds(['twoTop', 'twoBottom'])).toBe(2)
    expect(digitsOfKinds(['twoTop', 'runTop'])).toBeNull()
    expect(digitsOfKinds([])).toBeNull()
  })

  it('กลับเลข gives every ordering, and 3 ตัวโต๊ด once (it wins on any ordering)', () => {
    const lines = expandEntry(['threeTote', 'threeTop'], '123', 10, 'reverse')
    expect(lines).toHaveLength(7)
    expect(lines.filter((line) => line.kind === 'threeTote')).toEqual([
      { kind: 'threeTote', number: '123', amount: 10 },
    ])
    expect(lines.slice(0, 2)).toEqual([
      { kind: 'threeTop', number: '123', amount: 10 },
      { kind: 'threeTote', number: '123', amount: 10 },
    ])
    expect(expandEntry(['twoTop'], '11', 5, 'reverse')).toHaveLength(1)
  })

  it('19 ประตู gives 19 numbers', () => {
    const lines = expandEntry(['twoBottom'], '5', 10, 'doors')
    expect(lines).toHaveLength(19)
    expect(lines.every((line) => line.number.includes('5'))).toBe(true)
  })

  it('a line already in the set takes the new amount', () => {
    const merged = mergeLines(
      [{ kind: 'twoTop', number: '12', amount: 10 }],
      [
        { kind: 'twoTop', number: '12', amount: 30 },
        { kind: 'twoTop', number: '21', amount: 30 },
      ],
    )
    expect(merged).toEqual([
      { kind: 'twoTop', number: '12', amount: 30 },
      { kind: 'twoTop', number: '21', amount: 30 },
    ])
  })
})
