/**
 * The only module that imports canvas-confetti. The reward games page loads
 * it with import() when a prize is shown (never under prefers-reduced-motion),
 * so it is not in any page's first-load JS. canvas-confetti's own canvas is
 * fixed, full screen and lets clicks through (pointer-events: none).
 */
import confetti from 'canvas-confetti'
import {
  CONFETTI,
  CONFETTI_RUN_MS,
  HEART_PATH,
  IMAGE_TEXT,
  particleOptions,
  shapeKind,
} from '~/lib/confetti'

let shapes: confetti.Shape[] | null = null

function confettiShapes(): confetti.Shape[] {
  shapes ??= CONFETTI.shapes.map((shape) => {
    const kind = shapeKind(shape)
    if (kind === 'heart') return confetti.shapeFromPath({ path: HEART_PATH })
    if (kind === 'image') return confetti.shapeFromText({ text: IMAGE_TEXT, scalar: 2 })
    return kind
  })
  return shapes
}

/** A shower: `particlesPerFrame` particles each frame for CONFETTI_RUN_MS; resolves when it stops adding. */
export function shower(): Promise<void> {
  const all = confettiShapes()
  const until = performance.now() + CONFETTI_RUN_MS
  return new Promise((resolve) => {
    const frame = () => {
      for (let i = 0; i < CONFETTI.particlesPerFrame; i++) {
        const shape = all[Math.floor(Math.random() * all.length)] ?? 'circle'
        void confetti({ ...particleOptions(Math.random), shapes: [shape] })
      }
      if (performance.now() < until) requestAnimationFrame(frame)
      else resolve()
    }
    requestAnimationFrame(frame)
  })
}
