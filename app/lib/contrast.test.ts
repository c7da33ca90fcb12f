import { describe, expect, it } from 'vitest'
import { contrastRatio, hue, hueDistance, parseColor } from './contrast'

describe('contrast', () => {
  it('reads hex and computed rgb()/rgba() colours', () => {
    expect(parseColor('#ffd15c')).toEqual([255, 209, 92])
    expect(parseColor('rgba(7, 11, 22, 0.95)')).toEqual([7, 11, 22])
    expect(parseColor('rgb(255 107 107)')).toEqual([255, 107, 107])
    expect(() => parseColor('gold')).toThrow()
  })

  it('gives WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#777777')).toBe(1)
    // WCAG's own example: #767676 on white is just over 4.5.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
  })

  it('measures hue distance around the wheel', () => {
    expect(hue('#ff0000')).toBe(0)
    expect(hue('#00ff00')).toBe(120)
    expect(hueDistance('#ff0000', '#ff00ff')).toBe(60)
    expect(hueDistance('#ffd15c', '#ffd15c')).toBe(0)
  })
})
