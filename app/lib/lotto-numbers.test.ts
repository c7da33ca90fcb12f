import { describe, expect, it } from 'vitest'
import {
  isBetKind,
  isLottoNumber,
  isWinning,
  nineteenDoors,
  permutations,
} from '~/lib/lotto-numbers'

describe('permutations (กลับเลข)', () => {
  it('gives all six orderings of three different digits, the number first', () => {
    expect(permutations('123')).toEqual(['123', '132', '213', '231', '312', '321'])
    expect(permutations('321')[0]).toBe('321')
  })
  it('gives each ordering once when digits repeat', () => {
    expect(permutations('112')).toEqual(['112', '121', '211'])
    expect(permutations('777')).toEqual(['777'])
  })
  it('flips two digits', () => {
    expect(permutations('58')).toEqual(['58', '85'])
    expect(permutations('07')).toEqual(['07', '70'])
  })
})

describe('nineteenDoors (19 ประตู)', () => {
  it('gives the 19 two-digit numbers holding the digit', () => {
    const doors = nineteenDoors('5')
    expect(doors).toHaveLength(19)
    expect(doors).toContain('05')
    expect(doors).toContain('50')
    expect(doors).toContain('55')
    expect(doors.every((n) => n.includes('5') && n.length === 2)).toBe(true)
    expect(new Set(doors).size).toBe(19)
  })
  it('gives nothing for what is not one digit', () => {
    expect(nineteenDoors('12')).toEqual([])
    expect(nineteenDoors('x')).toEqual([])
  })
})

describe('numbers and kinds', () => {
  it('checks the digit count, keeping leading zeros', () => {
    expect(isLottoNumber('007', 3)).toBe(true)
    expect(isLottoNumber('07', 3)).toBe(false)
    expect(isLottoNumber('0a7', 3)).toBe(false)
    expect(isLottoNumber('', 0)).toBe(false)
  })
  it('knows a bet kind', () => {
    expect(isBetKind('twoTop')).toBe(true)
    expect(isBetKind('fourTop')).toBe(false)
  })
})

describe('isWinning', () => {
  const result = { threeTop: '847', twoTop: '47', twoBottom: '09' }
  it('judges each kind against the result', () => {
    expect(isWinning('threeTop', '847', result)).toBe(true)
    expect(isWinning('threeTop', '748', result)).toBe(false)
    expect(isWinning('threeTote', '748', result)).toBe(true)
    expect(isWinning('threeTote', '844', result)).toBe(false)
    expect(isWinning('twoTop', '47', result)).toBe(true)
    expect(isWinning('twoTop', '74', result)).toBe(false)
    expect(isWinning('twoBottom', '09', result)).toBe(true)
    expect(isWinning('runTop', '8', result)).toBe(true)
    expect(isWinning('runTop', '9', result)).toBe(false)
    expect(isWinning('runBottom', '9', result)).toBe(true)
  })
})
