// Without importing canvas-confetti (~/ui/czipz/confetti.client.ts loads it only when a prize
// shows); the mapping: docs/decisions/0083-confetti-mapping.md.

/** Here, not in ~/lib/constants, so that only the confetti chunk carries them. */
export const CONFETTI = {
  particleSize: 10,
  dropRate: 10,
  particlesPerFrame: 2,
  shapes: ['circle', 'rect', 'heart', 'image'],
  colors: [
    'DodgerBlue',
    'OliveDrab',
    'Gold',
    'pink',
    'SlateBlue',
    'lightblue',
    'Violet',
    'PaleGreen',
    'SteelBlue',
    'SandyBrown',
    'Chocolate',
    'Crimson',
  ],
} as const

export const NAMED_COLOUR_HEX: Readonly<Record<(typeof CONFETTI.colors)[number], string>> = {
  DodgerBlue: '#1e90ff',
  OliveDrab: '#6b8e23',
  Gold: '#ffd700',
  pink: '#ffc0cb',
  SlateBlue: '#6a5acd',
  lightblue: '#add8e6',
  Violet: '#ee82ee',
  PaleGreen: '#98fb98',
  SteelBlue: '#4682b4',
  SandyBrown: '#f4a460',
  Chocolate: '#d2691e',
  Crimson: '#dc143c',
}

export const CONFETTI_COLOURS: readonly string[] = CONFETTI.colors.map((c) => NAMED_COLOUR_HEX[c])

/** canvas-confetti draws a particle 10 px across at scalar 1. */
export const CANVAS_CONFETTI_BASE_PX = 10

/** vue-confetti's particles fall about dropRate / 2 px per frame. */
export const FALL_PX_PER_FRAME = CONFETTI.dropRate / 2

/** canvas-confetti adds `gravity * 3` px to y each frame (its source: `gravity: opts.gravity * 3`). */
export const CONFETTI_GRAVITY = FALL_PX_PER_FRAME / 3

/** Frames a particle lives (it fades over them): long enough to cross a 1,500 px screen. */
export const CONFETTI_TICKS = Math.ceil(1500 / FALL_PX_PER_FRAME)

/** How long particles keep being added (the original stopped the shower after a moment). */
export const CONFETTI_RUN_MS = 1500

/** A heart as an SVG path (a 24 x 24 box), for canvas-confetti's shapeFromPath. */
export const HEART_PATH =
  'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z'

/** The "image" shape: a red envelope emoji drawn with shapeFromText. */
export const IMAGE_TEXT = '🧧'

export type ConfettiShapeName = (typeof CONFETTI.shapes)[number]

export function shapeKind(shape: ConfettiShapeName): 'circle' | 'square' | 'heart' | 'image' {
  return shape === 'rect' ? 'square' : shape
}

export function particleScalar(random: number): number {
  const px = CONFETTI.particleSize * (1 + random)
  return px / CANVAS_CONFETTI_BASE_PX
}

/** canvas-confetti's call gives every particle the same scalar: called once per particle so each gets its own size. */
export function particleOptions(random: () => number) {
  return {
    particleCount: 1,
    scalar: particleScalar(random()),
    colors: [CONFETTI_COLOURS[Math.floor(random() * CONFETTI_COLOURS.length)] ?? '#ffd700'],
    // From a random point just above the top edge, falling down (270 degrees).
    origin: { x: random(), y: -0.05 },
    angle: 270,
    spread: 60,
    startVelocity: FALL_PX_PER_FRAME,
    gravity: CONFETTI_GRAVITY,
    decay: 0.95,
    drift: random() - 0.5,
    ticks: CONFETTI_TICKS,
    disableForReducedMotion: true,
  }
}
