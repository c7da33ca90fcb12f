import { describe, expect, it } from 'vitest'
import { restingRotation, spinTo } from '~/ui/czipz/wheel'

describe('wheel rotation', () => {
  it('puts the centre of the chosen slice under the top pointer', () => {
    // 8 slices of 45 degrees: slice 0's centre is 22.5 degrees clockwise from the top.
    expect(restingRotation(0, 8)).toBe(337.5)
    expect(restingRotation(2, 8)).toBe(247.5)
    expect(restingRotation(7, 8)).toBe(22.5)
  })

  it('turns forward five full turns and lands on the slice, from wherever it rests', () => {
    for (const current of [0, 337.5, 2047.5, 5000]) {
      for (let index = 0; index < 8; index++) {
        const next = spinTo(current, index, 8)
        expect(next - current).toBeGreaterThanOrEqual(5 * 360)
        expect(next - current).toBeLessThan(6 * 360)
        expect((((next % 360) + 360) % 360).toFixed(6)).toBe(restingRotation(index, 8).toFixed(6))
      }
    }
  })
})
