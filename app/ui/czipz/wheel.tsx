// The backend has already decided the slice: the wheel only turns to it.
import { useEffect, useRef, useState } from 'react'
import type { RewardPrize } from '~/backend/czipz.schemas'

export const SPIN_MS = 4500
const TURNS = 5

export function restingRotation(index: number, slices: number): number {
  const seg = 360 / slices
  return (((-(index + 0.5) * seg) % 360) + 360) % 360
}

export function spinTo(current: number, index: number, slices: number): number {
  const rest = restingRotation(index, slices)
  const ahead = (((rest - current) % 360) + 360) % 360
  return current + TURNS * 360 + ahead
}

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

const FILLS = ['#b91c1c', '#f5c542', '#7f1d1d', '#fde68a']
const TEXT_FILLS = ['#ffffff', '#1c1917', '#ffffff', '#1c1917']

function slicePath(i: number, n: number, r: number): string {
  const a0 = ((i * 360) / n - 90) * (Math.PI / 180)
  const a1 = (((i + 1) * 360) / n - 90) * (Math.PI / 180)
  const large = 360 / n > 180 ? 1 : 0
  const p = (a: number) => `${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`
  return `M0 0 L${p(a0)} A${r} ${r} 0 ${large} 1 ${p(a1)} Z`
}

export function Wheel({
  slices,
  landed,
  onStopped,
}: {
  slices: RewardPrize[]
  /** A new id turns the wheel. */
  landed: { playId: string; index: number } | null
  onStopped: (playId: string) => void
}) {
  const n = slices.length
  // A result already there on the first render (a post without JavaScript) is shown at rest.
  const [rotation, setRotation] = useState(() => (landed ? restingRotation(landed.index, n) : 0))
  const [turning, setTurning] = useState<string | null>(null)
  const seen = useRef(landed?.playId ?? null)
  const stopped = useRef(onStopped)
  stopped.current = onStopped

  useEffect(() => {
    if (!landed || landed.playId === seen.current) return
    seen.current = landed.playId
    const still = prefersReducedMotion()
    setRotation((current) =>
      still ? restingRotation(landed.index, n) : spinTo(current, landed.index, n),
    )
    if (still) {
      stopped.current(landed.playId)
      return
    }
    setTurning(landed.playId)
    // transitionend may never come (a hidden tab): stop anyway.
    const timer = window.setTimeout(() => {
      setTurning(null)
      stopped.current(landed.playId)
    }, SPIN_MS + 300)
    return () => window.clearTimeout(timer)
  }, [landed, n])

  const finish = () => {
    if (!turning) return
    const id = turning
    setTurning(null)
    stopped.current(id)
  }

  const r = 100
  return (
    <div className="relative mx-auto aspect-square w-full max-w-72">
      <svg
        viewBox="-105 -105 210 210"
        role="img"
        aria-label={`วงล้อรางวัล ${n} ช่อง: ${slices.map((s) => s.label).join(', ')}`}
        className="size-full"
      >
        <g
          data-testid="wheel"
          data-rotation={Math.round(rotation)}
          data-turning={turning ? 'true' : 'false'}
          onTransitionEnd={finish}
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: turning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.7, 0.1, 1)` : 'none',
          }}
          className="motion-reduce:!transition-none"
        >
          <circle r={r + 4} fill="#1c1917" stroke="#f5c542" strokeWidth="3" />
          {slices.map((slice, i) => {
            const mid = ((i + 0.5) * 360) / n - 90
            return (
              <g key={slice.id}>
                <path d={slicePath(i, n, r)} fill={FILLS[i % FILLS.length]} />
                <text
                  transform={`rotate(${mid}) translate(${r - 8} 0)`}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize={slice.label.length > 8 ? 9 : 12}
                  fontWeight="700"
                  fill={TEXT_FILLS[i % TEXT_FILLS.length]}
                  aria-hidden="true"
                >
                  {slice.label}
                </text>
              </g>
            )
          })}
          <circle r="16" fill="#1c1917" stroke="#f5c542" strokeWidth="3" />
        </g>
        <path d="M-9 -106 L9 -106 L0 -86 Z" fill="#f5c542" stroke="#1c1917" strokeWidth="2" />
      </svg>
    </div>
  )
}
