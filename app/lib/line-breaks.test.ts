import { describe, expect, it } from 'vitest'
import { keepNumbersWhole } from '~/lib/line-breaks'

const WJ = '\u2060'

describe('keepNumbersWhole', () => {
  it('joins a dash or a slash between digits to both of them', () => {
    expect(keepNumbersWhole('คืนนี้ 02:00–04:00 น.')).toBe(`คืนนี้ 02:00${WJ}–${WJ}04:00 น.`)
    expect(keepNumbersWhole('จ่าย 1-2,000 บ.')).toBe(`จ่าย 1${WJ}-${WJ}2,000 บ.`)
    expect(keepNumbersWhole('งวด 1/12/69')).toBe(`งวด 1${WJ}/${WJ}12${WJ}/${WJ}69`)
  })

  it('leaves dashes between words, and text without one, as they are', () => {
    expect(keepNumbersWhole('ฝาก-ถอน')).toBe('ฝาก-ถอน')
    expect(keepNumbersWhole('เวลา 02:00 - 04:00')).toBe('เวลา 02:00 - 04:00')
    expect(keepNumbersWhole('')).toBe('')
  })
})
