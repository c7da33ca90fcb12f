import { describe, expect, it } from 'vitest'
import {
  CONFETTI,
  CONFETTI_COLOURS,
  CONFETTI_GRAVITY,
  NAMED_COLOUR_HEX,
  particleOptions,
  particleScalar,
  shapeKind,
} from '~/lib/confetti'

describe('confetti constants for canvas-confetti', () => {
  it('has the 12 named colours as their CSS hex values, in order', () => {
    expect(CONFETTI_COLOURS).toEqual([
      '#1e90ff',
      '#6b8e23',
      '#ffd700',
      '#ffc0cb',
      '#6a5acd',
      '#add8e6',
      '#ee82ee',
      '#98fb98',
      '#4682b4',
      '#f4a460',
      '#d2691e',
      '#dc143c',
    ])
    expect(Object.keys(NAMED_COLOUR_HEX)).toEqual([...CONFETTI.colors])
  })

  it('sizes each particle between size and 2 x size (scalar 1 = 10 px)', () => {
    expect(particleScalar(0)).toBe(1)
    expect(particleScalar(0.5)).toBe(1.5)
    expect(particleScalar(0.999)).toBeLessThan(2)
  })

  it('falls about dropRate / 2 px per frame (canvas-confetti moves gravity x 3 px)', () => {
    expect(CONFETTI_GRAVITY * 3).toBeCloseTo(CONFETTI.dropRate / 2)
  })

  it('maps the four shapes; rect is canvas-confetti square', () => {
    expect(CONFETTI.shapes.map(shapeKind)).toEqual(['circle', 'square', 'heart', 'image'])
  })

  it('gives one particle per call, a colour of the 12, falling from the top, off for reduced motion', () => {
    const values = [0.25, 0.5, 0.75, 0.1]
    let i = 0
    const options = particleOptions(() => values[i++ % values.length] ?? 0)
    expect(options).toMatchObject({
      particleCount: 1,
      scalar: 1.25,
      colors: ['#ee82ee'],
      origin: { x: 0.75, y: -0.05 },
      angle: 270,
      disableForReducedMotion: true,
    })
    expect(options.drift).toBeCloseTo(-0.4)
  })
})
