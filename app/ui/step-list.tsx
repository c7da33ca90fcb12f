/** Where the member is in a multi-step form: "ขั้นตอนที่ 2 จาก 3" and the steps' names. */
export function StepList({
  label,
  steps,
  current,
}: {
  label: string
  steps: readonly string[]
  /** Index of the current step. */
  current: number
}) {
  return (
    <nav aria-label={label}>
      <p className="mb-2 text-center text-sm text-slate-300">
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
