// The only module that imports canvas-confetti: loaded with import() when a prize shows, never
// under prefers-reduced-motion.
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
