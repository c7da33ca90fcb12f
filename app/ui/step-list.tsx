// When the step changes in the page (not on first load) focus moves to it, so keyboard and screen
// reader users start the new step from its top.
import { useEffect, useRef } from 'react'

export function StepList({
  label,
  steps,
  current,
}: {
  label: string
  steps: readonly string[]
  current: number
}) {
  const status = useRef<HTMLParagraphElement>(null)
  const shown = useRef(current)
  useEffect(() => {
    if (shown.current === current) return
    shown.current = current
    status.current?.focus()
  }, [current])

  return (
    <nav aria-label={label}>
      <p ref={status} tabIndex={-1} className="mb-2 text-center text-sm text-slate-300">
        ขั้นตอนที่ {current + 1} จาก {steps.length}: {steps[current]}
      </p>
      <ol className="flex gap-2">
        {steps.map((step, index) => (
          <li
            key={step}
            aria-current={index === current ? 'step' : undefined}
            className={`flex-1 border-t-4 pt-1 text-center text-xs ${
              index <= current
                ? 'border-gold-400 text-slate-100'
                : 'border-night-600 text-slate-400'
            }`}
          >
            {step}
          </li>
        ))}
      </ol>
    </nav>
  )
}
